import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CALayer

/// `CALayer`, spelled as Core Animation spells it, over one of Flipbook's layers (`engineLayer`): the same
/// properties with Apple's types (`CGFloat`, `Float` opacity, `CGColor`), sublayers, animations added under
/// string key paths, `actions` and the delegate's actions, and `presentation()` on the virtual clock.
///
/// A layer keeps its sublayers' `CALayer`s, as UIKit's view tree keeps its views, so a sublayer read back is the
/// object that was added (a subclass with its own properties stays itself). Every change goes through the
/// engine's layer: implicit animations, transactions and view animations behave as the engine's do.
open class CALayer {
  /// The engine's layer this one speaks for.
  public let engineLayer: Layer
  private var sublayerObjects: [CALayer] = []
  /// The superlayer's `CALayer`; weak, as the superlayer keeps this one.
  public private(set) weak var superlayer: CALayer?

  /// A new layer (`CALayer()`).
  public required init() { engineLayer = Self.makeEngineLayer() }

  /// A `CALayer` speaking for `layer` (a presentation copy, or a view's layer).
  public init(engineLayer layer: Layer) { engineLayer = layer }

  /// The engine's layer a new instance of this class speaks for; subclasses give theirs.
  open class func makeEngineLayer() -> Layer { Layer() }

  /// Runs `change` after opening the thread's transactions and view animations on this layer's tree.
  func changing(_ change: () -> Void) {
    Ambient.reach(engineLayer)
    change()
  }

  // MARK: Geometry

  /// The frame in the superlayer's coordinates.
  open var frame: CGRect {
    get { engineLayer.frame }
    set { changing { engineLayer.frame = newValue } }
  }
  /// The bounds.
  open var bounds: CGRect {
    get { engineLayer.bounds }
    set { changing { engineLayer.bounds = newValue } }
  }
  /// The anchor point's place in the superlayer.
  open var position: CGPoint {
    get { engineLayer.position }
    set { changing { engineLayer.position = newValue } }
  }
  /// The anchor point, in unit coordinates of the bounds.
  open var anchorPoint: CGPoint {
    get { engineLayer.anchorPoint }
    set { changing { engineLayer.anchorPoint = newValue } }
  }
  /// The layer's transform about its anchor point.
  open var transform: CATransform3D {
    get { engineLayer.transform }
    set { changing { engineLayer.transform = newValue } }
  }
  /// The transform of the sublayers.
  open var sublayerTransform: CATransform3D {
    get { engineLayer.sublayerTransform }
    set { changing { engineLayer.sublayerTransform = newValue } }
  }
  /// The stacking order among siblings.
  open var zPosition: CGFloat {
    get { CGFloat(engineLayer.zPosition) }
    set { changing { engineLayer.zPosition = Double(newValue) } }
  }

  // MARK: Appearance

  /// The opacity, a `Float` as in Core Animation.
  open var opacity: Float {
    get { Float(engineLayer.opacity) }
    set { changing { engineLayer.opacity = Double(newValue) } }
  }
  /// Whether the layer is left out of drawing.
  open var isHidden: Bool {
    get { engineLayer.isHidden }
    set { changing { engineLayer.isHidden = newValue } }
  }
  /// Whether sublayers are cut to the bounds.
  open var masksToBounds: Bool {
    get { engineLayer.masksToBounds }
    set { changing { engineLayer.masksToBounds = newValue } }
  }
  /// The background colour.
  open var backgroundColor: CGColor? {
    get { engineLayer.backgroundColor }
    set { changing { engineLayer.backgroundColor = newValue } }
  }
  /// The corner radius.
  open var cornerRadius: CGFloat {
    get { CGFloat(engineLayer.cornerRadius) }
    set { changing { engineLayer.cornerRadius = Double(newValue) } }
  }
  /// The border's width.
  open var borderWidth: CGFloat {
    get { CGFloat(engineLayer.borderWidth) }
    set { changing { engineLayer.borderWidth = Double(newValue) } }
  }
  /// The border's colour.
  open var borderColor: CGColor? {
    get { engineLayer.borderColor }
    set { changing { engineLayer.borderColor = newValue ?? .clear } }
  }
  /// The shadow's colour.
  open var shadowColor: CGColor? {
    get { engineLayer.shadowColor }
    set { changing { engineLayer.shadowColor = newValue ?? .clear } }
  }
  /// The shadow's opacity.
  open var shadowOpacity: Float {
    get { Float(engineLayer.shadowOpacity) }
    set { changing { engineLayer.shadowOpacity = Double(newValue) } }
  }
  /// The shadow's offset.
  open var shadowOffset: CGSize {
    get { engineLayer.shadowOffset }
    set { changing { engineLayer.shadowOffset = newValue } }
  }
  /// The shadow's blur radius.
  open var shadowRadius: CGFloat {
    get { CGFloat(engineLayer.shadowRadius) }
    set { changing { engineLayer.shadowRadius = Double(newValue) } }
  }
  /// Pixels per point of the layer's contents.
  open var contentsScale: CGFloat {
    get { CGFloat(engineLayer.contentsScale) }
    set { engineLayer.contentsScale = Double(newValue) }
  }
  /// The layer's name.
  open var name: String? {
    get { engineLayer.name }
    set { engineLayer.name = newValue }
  }

  // MARK: Time

