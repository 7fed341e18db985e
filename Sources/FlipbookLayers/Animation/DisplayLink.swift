import Foundation

// MARK: - DisplayLink

/// A callback once per screen refresh on a tree's virtual clock (`CADisplayLink`): for views that draw
/// themselves frame by frame (a spinner stepping its angle, a wave following the pull).
///
/// The screen refreshes 60 times a second, the rate of the screens the originals ran on: the link fires at every
/// tick `k/60` s its clock passes, in order, interleaved with the animations that end between ticks, whatever the
/// times the clock is advanced to. So a render at 30 frames a second and one at 60 see the same callbacks, and the
/// frame drawn at a tick shows what the callback did at it. Nothing reads a real clock.
///
/// ```swift
/// let link = DisplayLink(context: context) { link in spinner.angle = link.timestamp * 2 * .pi }
/// ```
public final class DisplayLink {
  /// The screen's refresh rate, in frames a second.
  public static let screenRate = 60.0

  /// The time of the refresh now being drawn, in the clock's seconds (`timestamp`).
  public private(set) var timestamp = 0.0
  /// The time of the next refresh (`targetTimestamp`).
  public var targetTimestamp: Double { timestamp + duration }
  /// The time between refreshes (`duration`): 1/60 s, or longer at a lower `preferredFramesPerSecond`.
  public var duration: Double { Double(interval) / Self.screenRate }
  /// The rate the callback would like (`preferredFramesPerSecond`): 0 for the screen's, else it fires every
  /// `60 / rate` refreshes, rounded to a whole number of at least one.
  public var preferredFramesPerSecond = 0
  /// While paused the callback does not run (`isPaused`); refreshes pass without it.
  public var isPaused = false
  /// False once invalidated: it never runs again.
  public private(set) var isValid = true

  private weak var context: AnimationContext?
  private let callback: (DisplayLink) -> Void
  /// The last tick the link has seen, counting from tick 0 at time 0.
  var lastTick: Int

  /// A link running `callback` at every refresh of `context`'s clock from the next one on.
  public init(context: AnimationContext, _ callback: @escaping (DisplayLink) -> Void) {
    self.context = context
    self.callback = callback
    lastTick = DisplayLink.tick(atOrBefore: context.currentTime)
    context.add(self)
  }

  /// Stops the link for good (`invalidate()`).
  public func invalidate() {
    isValid = false
    context?.remove(self)
  }

  /// Refreshes between firings at the preferred rate.
  var interval: Int {
    guard preferredFramesPerSecond > 0 else { return 1 }
    return max(1, Int((Self.screenRate / Double(preferredFramesPerSecond)).rounded()))
  }

  /// The last tick at or before `time` (a time a hair short of a tick, by rounding, counts as the tick).
  static func tick(atOrBefore time: Double) -> Int {
    let ticks = time * screenRate
    let nearest = ticks.rounded()
    return Int(abs(ticks - nearest) < 1e-9 ? nearest : ticks.rounded(.down))
  }

  /// The next tick the link fires at.
  var nextTick: Int {
    let step = interval
    return (lastTick / step + 1) * step
  }

  /// Runs the callback for tick `tick`.
  func fire(at tick: Int) {
    lastTick = tick
    guard isValid, !isPaused else { return }
    timestamp = Double(tick) / Self.screenRate
    callback(self)
  }
}
