import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - UIView

/// `UIView`, spelled as UIKit spells it, over one of Flipbook's views (`engineView`): `init(frame:)`, the
/// geometry, `alpha` and `backgroundColor` with UIKit's types, subviews, `layoutSubviews`, a `layer` of the class
/// `layerClass` names, and the static `animate` forms. Its layer animates only inside an animation block, as a
/// view's layer does. It is an `NSObject`, as in UIKit, that hears string-keyed observations
/// (`KeyValueObserver`), and compares by identity.
open class UIView: KeyValueObserver {
  /// The view's layer, of the class `layerClass` names.
  public let layer: CALayer
  /// The engine's view this one speaks for.
  public let engineView: View
  private var subviewObjects: [UIView] = []
  /// The superview; weak, as the superview keeps this one.
  public private(set) weak var superview: UIView?

  /// The class of the view's layer (`CALayer` unless overridden, as in UIKit): a `CALayer` class, or the program
  /// stops, naming it.
  open class var layerClass: AnyClass { CALayer.self }

  /// A view filling `frame` in its superview. Its designated initializers are UIKit's two, so a subclass that
  /// overrides both inherits `init()`, as on iOS.
  public init(frame: CGRect) {
    if let adopted = EngineViewHandOff.take() {
      engineView = adopted
      layer = CALayer(engineLayer: adopted.layer)
    } else {
      guard let layerType = Self.layerClass as? CALayer.Type else {
        preconditionFailure("\(Self.self).layerClass: \(Self.layerClass) is not a CALayer class")
      }
      layer = layerType.init()
      engineView = UIKitEngineView(frame: frame, layer: layer.engineLayer)
    }
    super.init()
    (engineView as? UIKitEngineView)?.owner = self
  }

  /// A view with a zero frame (`UIView()`), to be laid out later.
  public override convenience init() { self.init(frame: .zero) }

  /// Views are not decoded from archives here (no storyboards or nibs): always nil. It exists so that a
  /// subclass's `required init?(coder:)` compiles as written for iOS.
  public required init?(coder: NSCoder) { nil }

  /// A view speaking for an engine view (a built-in component's): the class's `init(frame:)` runs with it.
  public convenience init(engineView view: View) {
    EngineViewHandOff.offer(view)
    self.init(frame: view.frame)
  }

  private func changing(_ change: () -> Void) { layer.changing(change) }

  // MARK: Geometry and look

  /// The frame in the superview's coordinates.
  open var frame: CGRect {
    get { engineView.frame }
    set {
      let old = engineView.bounds.size
      changing { engineView.frame = newValue }
      resizeSubviews(from: old)
    }
  }
  /// The bounds.
  open var bounds: CGRect {
    get { engineView.bounds }
    set {
      let old = engineView.bounds.size
      changing { engineView.bounds = newValue }
      resizeSubviews(from: old)
    }
  }
  /// How the view follows its superview's size changes (`autoresizingMask`, none by default).
  open var autoresizingMask: AutoresizingMask = []
  /// The centre in the superview's coordinates.
  open var center: CGPoint {
    get { engineView.center }
    set { changing { engineView.center = newValue } }
  }
  /// The view's 2D transform, as the layer's.
  open var transform: CGAffineTransform {
    get { layer.transform.affine }
    set { changing { layer.engineLayer.transform = Transform3D(newValue) } }
  }
  /// The opacity.
  open var alpha: CGFloat {
    get { CGFloat(engineView.alpha) }
    set { changing { engineView.alpha = Double(newValue) } }
  }
  /// The background colour.
  open var backgroundColor: UIColor? {
    get { engineView.backgroundColor.map(UIColor.init(cgColor:)) }
    set { changing { engineView.backgroundColor = newValue?.cgColor } }
  }
  /// The tint subviews inherit (UIKit's default blue, RGB 0, 122, 255, unless set here or above); setting it
  /// calls `tintColorDidChange()` on this view and the subviews that inherit it.
  open var tintColor: UIColor! {
    get { ownTint ?? superview?.tintColor ?? UIView.defaultTint }
    set {
      ownTint = newValue
      tintDidChange()
    }
  }
  private var ownTint: UIColor?
  static let defaultTint = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
  /// Whether the view is left out of drawing.
  open var isHidden: Bool {
    get { engineView.isHidden }
    set { changing { engineView.isHidden = newValue } }
  }
  /// Whether subviews are cut to the bounds.
  open var clipsToBounds: Bool {
    get { engineView.clipsToBounds }
    set { engineView.clipsToBounds = newValue }
  }

  /// How the layer's contents sit in the bounds (`contentMode`; stretched by default).
  open var contentMode: ContentMode = .scaleToFill {
    didSet { changing { layer.engineLayer.contentsGravity = contentMode.gravity } }
  }

  // MARK: Touch settings