  /// How fast the layer's time runs (0 pauses it).
  open var speed: Float {
    get { Float(engineLayer.speed) }
    set { engineLayer.speed = Double(newValue) }
  }
  /// Added to the layer's local time.
  open var timeOffset: CFTimeInterval {
    get { engineLayer.timeOffset }
    set { engineLayer.timeOffset = newValue }
  }
  /// Where the layer's time starts on its superlayer's.
  open var beginTime: CFTimeInterval {
    get { engineLayer.beginTime }
    set { engineLayer.beginTime = newValue }
  }

  // MARK: The tree

  /// The sublayers added through this API, back to front; nil when there are none, as in Core Animation.
  /// Setting it replaces them all (`sublayers = nil` takes them away).
  open var sublayers: [CALayer]? {
    get { sublayerObjects.isEmpty ? nil : sublayerObjects }
    set {
      for layer in sublayerObjects { layer.removeFromSuperlayer() }
      for layer in newValue ?? [] { addSublayer(layer) }
    }
  }

  /// Adds `layer` in front of the other sublayers.
  open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayerObjects.count)) }

  /// Inserts `layer` at `index` among the sublayers.
  open func insertSublayer(_ layer: CALayer, at index: UInt32) {
    layer.removeFromSuperlayer()
    let i = min(Int(index), sublayerObjects.count)
    let engineIndex =
      i < sublayerObjects.count
      ? engineLayer.sublayers.firstIndex { $0 === sublayerObjects[i].engineLayer } ?? engineLayer.sublayers.count
      : (sublayerObjects.isEmpty ? min(Int(index), engineLayer.sublayers.count) : engineLayer.sublayers.count)
    sublayerObjects.insert(layer, at: i)
    layer.superlayer = self
    engineLayer.insertSublayer(layer.engineLayer, at: engineIndex)
    layer.startWaitingDisplayLinks()
  }

  /// Takes the layer out of its superlayer.
  open func removeFromSuperlayer() {
    guard let parent = superlayer else { return engineLayer.removeFromSuperlayer() }
    parent.sublayerObjects.removeAll { $0 === self }
    superlayer = nil
    engineLayer.removeFromSuperlayer()
  }

  // MARK: Animations

  /// Adds `animation` under `key` (`add(_:forKey:)`); a key path no layer of this kind animates stops the
  /// program with a message naming it, rather than doing nothing as Core Animation silently would.
  open func add(_ animation: CAAnimation, forKey key: String?) {
    do {
      let engineAnimation = try animation.engineAnimation(for: engineLayer)
      try engineLayer.add(engineAnimation, forKey: key)
      if let key { addedAnimations[key] = animation.copy() }
      if let delegate = animation.delegate { announceStart(of: animation, to: delegate) }
    } catch {
      preconditionFailure("add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")): \(error)")
    }
  }

  /// Tells `delegate` that `animation` started (`animationDidStart(_:)`), at the first refresh of the tree's clock at
  /// or after its begin time, as Core Animation tells it once the animation is on screen.
  private func announceStart(of animation: CAAnimation, to delegate: CAAnimationDelegate) {
    guard let context = engineLayer.animationContextInTree else { return }
    let begin = animation.beginTime > 0 ? engineLayer.convertTime(animation.beginTime, to: nil) : context.currentTime
    _ = DisplayLink(context: context) { link in
      guard link.timestamp >= begin else { return }
      link.invalidate()
      delegate.animationDidStart(animation)
    }
  }

  /// The animation under `key`, as it was added.
  open func animation(forKey key: String) -> CAAnimation? { addedAnimations[key] }

  /// The keys of the attached animations.
  open func animationKeys() -> [String]? {
    let keys = engineLayer.animationKeys
    return keys.isEmpty ? nil : keys
  }

  /// Removes the animation under `key`.
  open func removeAnimation(forKey key: String) { engineLayer.removeAnimation(forKey: key) }

  /// Removes every animation.
  open func removeAllAnimations() { engineLayer.removeAllAnimations() }

  private var addedAnimations: [String: CAAnimation] = [:]
  /// The mask's `CALayer`, for `mask`'s getter.
  var maskObject: CALayer?
  /// Display links added to this layer before it was in a tree with a clock.
  var waitingDisplayLinks: [CADisplayLink] = []

  /// Starts the display links waiting on this layer and its sublayers, now that they may be in a tree with a
  /// clock.
  func startWaitingDisplayLinks() {
    if !waitingDisplayLinks.isEmpty, engineLayer.animationContextInTree != nil {
      let links = waitingDisplayLinks
      waitingDisplayLinks = []
      for link in links { link.add(to: self) }
    }
    for sublayer in sublayerObjects { sublayer.startWaitingDisplayLinks() }
  }
  /// The actions as given, for `actions`' getter.
  var actionObjects: [String: CAAction]?
  private var delegateBridge: LayerDelegateBridge?

  /// Asked first about every property change (`delegate`); weak, as in Core Animation.
  open weak var delegate: CALayerDelegate? {
    didSet {
      delegateBridge = delegate.map { LayerDelegateBridge(delegate: $0, layer: self) }
      engineLayer.actionDelegate = delegateBridge
    }
  }

  /// What the layer shows now on its tree's virtual clock, as a separate layer of the same kind (`presentation()`;
  /// Core Animation's class's, for the shape, gradient, replicator and text layers); nil outside a tree with a
  /// clock.
  open func presentation() -> CALayer? { presentationLayer().map(CALayer.init(engineLayer:)) }

  /// The engine's presentation copy of the layer now, nil outside a tree with a clock.
  func presentationLayer() -> Layer? {
    guard engineLayer.animationContextInTree != nil else { return nil }
    return engineLayer.presentationOfSelf(at: engineLayer.localTime)
  }
}
