import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - RefreshDesign

/// A refresh view described rather than coded: its height, its layers, the bindings that tie layer
/// properties to the pull and the reactions that run at the moments of a refresh. A gesture script's
/// `"view"` object decodes to one; Swift code can build one directly. Each `DesignedRefreshView` made from
/// it gets fresh layers, so APL's container can make a new view for every pull, as APL does.
public struct RefreshDesign: @unchecked Sendable {
  /// Fresh layers for one view, and the animations and playback declared on them, which start when the view
  /// first joins a tree with a clock.
  public struct Layers {
    /// The view's top-level layers, back to front.
    public var layers: [Layer]
    /// Animations to add to those layers (or their sublayers) once the view has a clock.
    public var animations: [(layer: Layer, key: String?, animation: any LayerAnimation)]
    /// Playback to start once the view has a clock, after the animations (a Lottie layer's declared `play`).
    public var starts: [() -> Void]

    /// Layers, their declared animations and the playback to start with them.
    public init(
      layers: [Layer], animations: [(layer: Layer, key: String?, animation: any LayerAnimation)] = [],
      starts: [() -> Void] = []
    ) {
      self.layers = layers
      self.animations = animations
      self.starts = starts
    }
  }

  /// The view's height (APL lays it out at full width and this height, above the content).
  public var height: Double
  /// The view's own background; nil is clear.
  public var backgroundColor: Color?
  /// Makes a fresh set of layers for each view, since a layer belongs to one tree.
  public var makeLayers: () -> Layers
  /// The properties that follow the inputs on every update.
  public var bindings: [RefreshBinding]
  /// What runs at each moment of a refresh, in order (each reaction with its own delay and transaction).
  public var reactions: [RefreshMoment: [RefreshReaction]]
  /// How many pulls the views made from this design have begun, shared by them all (APL's container makes a
  /// view for every pull), which numbers the pulls per-pull values are drawn for.
  let pulls = PullCounter()

  /// A design from its height, background, bindings, reactions and the layers it builds.
  public init(
    height: Double, backgroundColor: Color? = nil, bindings: [RefreshBinding] = [],
    reactions: [RefreshMoment: [RefreshReaction]] = [:], makeLayers: @escaping () -> Layers
  ) {
    self.height = height
    self.backgroundColor = backgroundColor
    self.makeLayers = makeLayers
    self.bindings = bindings
    self.reactions = reactions
  }
}

// MARK: - PullCounter

/// The number of pulls begun with one design's views.
final class PullCounter: @unchecked Sendable {
  /// Pulls begun so far; the current pull is numbered `begun - 1` (0 before any).
  var begun = 0
  /// The number of the current pull, 0 for the first.
  var current: Int { max(begun - 1, 0) }
}
