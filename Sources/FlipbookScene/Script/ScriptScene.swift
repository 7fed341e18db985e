import FlipbookComponents
import FlipbookFrames
import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - ScriptScene

/// A gesture script brought to life: a phone screen with a scroll view of table content, a finger that
/// drags it, and timed events, run on a virtual clock.
///
/// The simulation ticks 60 times a second, as the 60 Hz screens the originals ran on refreshed, and also
/// at the exact moment a finger lands or lifts and at every event, so what happens never depends on the
/// frame rate asked for. At each moment, in order: animations due by then stop (their completions run);
/// events due then fire; a finger that lands starts dragging, a finger down moves the content, a finger
/// that lifts lets go with the velocity of its last sixtieth of a second; then the scroll view advances
/// its deceleration or bounce. A frame at time t shows the model as of the last moment and every
/// animation evaluated at t.
public final class ScriptScene {
  /// Simulation moments per second.
  public static let tickRate = 60.0

  /// The screen's size in points, the script's `viewport`.
  public let size: CGSize
  /// Pixels per point of the frames (1, 2 or 3 as on an iPhone).
  public let scale: Double
  /// Frames per second rendered; the simulation's own rate does not depend on it.
  public let fps: Double
  /// How long the script runs, in seconds.
  public let duration: Double
  /// The colour behind the screen's content, nil for transparent frames.
  public let background: Color?
  /// The screen's root layer, which frames render.
  public let root: Layer
  /// The animation clock and transactions the scene's views animate through.
  public let context: AnimationContext
  /// The scroll view the finger drags.
  public let scrollView: ScrollView
  /// The table of rows inside the scroll view, the content being pulled.
  public let table: TableView
  /// The finger's touches.
  public let track: FingerTrack
  let events: [ScriptEvent]
  /// The refresh component on the scroll view, if the script has one.
  public let refresh: RefreshComponent?
  /// The bars around the table (`statusBar`, `navigationBar`), if the script has any.
  public let chrome: ScreenChrome?
  /// The status bar, if the script has one.
  public let statusBar: StatusBar?
  /// The navigation bar, if the script has one.
  public let navigationBar: NavigationBar?

  private var nextTick = 0
  private var nextEvent = 0
  /// Touch-downs and lifts not yet run, as the exact decimals the script gave.
  private var pendingTouchTimes: [Rational]

  init(
    size: CGSize, scale: Double, fps: Double, duration: Double, background: Color?, root: Layer,
    context: AnimationContext, scrollView: ScrollView, table: TableView, track: FingerTrack, events: [ScriptEvent],
    refresh: RefreshComponent? = nil, chrome: ScreenChrome? = nil, statusBar: StatusBar? = nil,
    navigationBar: NavigationBar? = nil
  ) {
    self.refresh = refresh
    self.chrome = chrome
    self.statusBar = statusBar
    self.navigationBar = navigationBar
    self.size = size
    self.scale = scale
    self.fps = fps
    self.duration = duration
    self.background = background
    self.root = root
    self.context = context
    self.scrollView = scrollView
    self.table = table
    self.track = track
    self.events = events.sorted { $0.time < $1.time }
    self.pendingTouchTimes = track.touches.flatMap { [$0.down, $0.up] }.compactMap(Rational.init(decimal:)).sorted()
  }

  /// The scene's current time.
  public var time: Double { context.currentTime }

  /// Runs every simulation moment up to `time`, then moves the clock to `time` itself. Ticks, touches and
  /// events are compared with `time` as exact fractions, so a frame at `0.35 + 3/60` s sees the tick at
  /// 0.4 s, as the frame at `24/60` s does: a frame is the same whatever time a render started at.
  public func advance(to time: Rational) {
    while let moment = nextMoment(notAfter: time) {
      run(moment)
    }
    context.advance(to: max(time.seconds, context.currentTime))
  }

  /// `advance(to:)` for a time written as a decimal (`--at 0.4`); a non-finite time does nothing.
  public func advance(to seconds: Double) {
    if let time = Rational(decimal: seconds) { advance(to: time) }
  }

  /// The time of simulation tick `index`: `index/60` s.
  private static func tick(_ index: Int) -> Rational { Rational(index) / Rational(Int(tickRate)) ?? .zero }

  /// The earliest tick, touch or event time not yet run, if it is at or before `limit`.
  private func nextMoment(notAfter limit: Rational) -> Rational? {
    var candidates: [Rational] = [Self.tick(nextTick)]
    if let touch = pendingTouchTimes.first { candidates.append(touch) }
    if nextEvent < events.count { candidates.append(events[nextEvent].time) }
    guard let moment = candidates.min(), moment <= limit else { return nil }
    while Self.tick(nextTick) <= moment { nextTick += 1 }
    while let first = pendingTouchTimes.first, first <= moment { pendingTouchTimes.removeFirst() }
    return moment
  }

  private func run(_ exactMoment: Rational) {
    // The physics works in seconds; the moment's `Double` is the same for every way of reaching it.
    let moment = exactMoment.seconds
    context.advance(to: max(moment, context.currentTime))
    while nextEvent < events.count, events[nextEvent].time <= exactMoment {
      events[nextEvent].fire(self)
      nextEvent += 1
    }
    for touch in track.touches where touch.down == moment {
      if let x = touch.x(at: moment) { scrollView.fingerX = x }
      scrollView.beginDragging(at: moment)
    }
    if scrollView.isDragging, let touch = track.touches.first(where: { $0.down <= moment && moment <= $0.up }) {
      if let x = touch.x(at: moment) { scrollView.fingerX = x }
      scrollView.drag(translation: touch.translation(at: moment), at: moment)
      if touch.up == moment {
        scrollView.endDragging(velocity: touch.releaseVelocity(sampleInterval: 1 / Self.tickRate), at: moment)
      }
    }
    scrollView.step(to: moment)
    scrollView.layoutIfNeeded()
  }

  /// What the manifest, `.manifest` snapshots and `inspect` report about the scroll view and the refresh
  /// component now.
  public var frameState: FrameState {
    // The offset on screen (an animated scroll shows its way there); the inset as UIKit reports it.
    let offset = scrollView.presentationContentOffset
    let inset = scrollView.contentInset
    return FrameState(
      contentOffset: (offset.x, offset.y), contentInset: (inset.top, inset.left, inset.bottom, inset.right),
      dragging: scrollView.isDragging, decelerating: scrollView.isDecelerating,
      refresh: refresh.map { FrameState.Refresh(state: $0.state, progress: $0.progress) })
  }
}

/// A timed event of a script ("dataLoaded" at 3 s).
struct ScriptEvent {
  /// The decimal the script gave, exactly.
  let time: Rational
  let name: String
  let fire: (ScriptScene) -> Void
}
