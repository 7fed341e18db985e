import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
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
  /// The JSON path of the animation or event whose end sets `duration` when the document gives none (nil when
  /// it gives one): what a refusal of a long render names.
  public let lengthSource: String?

  init(
    size: CGSize, scale: Double, background: Color?, root: Layer, context: AnimationContext, fps: Double,
    duration: Double, events: [SceneEvent], notes: [String] = [], lengthSource: String? = nil
  ) {
    self.notes = notes
    self.lengthSource = lengthSource
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
  /// Event times and `time` are compared as exact fractions, so an event at 0.4 s is due at a frame at
  /// `0.35 + 3/60` s, as it is at `24/60` s.
  public func advance(to time: Rational) {
    while nextEvent < events.count, events[nextEvent].time <= time {
      let event = events[nextEvent]
      nextEvent += 1
      context.advance(to: max(event.time.seconds, context.currentTime))
      event.apply(context)
    }
    context.advance(to: max(time.seconds, context.currentTime))
  }

  /// `advance(to:)` for a time written as a decimal (`--at 0.4`); a non-finite time does nothing.
  public func advance(to seconds: Double) {
    if let time = Rational(decimal: seconds) { advance(to: time) }
  }

  /// Renders what the screen shows now (the presentation tree), refusing sizes beyond `ImageLimits`.
  public func render() throws(GraphicsError) -> Image {
    try LayerRenderer(scale: scale, background: background).render(root, at: context.currentTime)
  }
}

/// A timed change of the model: property changes applied at `time` inside a transaction or view
/// animation block.
struct SceneEvent {
  /// The decimal the document gave, exactly.
  let time: Rational
  let apply: (AnimationContext) -> Void
}
