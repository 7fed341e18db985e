import FlipbookGraphics
import Foundation

// MARK: - ReplicatorLayer

/// A layer that draws its sublayers several times, each copy moved, delayed and tinted a step further
/// than the one before (`CAReplicatorLayer`): the dots of a loading indicator from one dot.
///
/// Instance 0 is the sublayers themselves; instance k is drawn with `instanceTransform` applied k times
/// about the centre of this layer's bounds (Apple: "applied relative to the center of this layer"),
/// after each sublayer's own placement and before this layer's `sublayerTransform`; its sublayers are
/// evaluated `instanceDelay` × k seconds earlier on this layer's timeline, so one repeating animation
/// becomes a wave; and it is tinted by `instanceColor` plus k times the colour offsets, each component
/// clamped to 0...1. Instances are drawn in order, each with all the sublayers, and each is tinted as a
/// whole (its sublayers composited together, then multiplied by the colour).
///
/// Copies are flattened into this layer's plane, as Core Animation does with `preservesDepth` false (its
/// default; Flipbook has no depth-preserving mode). This layer's own background, contents, border and
/// shadow are drawn once.
open class ReplicatorLayer: Layer {
  /// The most instances drawn, whatever `instanceCount` says: a thousand copies of even one layer is far
  /// past any indicator, and keeps a typo from drawing millions.
  public static let maxInstanceCount = 1000

  /// How many copies of the sublayers are drawn, the sublayers themselves included (default 1, no
  /// extra copies; 0 draws none). Clamped to `maxInstanceCount` when drawn.
  public var instanceCount = 1
  /// Applied to instance k − 1 to give instance k, about the bounds' centre (default identity).
  public var instanceTransform: Transform3D = .identity {
    didSet { if oldValue != instanceTransform { propertyDidChange(.instanceTransform, from: oldValue) } }
  }
  /// Seconds between the instances' timelines (default 0: every copy animates in step).
  public var instanceDelay: Double = 0 {
    didSet { if oldValue != instanceDelay { propertyDidChange(.instanceDelay, from: oldValue) } }
  }
  /// The colour instance 0 is multiplied by (default opaque white: unchanged).
  public var instanceColor: Color = .white {
    didSet { if oldValue != instanceColor { propertyDidChange(.instanceColor, from: oldValue) } }
  }
  /// Added to the red component of instance k − 1's colour to give instance k's (default 0).
  public var instanceRedOffset: Double = 0 {
    didSet { if oldValue != instanceRedOffset { propertyDidChange(.instanceRedOffset, from: oldValue) } }
  }
  /// Added to the green component of instance k − 1's colour to give instance k's (default 0).
  public var instanceGreenOffset: Double = 0 {
    didSet { if oldValue != instanceGreenOffset { propertyDidChange(.instanceGreenOffset, from: oldValue) } }
  }
  /// Added to the blue component of instance k − 1's colour to give instance k's (default 0).
  public var instanceBlueOffset: Double = 0 {
    didSet { if oldValue != instanceBlueOffset { propertyDidChange(.instanceBlueOffset, from: oldValue) } }
  }
  /// Added to the alpha of instance k − 1's colour to give instance k's (default 0): how spinners fade.
  public var instanceAlphaOffset: Double = 0 {
    didSet { if oldValue != instanceAlphaOffset { propertyDidChange(.instanceAlphaOffset, from: oldValue) } }
  }

  /// In a presentation copy with a delay: the presentations of the sublayers for instances 1, 2, …,
  /// each evaluated `instanceDelay` × k earlier. Empty otherwise (every instance shows the sublayers).
  var delayedSublayers: [[Layer]] = []

