import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - UIView

/// `UIView`, spelled as UIKit spells it, over one of Flipbook's views (`engineView`): `init(frame:)`, the
/// geometry, `alpha` and `backgroundColor` with UIKit's types, subviews, `layoutSubviews`, a `layer` of the class
/// `layerClass` names, and the static `animate` forms. Its layer animates only inside an animation block, as a
/// view's layer does.
open class UIView {
  /// The view's layer, of the class `layerClass` names.
  public let layer: CALayer
  /// The engine's view this one speaks for.
  public let engineView: View
  private var subviewObjects: [UIView] = []
  /// The superview; weak, as the superview keeps this one.
  public private(set) weak var superview: UIView?

  /// The class of the view's layer (`CALayer` unless overridden, as in UIKit).
  open class var layerClass: CALayer.Type { CALayer.self }

  /// A view filling `frame` in its superview.
  public init(frame: CGRect) {
    layer = Self.layerClass.init()
    engineView = View(frame: frame, layer: layer.engineLayer)
  }

  /// Views are not decoded from archives here (no storyboards or nibs): always nil. It exists so that a
  /// subclass's `required init?(coder:)` compiles as written for iOS.
  public required init?(coder: NSCoder) { nil }

  /// A view speaking for an engine view (a scroll view from a gesture script).
  public init(engineView view: View) {
    engineView = view
    layer = CALayer(engineLayer: view.layer)
  }

  private func changing(_ change: () -> Void) { layer.changing(change) }

  // MARK: Geometry and look

  /// The frame in the superview's coordinates.
  open var frame: CGRect {
    get { engineView.frame }
    set { changing { engineView.frame = newValue } }
  }
  /// The bounds.
  open var bounds: CGRect {
    get { engineView.bounds }
    set { changing { engineView.bounds = newValue } }
  }
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
  /// The tint subviews inherit (UIKit's default blue, RGB 0, 122, 255, unless set here or above).
  open var tintColor: UIColor! {
    get { ownTint ?? superview?.tintColor ?? UIView.defaultTint }
    set { ownTint = newValue }
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

  // MARK: Hierarchy and layout

  /// The subviews added through this API, back to front.
  open var subviews: [UIView] { subviewObjects }

  /// Adds `view` in front of the other subviews.
  open func addSubview(_ view: UIView) { insertSubview(view, at: subviewObjects.count) }

  /// Inserts `view` at `index` among the subviews.
  open func insertSubview(_ view: UIView, at index: Int) {
    view.removeFromSuperview()
    let i = min(max(index, 0), subviewObjects.count)
    let engineIndex =
      i < subviewObjects.count
      ? engineView.subviews.firstIndex { $0 === subviewObjects[i].engineView } ?? engineView.subviews.count
      : (subviewObjects.isEmpty ? min(Int(index), engineView.subviews.count) : engineView.subviews.count)
    subviewObjects.insert(view, at: i)
    view.superview = self
    engineView.insertSubview(view.engineView, at: engineIndex)
    view.setNeedsLayout()
    view.layoutIfNeeded()
  }

  /// Takes the view out of its superview.
  open func removeFromSuperview() {
    superview?.subviewObjects.removeAll { $0 === self }
    superview = nil
    engineView.removeFromSuperview()
  }

  /// Lays out the subviews; override it, as in UIKit. It runs from `layoutIfNeeded()` after `setNeedsLayout()`.
  open func layoutSubviews() {}

  private var needsLayout = true

  /// Asks for `layoutSubviews()` at the next `layoutIfNeeded()`.
  open func setNeedsLayout() { needsLayout = true }

  /// Runs `layoutSubviews()` now if a layout is pending.
  open func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutSubviews()
  }

  /// `point` in this view's coordinates, in `view`'s (`convert(_:to:)`), through their layers.
  open func convert(_ point: CGPoint, to view: UIView) -> CGPoint {
    layer.engineLayer.convert(point, to: view.layer.engineLayer)
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
