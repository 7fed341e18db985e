import FlipbookGraphics
import Foundation

// MARK: - Layer

/// A node of the layer tree, modelled on `CALayer`: the same properties, defaults and geometry, so
/// that code written against Core Animation (EGO's header, the airplane view) ports line by line.
///
/// A layer draws, back to front: its background (rounded by `cornerRadius`), its `contents` image placed
/// by `contentsGravity`, its own content (a shape, text or gradient in subclasses), its sublayers in
/// `zPosition` order, then its border. `opacity` applies to the whole group; `masksToBounds` clips the
/// contents and sublayers to the rounded bounds; a `mask` layer's alpha multiplies all of it.
///
/// Defaults are Core Animation's (Apple's `CALayer` property pages,
/// https://developer.apple.com/documentation/quartzcore/calayer, and the geometry tests of
/// DTW-Thalion/libs-quartzcore, checked against Apple's QuartzCore): bounds and position zero, anchor point at the
/// centre, opacity 1, not masked, identity transforms, contentsScale 1, gravity `resize`.
open class Layer: CustomStringConvertible {
  /// A name for finding the layer and for reading dumps; no effect on drawing.
  public var name: String?

  // MARK: Geometry

  /// The layer's own coordinate space: its origin is the point drawn at the top-left, its size the area.
  public var bounds: CGRect = .zero {
    didSet { if oldValue != bounds { propertyDidChange(.bounds, from: oldValue) } }
  }
  /// Where the anchor point sits in the superlayer's bounds space.
  public var position: CGPoint = .zero {
    didSet { if oldValue != position { propertyDidChange(.position, from: oldValue) } }
  }
  /// The point, in unit coordinates of the bounds, that `position` places and transforms turn about.
  public var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
    didSet { if oldValue != anchorPoint { propertyDidChange(.anchorPoint, from: oldValue) } }
  }
  /// The anchor point's z, in points.
  public var anchorPointZ: Double = 0
  /// Depth: orders siblings (higher is drawn later, on top) and moves the layer along z for perspective.
  public var zPosition: Double = 0 {
    didSet { if oldValue != zPosition { propertyDidChange(.zPosition, from: oldValue) } }
  }
  /// Applied about the anchor point.
  public var transform: Transform3D = .identity {
    didSet { if oldValue != transform { propertyDidChange(.transform, from: oldValue) } }
  }
  /// The transform's parts as a sub-key path last wrote them, with the matrix they made (see `TransformParts`).
  var transformPartsMemo: (transform: Transform3D, parts: TransformParts)?
  /// Applied to every sublayer, about this layer's anchor point: where perspective (`m34`) usually goes.
  public var sublayerTransform: Transform3D = .identity {
    didSet { if oldValue != sublayerTransform { propertyDidChange(.sublayerTransform, from: oldValue) } }
  }

  // MARK: Appearance

  /// Group opacity, 0...1: the layer and its sublayers are composited together, then faded.
  public var opacity: Double = 1 {
    didSet { if oldValue != opacity { propertyDidChange(.opacity, from: oldValue) } }
  }
  /// Whether the layer and its sublayers are left out of drawing (`isHidden`).
  public var isHidden = false {
    didSet { if oldValue != isHidden { propertyDidChange(.hidden, from: Discrete(oldValue)) } }
  }
  /// Clips contents and sublayers to the bounds, rounded by `cornerRadius`.
  public var masksToBounds = false
  /// A layer whose alpha, and only its alpha, multiplies everything this layer draws (`CALayer.mask`):
  /// background, contents, content, sublayers, border and shadow too, since Core Animation applies the
  /// mask last, after the shadow and opacity (Core Animation Programming Guide, "Layer Style Property
  /// Animations"). It is placed in this layer's bounds space by its own frame and transform, as if it
  /// were a sublayer but without this layer's `sublayerTransform`, and draws with its own opacity,
  /// sublayers and animations, on this layer's timeline.
  ///
  /// The mask is not a sublayer and has no superlayer (Apple: a mask must not have one, so setting it
  /// takes the layer out of its old superlayer, or away from the layer it masked before). A layer with a
  /// mask is always composited as a group; a mask that draws nothing hides the layer.
  public var mask: Layer? {
    didSet {
      guard oldValue !== mask else { return }
      if let oldValue, oldValue.maskOwner === self { oldValue.maskOwner = nil }
      guard let mask else { return }
      precondition(!isInTree(under: mask), "a layer cannot be masked by itself or by one of its ancestors")
      mask.removeFromSuperlayer()
      if let previous = mask.maskOwner, previous !== self { previous.mask = nil }
      mask.maskOwner = self
    }
  }
  /// How the layer, drawn with its sublayers, shadow and mask as one group, is composited onto what is already
  /// drawn beneath it (`CALayer.compositingFilter`): nil composites normally (source over), a blend mode blends,
  /// `.xor` cuts. What lies beneath is everything drawn before it in the nearest enclosing group (a faded or
  /// masked ancestor, a mask) or on the screen.
  public var compositingFilter: CompositingFilter?
  /// The layer this one is the mask of (weak, as `superlayer` is).
  public internal(set) weak var maskOwner: Layer?
  /// The colour filling the bounds (with `cornerRadius`), nil for none.
  public var backgroundColor: Color? {
    didSet { if oldValue != backgroundColor { propertyDidChange(.backgroundColor, from: oldValue ?? .clear) } }
  }
  /// Rounds the background and border always, the contents and sublayers only with `masksToBounds`.
  public var cornerRadius: Double = 0 {
    didSet { if oldValue != cornerRadius { propertyDidChange(.cornerRadius, from: oldValue) } }
  }
  /// The border's width in points, drawn inside the bounds; 0 draws none.
  public var borderWidth: Double = 0 {
    didSet { if oldValue != borderWidth { propertyDidChange(.borderWidth, from: oldValue) } }
  }
  /// The border's colour.
  public var borderColor: Color = .black {
    didSet { if oldValue != borderColor { propertyDidChange(.borderColor, from: oldValue) } }
  }

  // MARK: Shadow

  /// The shadow's colour; the shadow shows only with a `shadowOpacity` above 0.
  public var shadowColor: Color = .black {
    didSet { if oldValue != shadowColor { propertyDidChange(.shadowColor, from: oldValue) } }
  }
  /// 0 (the default) draws no shadow.
  public var shadowOpacity: Double = 0 {
    didSet { if oldValue != shadowOpacity { propertyDidChange(.shadowOpacity, from: oldValue) } }
  }
  /// In points; Core Animation's default casts the shadow 3 pt upwards.
  public var shadowOffset = CGSize(width: 0, height: -3) {
    didSet { if oldValue != shadowOffset { propertyDidChange(.shadowOffset, from: oldValue) } }
  }
  /// The blur's standard deviation in points (Sketch's blur is twice this).
  public var shadowRadius: Double = 3 {
    didSet { if oldValue != shadowRadius { propertyDidChange(.shadowRadius, from: oldValue) } }
  }
  /// The shadow's shape; nil derives it from everything the layer draws.
  public var shadowPath: Path?

  // MARK: Contents

  /// An image drawn in the bounds, placed by `contentsGravity`.
  public var contents: Image? {
    didSet { if oldValue != contents { propertyDidChange(.contents, from: Discrete(oldValue)) } }
  }
  /// How `contents` is placed in the bounds.
  public var contentsGravity: ContentsGravity = .resize
  /// Pixels per point of `contents`: a 70x70 px image at scale 2 is 35x35 pt.
  public var contentsScale: Double = 1
  /// The part of `contents` shown, in unit coordinates of the image, y down (`CALayer.contentsRect`,
  /// default the unit rectangle): a sprite sheet's frame. Beyond the unit rectangle the image's edge
  /// pixels extend outward, as Apple documents; an empty rectangle (undefined in Core Animation) shows
  /// nothing.
  public var contentsRect = Layer.unitRect {
    didSet { if oldValue != contentsRect { propertyDidChange(.contentsRect, from: oldValue) } }
  }
  /// The stretchable middle of the shown part of `contents`, in its unit coordinates
  /// (`CALayer.contentsCenter`, default the unit rectangle: all of it stretches). With a resizing
  /// gravity the image is cut in a 3x3 grid: the corners keep their size in points (pixels divided by
  /// `contentsScale`), the edges stretch along their length, the middle both ways.
  public var contentsCenter = Layer.unitRect {
    didSet { if oldValue != contentsCenter { propertyDidChange(.contentsCenter, from: oldValue) } }
  }
  /// (0, 0, 1, 1): the default `contentsRect` and `contentsCenter`, the whole image.
  public static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)

  // MARK: Time

  /// Where the layer's local time starts on its superlayer's timeline (`CAMediaTiming`); with `speed`
  /// and `timeOffset` it maps the superlayer's time to this layer's, for its animations and sublayers.
  public var beginTime: Double = 0
  /// How fast local time runs: 2 plays every animation on this layer and its sublayers twice as fast;
  /// 0 pauses them at `timeOffset`.
  public var speed: Double = 1
  /// Added to the layer's local time, so a paused layer (`speed` 0) shows its animations at this moment.
  public var timeOffset: Double = 0

  // MARK: Actions

  /// What changing a property does on this standalone layer, by the property's Core Animation name
  /// (`CALayer.actions`): `.none` changes it at once, an animation replaces the default implicit one. A layer
  /// backing a view ignores them, as UIKit's views answer for their layers.
  public var actions: [String: LayerAction] = [:]
  /// Asked first, before `actions` (`CALayer.delegate`'s `action(for:forKey:)`); weak, as Core Animation's is.
  public weak var actionDelegate: LayerActionDelegate?

  // MARK: Animation

  /// The animations attached to this layer, in the order they were added.
  var animationEntries: [AnimationEntry] = []
  /// Layers that back a view (`UIView.layer`) do not animate implicitly: the view returns no action
  /// outside a view animation block, exactly as UIKit's views do.
  public var isViewLayer = false
  /// The clock and transactions of the tree this layer is the root of (set on the root only).
  public var animationContext: AnimationContext?
  /// True for the copies `presentation(at:)` makes: they never start animations.
  public internal(set) var isPresentation = false
  /// The layer a presentation copy was made from (`CALayer.modelLayer`); weak, as the model tree is kept
  /// alive by whoever holds its root.
  weak var modelSource: Layer?
  /// For a presentation copy the layer it shows, for any other layer itself (`CALayer.modelLayer`): where
  /// the attached animations are, which a presentation copy does not carry.
  public var modelLayer: Layer { modelSource ?? self }

  // MARK: Tree

  /// The layers inside this one, back to front.
  public private(set) var sublayers: [Layer] = []
  /// Weak, as in Core Animation: a tree is kept alive by whoever holds its root.
  public private(set) weak var superlayer: Layer?

  /// An empty layer with Core Animation's defaults.
  public init() {}

  /// A copy of `layer`'s own properties, without sublayers or superlayer (`CALayer.init(layer:)`).
  /// Subclasses override to copy their properties too; presentation copies are made with it.
  public required init(layer: Layer) {
    name = layer.name
    bounds = layer.bounds
    position = layer.position
    anchorPoint = layer.anchorPoint
    anchorPointZ = layer.anchorPointZ
    zPosition = layer.zPosition
    transform = layer.transform
    transformPartsMemo = layer.transformPartsMemo
    sublayerTransform = layer.sublayerTransform
    opacity = layer.opacity
    isHidden = layer.isHidden
    masksToBounds = layer.masksToBounds
    compositingFilter = layer.compositingFilter
    backgroundColor = layer.backgroundColor
    cornerRadius = layer.cornerRadius
    borderWidth = layer.borderWidth
    borderColor = layer.borderColor
    shadowColor = layer.shadowColor
    shadowOpacity = layer.shadowOpacity
    shadowOffset = layer.shadowOffset
    shadowRadius = layer.shadowRadius
    shadowPath = layer.shadowPath
    contents = layer.contents
    contentsGravity = layer.contentsGravity
    contentsScale = layer.contentsScale
    contentsRect = layer.contentsRect
    contentsCenter = layer.contentsCenter
    beginTime = layer.beginTime
    speed = layer.speed
    timeOffset = layer.timeOffset
    isViewLayer = layer.isViewLayer
    // A mask belongs to one layer, so a copy gets its own copy of the mask tree. (Observers do not run
    // in a class's own initializer: the owner is set here.)
    if let copiedMask = layer.mask?.copyTree() {
      mask = copiedMask
      copiedMask.maskOwner = self
    }
  }

  /// A deep copy of this layer, its mask and its sublayers.
  public func copyTree() -> Layer {
    let copy = Self(layer: self)
    for sublayer in sublayers { copy.addSublayer(sublayer.copyTree()) }
    return copy
  }

  /// The type name used in dumps and scene documents.
  open class var typeName: String { "layer" }

  /// The layer's kind for messages: "a plain layer", "a shape layer".
  public var kindDescription: String {
    Self.typeName == "layer" ? "a plain layer" : "a \(Self.typeName) layer"
  }

  public var description: String {
    "<\(Self.typeName)\(name.map { " \"\($0)\"" } ?? "") frame=\(frame)>"
  }

  // MARK: Tree editing

  /// Appends `layer` above the existing sublayers, removing it from its old superlayer first.
  public func addSublayer(_ layer: Layer) {
    insertSublayer(layer, at: sublayers.count)
  }

  /// Inserts `layer` at `index` (clamped) among the sublayers.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    precondition(layer !== self, "a layer cannot be its own sublayer")
    layer.maskOwner?.mask = nil
    layer.removeFromSuperlayer()
    sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
    layer.superlayer = self
  }

  /// Inserts `layer` just in front of `sibling` (in front of all when `sibling` is not a sublayer).
  public func insertSublayer(_ layer: Layer, above sibling: Layer) {
    insertSublayer(layer, at: (sublayers.firstIndex { $0 === sibling }.map { $0 + 1 }) ?? sublayers.count)
  }

  /// Inserts `layer` just behind `sibling` (behind all when `sibling` is not a sublayer).
  public func insertSublayer(_ layer: Layer, below sibling: Layer) {
    insertSublayer(layer, at: sublayers.firstIndex { $0 === sibling } ?? 0)
  }

  /// Takes the layer out of its superlayer; does nothing when it has none.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent.sublayers.removeAll { $0 === self }
    superlayer = nil
  }

  /// Sublayers in drawing order: by `zPosition`, ties in insertion order.
  public var sublayersInDrawingOrder: [Layer] { Layer.drawingOrder(of: sublayers) }

  /// Sibling layers in drawing order: by `zPosition`, ties in the given order.
  static func drawingOrder(of layers: [Layer]) -> [Layer] {
    guard layers.contains(where: { $0.zPosition != 0 }) else { return layers }
    return layers.enumerated().sorted { a, b in
      a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
    }.map(\.element)
  }

  /// The first layer in this subtree (this one included, depth first, sublayers before the mask) with
  /// `name`: mask layers are found too, so events and animations can target them.
  public func layer(named name: String) -> Layer? {
    if self.name == name { return self }
    for sublayer in sublayers {
      if let found = sublayer.layer(named: name) { return found }
    }
    return mask?.layer(named: name)
  }

  /// Whether this layer is `other` or lies below it, through sublayers and masks.
  func isInTree(under other: Layer) -> Bool {
    var layer: Layer? = self
    while let current = layer {
      if current === other { return true }
      layer = current.treeParent
    }
    return false
  }

  /// The layer this one hangs from, whose timeline and space it lives in: its superlayer, or for a mask
  /// the layer it masks.
  var treeParent: Layer? { superlayer ?? maskOwner }

  // MARK: Drawing hook

  /// How many separate paints the layer itself makes (background, contents, its content, border):
  /// with at most one and no sublayers, opacity can be applied to the paint instead of a group.
  var paintCount: Int {
    (backgroundColor.map { $0.alpha > 0 ? 1 : 0 } ?? 0) + (contents == nil ? 0 : 1) + contentPaintCount
      + (borderWidth > 0 && borderColor.alpha > 0 ? 1 : 0)
  }

  /// The area the layer itself may paint, in its bounds space: its bounds, or more where its content
  /// overflows them (a shape's path is not confined to the bounds).
  open var contentBounds: CGRect { bounds }

  /// The paints `drawContent(in:)` makes; subclasses that draw override it (2 when unsure).
  open var contentPaintCount: Int { 0 }

  /// Draws what is particular to this kind of layer (a shape, text, a gradient) in bounds space, between
  /// the contents image and the sublayers. The base layer draws nothing.
  open func drawContent(in canvas: Canvas) throws(GraphicsError) {}

  // MARK: Presentation hook

  /// Called on the model layer once `copy`, its presentation at local time `localTime`, has its
  /// sublayers: where a layer type adds what else its presentation needs (a replicator's delayed
  /// instances). The base layer adds nothing.
  func completePresentation(_ copy: Layer, localTime: Double) {}

  /// How many times the sublayers are drawn: once, or a replicator's instance count.
  var sublayerCopies: Int { 1 }
}
