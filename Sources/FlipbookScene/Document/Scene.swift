import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Scene

/// A scene read from a document: a screen-sized root layer with its clock, the timed events that change
/// it, and how to rasterize it.
///
/// A scene is a timeline: `advance(to:)` moves it forward, applying each event at its time (property
/// changes inside transactions or view animation blocks, which start implicit animations) and stopping
/// animations as they end. Time only moves forward; load the document again to start over.
public final class Scene {
  /// The screen in points (the root layer's bounds size).
  public let size: CGSize
  /// Pixels per point.
  public let scale: Double
  /// Painted under everything (the document's `background`); nil leaves the PNG transparent there.
  public let background: Color?
  /// The screen's layer; the document's `layers` are its sublayers.
  public let root: Layer
  /// The scene's virtual clock and transactions.
  public let context: AnimationContext
  /// Frames per second for frame output (the document's `fps`, default 60).
  public let fps: Double
  /// How long the scene runs (the document's `duration`, else until its last animation or event ends).
  public let duration: Double
  let events: [SceneEvent]
  private var nextEvent = 0
  /// What Flipbook draws differently from an iPhone in this scene, one line each with its JSON path.
  public let notes: [String]

  init(
    size: CGSize, scale: Double, background: Color?, root: Layer, context: AnimationContext, fps: Double,
    duration: Double, events: [SceneEvent], notes: [String] = []
  ) {
    self.notes = notes
    self.size = size
    self.scale = scale
    self.background = background
    self.root = root
    self.context = context
    self.fps = fps
    self.duration = duration
    self.events = events
  }

  /// The scene's current time.
  public var time: Double { context.currentTime }

  /// Moves the timeline to `time`, applying the events due by then in order, each at its own time.
  public func advance(to time: Double) {
    while nextEvent < events.count, events[nextEvent].time <= time {
      let event = events[nextEvent]
      nextEvent += 1
      context.advance(to: max(event.time, context.currentTime))
      event.apply(context)
    }
    context.advance(to: max(time, context.currentTime))
  }

  /// Renders what the screen shows now (the presentation tree), refusing sizes beyond `ImageLimits`.
  public func render() throws(GraphicsError) -> Image {
    try LayerRenderer(scale: scale, background: background).render(root, at: context.currentTime)
  }
}

/// A timed change of the model: property changes applied at `time` inside a transaction or view
/// animation block.
struct SceneEvent {
  let time: Double
  let apply: (AnimationContext) -> Void
}