  /// A replicator of one instance; set `instanceCount` for more.
  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    guard let replicator = layer as? ReplicatorLayer else { return }
    instanceCount = replicator.instanceCount
    instanceTransform = replicator.instanceTransform
    instanceDelay = replicator.instanceDelay
    instanceColor = replicator.instanceColor
    instanceRedOffset = replicator.instanceRedOffset
    instanceGreenOffset = replicator.instanceGreenOffset
    instanceBlueOffset = replicator.instanceBlueOffset
    instanceAlphaOffset = replicator.instanceAlphaOffset
  }

  open override class var typeName: String { "replicator" }

  /// `instanceCount` as drawn: 0...`maxInstanceCount`.
  public var drawnInstanceCount: Int { min(max(instanceCount, 0), Self.maxInstanceCount) }

  override var sublayerCopies: Int { drawnInstanceCount }

  // MARK: Instances

  /// The colour instance `k` is multiplied by: `instanceColor` plus k times the offsets, clamped.
  public func instanceColor(at k: Int) -> Color {
    func component(_ base: Double, _ offset: Double) -> Double { min(max(base + Double(k) * offset, 0), 1) }
    return Color(
      red: component(instanceColor.red, instanceRedOffset), green: component(instanceColor.green, instanceGreenOffset),
      blue: component(instanceColor.blue, instanceBlueOffset),
      alpha: component(instanceColor.alpha, instanceAlphaOffset))
  }

  /// What is drawn, in order: one entry per instance.
  public var instances: [ReplicatorInstance] {
    let count = drawnInstanceCount
    guard count > 0, !sublayers.isEmpty else { return [] }
    let centre = CGPoint(x: bounds.midX, y: bounds.midY)
    let step =
      instanceTransform.isIdentity
      ? Transform3D.identity
      : Transform3D(translationX: -centre.x, y: -centre.y).concatenating(instanceTransform)
        .concatenating(Transform3D(translationX: centre.x, y: centre.y))
    let original = sublayersInDrawingOrder
    var transform = Transform3D.identity
    var result: [ReplicatorInstance] = []
    result.reserveCapacity(count)
    for k in 0..<count {
      let layers = k == 0 || k > delayedSublayers.count ? original : Layer.drawingOrder(of: delayedSublayers[k - 1])
      result.append(ReplicatorInstance(index: k, sublayers: layers, transform: transform, color: instanceColor(at: k)))
      if !step.isIdentity { transform = transform.concatenating(step) }
    }
    return result
  }

  /// The flattened map from `sublayer`'s bounds space (one of `instance.sublayers`) to this layer's:
  /// the sublayer's own placement, the instance's transform, then `sublayerTransform`.
  public func map(of sublayer: Layer, in instance: ReplicatorInstance) -> Homography {
    // The sublayers themselves, unmoved, take exactly the path every other sublayer does.
    if instance.transform.isIdentity, sublayer.superlayer === self { return sublayer.transformToSuperlayer() }
    var m = sublayer.transform3DToSuperlayer(includingSublayerTransform: false)
    if !instance.transform.isIdentity { m = m.concatenating(instance.transform) }
    return applyingSublayerTransform(to: m).planeProjection
  }

  // MARK: Presentation

  override func completePresentation(_ copy: Layer, localTime: Double) {
    guard let copy = copy as? ReplicatorLayer, copy.instanceDelay != 0, !sublayers.isEmpty else { return }
    let count = copy.drawnInstanceCount
    guard count > 1 else { return }
    copy.delayedSublayers = (1..<count).map { k in
      sublayers.map { $0.presentationTree(parentTime: localTime - Double(k) * copy.instanceDelay) }
    }
  }
}

// MARK: - ReplicatorInstance

/// One copy a replicator draws.
public struct ReplicatorInstance {
  /// k: 0 for the sublayers themselves.
  public let index: Int
  /// The sublayers as this instance shows them (delayed presentations after instance 0), in drawing order.
  public let sublayers: [Layer]
  /// `instanceTransform` applied `index` times about the replicator's centre, in its bounds space.
  public let transform: Transform3D
  /// What the instance is multiplied by.
  public let color: Color
}

// MARK: - Work

extension Layer {
  /// How many layers one drawing of this tree draws: every layer and mask, a replicator's sublayers once
  /// per instance (so replicators inside replicators multiply). A document's limits weigh it.
  public var drawnLayerCount: Double {
    let inside = sublayers.reduce(0.0) { $0 + $1.drawnLayerCount }
    return 1 + (mask?.drawnLayerCount ?? 0) + inside * Double(sublayerCopies)
  }
}