  /// Whether touches reach the view (true by default). A gesture script's finger drives the scroll view's pan
  /// only, so this is kept for the view's own logic and changes no frame.
  open var isUserInteractionEnabled = true
  /// Whether the view takes more than one touch; kept, as a script has one finger.
  open var isMultipleTouchEnabled = false
  /// Whether Auto Layout turns the autoresizing mask into constraints; kept, as no constraints are solved here
  /// (the autoresizing mask is what lays views out).
  open var translatesAutoresizingMaskIntoConstraints = true

  // MARK: Sizing

  /// The size the view would like within `size` (`sizeThatFits(_:)`): its own, unless a subclass knows better (a
  /// label its text's, an image view its image's).
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to what `sizeThatFits(_:)` says for its current size, keeping its origin (`sizeToFit()`).
  open func sizeToFit() { frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size)) }

  // MARK: Hierarchy and layout

  /// The subviews added through this API, back to front.
  open var subviews: [UIView] { subviewObjects }

  /// Adds `view` in front of the other subviews.
  open func addSubview(_ view: UIView) { insertSubview(view, at: subviewObjects.count) }

  /// Inserts `view` at `index` among the subviews.
  open func insertSubview(_ view: UIView, at index: Int) {
    view.willMove(toSuperview: self)
    view.removeFromSuperview()
    let i = min(max(index, 0), subviewObjects.count)
    let engineIndex =
      i < subviewObjects.count
      ? engineView.subviews.firstIndex { $0 === subviewObjects[i].engineView } ?? engineView.subviews.count
      : (subviewObjects.isEmpty ? min(Int(index), engineView.subviews.count) : engineView.subviews.count)
    subviewObjects.insert(view, at: i)
    let tint = view.tintColor
    view.superview = self
    engineView.insertSubview(view.engineView, at: engineIndex)
    if view.ownTint == nil, view.tintColor != tint { view.tintDidChange() }
    view.startWaitingDisplayLinks()
    view.didMoveToSuperview()
    view.setNeedsLayout()
    view.layoutIfNeeded()
  }

  /// Inserts `view` just above `sibling`.
  open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    let index = subviewObjects.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviewObjects.count
    insertSubview(view, at: index)
  }

  /// Inserts `view` just below `sibling`.
  open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    insertSubview(view, at: subviewObjects.firstIndex { $0 === sibling } ?? 0)
  }

  /// Moves `view` behind its siblings.
  open func sendSubviewToBack(_ view: UIView) {
    guard view.superview === self else { return }
    insertSubview(view, at: 0)
  }

  /// Moves `view` in front of its siblings.
  open func bringSubviewToFront(_ view: UIView) {
    guard view.superview === self else { return }
    insertSubview(view, at: subviewObjects.count)
  }

  /// Takes the view out of its superview.
  open func removeFromSuperview() {
    guard superview != nil else { return engineView.removeFromSuperview() }
    willMove(toSuperview: nil)
    superview?.subviewObjects.removeAll { $0 === self }
    superview = nil
    engineView.removeFromSuperview()
    didMoveToSuperview()
  }

  /// Starts the display links added to this view's and its subviews' layers before they were on screen.
  private func startWaitingDisplayLinks() {
    layer.startWaitingDisplayLinks()
    for view in subviewObjects { view.startWaitingDisplayLinks() }
  }

  /// Tells the view, and the subviews inheriting its tint, that the tint changed.
  private func tintDidChange() {
    tintColorDidChange()
    for view in subviewObjects where view.ownTint == nil { view.tintDidChange() }
  }

  /// The view's tint changed, its own or the one it inherits; override it, as in UIKit.
  open func tintColorDidChange() {}

  /// The view is about to move to `newSuperview` (nil: out of its superview); override it, as in UIKit.
  open func willMove(toSuperview newSuperview: UIView?) {}

  /// The view has moved to a new superview, or out of one; override it, as in UIKit.
  open func didMoveToSuperview() {}

  /// Lays out the subviews; override it, as in UIKit. It runs where a layout is pending: in the layout pass a
  /// script makes before each moment it draws, or at `layoutIfNeeded()`. A change of the view's size asks for one.
  open func layoutSubviews() {}

  private var needsLayout = true

  /// Asks for `layoutSubviews()` in the next layout pass.
  open func setNeedsLayout() {
    needsLayout = true
    engineView.setNeedsLayout()
  }

  /// Runs the pending layouts of this view and of the views inside it now, outer ones first.
  open func layoutIfNeeded() {
    guard !(engineView is UIKitEngineView) else { return engineView.layoutIfNeeded() }
    runPendingLayout()
    for view in subviewObjects { view.layoutIfNeeded() }
  }

  /// Runs `layoutSubviews()` if a layout is pending (the engine's layout pass calls it for views made here).
  func runPendingLayout() {
    guard needsLayout || engineView is UIKitEngineView else { return }
    needsLayout = false
    layoutSubviews()
  }

  /// `point` in this view's coordinates, in `view`'s, or with nil in the root's (`convert(_:to:)`).
  open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    layer.engineLayer.convert(point, to: (view ?? root).layer.engineLayer)
  }

  /// `point` in `view`'s coordinates (the root's with nil), in this view's (`convert(_:from:)`).
  open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    layer.engineLayer.convert(point, from: (view ?? root).layer.engineLayer)
  }

  /// `rect` in this view's coordinates, in `view`'s or the root's: the box round its converted corners.
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    layer.engineLayer.convert(rect, to: (view ?? root).layer.engineLayer)
  }

  /// `rect` in `view`'s coordinates (the root's with nil), in this view's.
  open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    (view ?? root).layer.engineLayer.convert(rect, to: layer.engineLayer)
  }

  /// The topmost superview, standing for the window.
  private var root: UIView { superview?.root ?? self }

  /// The insets the screen's rounded corners and sensors take: none on the screens drawn here (an iPhone 5 or
  /// 8's), whose bars are in the scroll view's `contentInset` instead.
  open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets() }

  /// Resizes the subviews whose `autoresizingMask` says so after this view's size changed from `old`: each
  /// flexible part (margin or size) takes a share of the change in proportion to its size, as UIKit does.
  private func resizeSubviews(from old: CGSize) {
    let new = bounds.size
    guard new != old else { return }
    for view in subviewObjects where !view.autoresizingMask.isEmpty {
      let mask = view.autoresizingMask
      var frame = view.frame
      let (x, w) = Self.share(
        frame.minX, frame.width, old.width - frame.maxX, delta: new.width - old.width,
        flexible: (
          mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)
        ))
      let (y, h) = Self.share(
        frame.minY, frame.height, old.height - frame.maxY, delta: new.height - old.height,
        flexible: (
          mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)
        ))
      frame = CGRect(x: x, y: y, width: w, height: h)
      view.frame = frame
    }
  }

  /// The new origin and size along one axis when `delta` is shared among the flexible parts of (leading margin,
  /// size, trailing margin), in proportion to their sizes (equally when they are all zero).
  static func share(
    _ lead: CGFloat, _ size: CGFloat, _ trail: CGFloat, delta: CGFloat, flexible: (Bool, Bool, Bool)
  ) -> (CGFloat, CGFloat) {
    let parts = [(flexible.0, lead), (flexible.1, size), (flexible.2, trail)].filter(\.0).map(\.1)
    guard !parts.isEmpty else { return (lead, size) }
    let total = parts.reduce(0, +)
    func part(_ on: Bool, _ value: CGFloat) -> CGFloat {
      guard on else { return 0 }
      return total > 0 ? delta * value / total : delta / CGFloat(parts.count)
    }
    return (lead + part(flexible.0, lead), size + part(flexible.1, size))
  }
}

