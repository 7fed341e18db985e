import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CAReplicatorLayer

/// `CAReplicatorLayer` over Flipbook's `ReplicatorLayer`: its sublayers drawn several times, each copy moved,
/// delayed and tinted a step further.
open class CAReplicatorLayer: CALayer {
  /// What the layer shows now, as a `CAReplicatorLayer` (`presentation()`).
  open override func presentation() -> CAReplicatorLayer? {
    presentationLayer().map(CAReplicatorLayer.init(engineLayer:))
  }

  open override class func makeEngineLayer() -> Layer { ReplicatorLayer() }

  private var replicator: ReplicatorLayer { engineLayer as! ReplicatorLayer }

  /// How many copies are drawn (1: the sublayers alone).
  open var instanceCount: Int {
    get { replicator.instanceCount }
    set { replicator.instanceCount = newValue }
  }
  /// Applied once more to each copy.
  open var instanceTransform: CATransform3D {
    get { replicator.instanceTransform }
    set { changing { replicator.instanceTransform = newValue } }
  }
  /// Seconds between the copies' timelines.
  open var instanceDelay: CFTimeInterval {
    get { replicator.instanceDelay }
    set { changing { replicator.instanceDelay = newValue } }
  }
  /// The colour the first copy is multiplied by.
  open var instanceColor: CGColor? {
    get { replicator.instanceColor }
    set { changing { replicator.instanceColor = newValue ?? .white } }
  }
  /// Added to each copy's alpha.
  open var instanceAlphaOffset: Float {
    get { Float(replicator.instanceAlphaOffset) }
    set { changing { replicator.instanceAlphaOffset = Double(newValue) } }
  }
  /// Added to each copy's red.
  open var instanceRedOffset: Float {
    get { Float(replicator.instanceRedOffset) }
    set { changing { replicator.instanceRedOffset = Double(newValue) } }
  }
  /// Added to each copy's green.
  open var instanceGreenOffset: Float {
    get { Float(replicator.instanceGreenOffset) }
    set { changing { replicator.instanceGreenOffset = Double(newValue) } }
  }
  /// Added to each copy's blue.
  open var instanceBlueOffset: Float {
    get { Float(replicator.instanceBlueOffset) }
    set { changing { replicator.instanceBlueOffset = Double(newValue) } }
  }
}