// MARK: - Autoresizing

extension UIView {
  /// Which of a view's margins and sizes follow its superview's size (`UIView.AutoresizingMask`).
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }
}

// MARK: - The static animation forms

extension UIView {
  /// Animates the changes `animations` makes to views, over `duration` after `delay`, with the options' curve;
  /// `completion` runs when they have stopped (at once, finished, when nothing animated).
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    run(.viewAnimation(duration: duration, delay: delay, options: options, spring: nil), animations, completion)
  }

  /// `animate(withDuration:delay:options:animations:completion:)` with no delay and default options.
  public static func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animate(withDuration: duration, delay: 0, animations: animations, completion: completion)
  }

  /// The spring form: `dampingRatio` 1 settles without overshoot; `velocity` is in units of the whole distance
  /// per second.
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let spring = (Double(dampingRatio), Double(velocity))
    run(.viewAnimation(duration: duration, delay: delay, options: options, spring: spring), animations, completion)
  }

  /// Changes made in `actions` do not animate, even inside an animation block (`performWithoutAnimation`).
  public static func performWithoutAnimation(_ actions: () -> Void) {
    let scope = AmbientScope(.viewAnimation(duration: 0, delay: 0, options: [], spring: nil))
    Ambient.run(scope, actions)
  }

  private static func run(_ kind: AmbientScope.Kind, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
    let scope = AmbientScope(kind)
    scope.completion = completion
    Ambient.run(scope, animations)
  }

  /// `UIView.AnimationOptions`: Flipbook's view animation options, with UIKit's names.
  public typealias AnimationOptions = ViewAnimationOptions
}

/// A 2D transform as Core Graphics names it: Flipbook's `Transform2D` (`a`…`ty`).
public typealias CGAffineTransform = Transform2D

// MARK: - The engine's view

/// The engine view a `UIView` makes for itself: it hands the engine's layout pass (which runs where the view's
/// size changed or a layout was asked for, before a script's moment is drawn) to the `UIView`'s `layoutSubviews()`,
/// as UIKit lays views out before drawing them.
final class UIKitEngineView: View {
  weak var owner: UIView?

  override func layoutSubviews() { owner?.runPendingLayout() }
}
