import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - AnimationContext

/// The virtual clock and the open transactions of one layer tree: what Core Animation keeps in
/// `CACurrentMediaTime()` and the thread's `CATransaction` stack, kept per tree instead of globally so
/// two scenes can run side by side and tests can run in parallel.
///
/// Time never comes from a clock: the driver moves it with `advance(to:)`, which also removes finished
/// animations and calls completions at the virtual time each animation ends, in order of end time (ties in
/// the order the animations were added), each animation's own completion before the completion blocks of
/// the transactions and view animation blocks it belonged to.
///
/// Attach it to the root layer (`root.animationContext = context`); every layer below finds it there.
/// Layers outside a tree with a context never animate implicitly, as Core Animation only animates layers
/// in a rendered tree.
public final class AnimationContext {
  /// The current virtual time in seconds: the root layer's parent time.
  public private(set) var currentTime: Double

  var transactions: [TransactionState] = []
  var viewBlocks: [ViewAnimationBlock] = []
  /// Layers that hold animations, for finding what ends when time moves on.
  var animatedLayers: [ObjectIdentifier: WeakLayer] = [:]
  var nextSequence = 0
  /// Completion groups (transactions, view blocks) still waiting on animations.
  var waitingGroups: [CompletionGroup] = []
  /// The display links running on this clock, in the order they were made.
  private var displayLinks: [DisplayLink] = []

  /// A clock reading `time` seconds, with no transaction open; a tree's time only moves when told.
  public init(time: Double = 0) {
    currentTime = time
  }

  // MARK: Transactions

  /// Opens a transaction (`CATransaction.begin()`); it inherits the enclosing one's duration, timing
  /// function and disableActions, and its changes are restored on `commit()`.
  public func begin() {
    let outer = transactions.last
    transactions.append(
      TransactionState(
        animationDuration: outer?.animationDuration ?? TransactionState.defaultDuration,
        timingFunction: outer?.timingFunction, disableActions: outer?.disableActions ?? false))
  }

  /// Closes the innermost transaction. Its completion block runs once every animation added inside it
  /// has stopped, or now if none was. A commit with no begin does nothing.
  public func commit() {
    guard let state = transactions.popLast() else { return }
    if let completion = state.completion { register(state.group, completion: { _ in completion() }) }
  }

  /// Runs `body` inside a transaction with the given settings (nil keeps the inherited value).
  public func transaction(
    duration: Double? = nil, timingFunction: TimingFunction? = nil, disableActions: Bool? = nil,
    completion: (() -> Void)? = nil, _ body: () throws -> Void
  ) rethrows {
    begin()
    if let duration { setAnimationDuration(duration) }
    if let timingFunction { setAnimationTimingFunction(timingFunction) }
    if let disableActions { setDisableActions(disableActions) }
    if let completion { setCompletionBlock(completion) }
    defer { commit() }
    try body()
  }

  /// `CATransaction.setAnimationDuration`: the duration of implicit animations (default 0.25 s, the implied
  /// animation's duration in the "Animatable Properties" appendix of Apple's Core Animation Programming Guide).
  public func setAnimationDuration(_ duration: Double) { withCurrentTransaction { $0.animationDuration = duration } }
  /// `CATransaction.setAnimationTimingFunction`: nil means the `default` curve for implicit animations.
  public func setAnimationTimingFunction(_ function: TimingFunction?) {
    withCurrentTransaction { $0.timingFunction = function }
  }
  /// `CATransaction.setDisableActions`: property changes in this transaction do not animate.
  public func setDisableActions(_ disable: Bool) { withCurrentTransaction { $0.disableActions = disable } }
  /// `CATransaction.setCompletionBlock`: runs once every animation added in this transaction has finished.
  public func setCompletionBlock(_ block: (() -> Void)?) { withCurrentTransaction { $0.completion = block } }

  /// `CATransaction.animationDuration`: the innermost transaction's, 0.25 s by default.
  public var animationDuration: Double { transactions.last?.animationDuration ?? TransactionState.defaultDuration }
  /// `CATransaction.disableActions`: whether property changes now skip their implicit animations.
  public var disableActions: Bool { transactions.last?.disableActions ?? false }
  /// `CATransaction.animationTimingFunction`: nil means the `default` curve.
  public var animationTimingFunction: TimingFunction? { transactions.last?.timingFunction }

  /// Changes outside any begin/commit belong to an implicit transaction with the defaults.
  private func withCurrentTransaction(_ change: (inout TransactionState) -> Void) {
    guard !transactions.isEmpty else { return }
    change(&transactions[transactions.count - 1])
  }

  // MARK: Time

  /// Moves the virtual clock to `time`, stopping every animation whose active duration ends by then, at
  /// the moment it ends: the clock reads that moment while its completion runs, so animations a
  /// completion starts begin on time.
  ///
  /// An animation that ends exactly at `time` (up to rounding) is reported now but stays attached, stopped,
  /// until the clock moves past it: a frame drawn at that instant shows its end value, as the manual's Fidelity
  /// article has it ("at exactly the end the end value shows; the frame after, the model value").
  ///
  /// Display links fire at each screen refresh (`k/60` s) the clock passes, in time order with the animations'
  /// ends: an animation ending at a refresh is reported first, so the link sees its end.
  public func advance(to time: Double) {
    precondition(time >= currentTime, "time only moves forward (\(currentTime) -> \(time))")
    removeStoppedAnimations(endedBefore: time)
    while true {
      let stop = nextStop(notAfter: time)
      if let (link, tick) = nextRefresh(notAfter: time),
        stop.map({ Double(tick) / DisplayLink.screenRate < $0.time }) ?? true
      {
        currentTime = max(currentTime, Double(tick) / DisplayLink.screenRate)
        link.fire(at: tick)
        continue
      }
      guard let event = stop else { break }
      currentTime = max(currentTime, event.time)
      finish(event, drawnAt: time)
    }
    currentTime = time
  }

  /// The earliest refresh at or before `limit` a display link has not fired at, with its link (the first made
  /// among links due at the same refresh).
  private func nextRefresh(notAfter limit: Double) -> (DisplayLink, Int)? {
    let last = DisplayLink.tick(atOrBefore: limit)
    var best: (DisplayLink, Int)?
    for link in displayLinks where link.nextTick <= last {
      if best == nil || link.nextTick < best!.1 { best = (link, link.nextTick) }
    }
    return best
  }

  func add(_ link: DisplayLink) { displayLinks.append(link) }

  func remove(_ link: DisplayLink) { displayLinks.removeAll { $0 === link } }

  struct StopEvent {
    let time: Double
    let sequence: Int
    let layer: Layer
  }

  /// The earliest animation end at or before `limit` (up to rounding) that has not been reported yet.
  func nextStop(notAfter limit: Double) -> StopEvent? {
    var best: StopEvent?
    for (id, box) in animatedLayers {
      guard let layer = box.layer else {
        animatedLayers[id] = nil
        continue
      }
      for entry in layer.animationEntries where !entry.stopped {
        guard let end = layer.contextTime(ofLocalTime: entry.animation.timing.endTime),
          end <= limit || MediaTiming.isSameInstant(end, limit)
        else { continue }
        if best == nil || end < best!.time || (end == best!.time && entry.sequence < best!.sequence) {
          best = StopEvent(time: end, sequence: entry.sequence, layer: layer)
        }
      }
    }
    return best
  }

  /// Stops the animation of `event`; one removed on completion is taken off its layer now unless it ends at
  /// `frameTime` itself, where it is kept (stopped) for that frame and removed by the next `advance`.
  private func finish(_ event: StopEvent, drawnAt frameTime: Double) {
    let layer = event.layer
    guard let index = layer.animationEntries.firstIndex(where: { $0.sequence == event.sequence }) else { return }
    let entry = layer.animationEntries[index]
    if entry.animation.isRemovedOnCompletion && !MediaTiming.isSameInstant(event.time, frameTime) {
      layer.animationEntries.remove(at: index)
    } else {
      layer.animationEntries[index].stopped = true
    }
    stopped(entry, finished: true)
  }

  /// Takes off the stopped animations, removed on completion, that a frame at their very end kept attached,
  /// once `time` is past that end.
  private func removeStoppedAnimations(endedBefore time: Double) {
    for box in animatedLayers.values {
      guard let layer = box.layer else { continue }
      layer.animationEntries.removeAll { entry in
        guard entry.stopped, entry.animation.isRemovedOnCompletion else { return false }
        guard let end = layer.contextTime(ofLocalTime: entry.animation.timing.endTime) else { return true }
        return end < time && !MediaTiming.isSameInstant(end, time)
      }
    }
  }

  /// Reports a stopped animation: its completion first, then any group it completes.
  func stopped(_ entry: AnimationEntry, finished: Bool) {
    entry.animation.completion?(finished)
    let openGroups = transactions.map(\.group) + viewBlocks.map(\.group)
    for group in waitingGroups + openGroups where group.pending.contains(entry.sequence) {
      group.pending.remove(entry.sequence)
      if !finished { group.allFinished = false }
    }
    let done = waitingGroups.filter { $0.pending.isEmpty && $0.completion != nil }
    waitingGroups.removeAll { $0.pending.isEmpty }
    for group in done {
      let completion = group.completion
      group.completion = nil
      completion?(group.allFinished)
    }
  }

  // MARK: Bookkeeping

  func register(_ layer: Layer) { animatedLayers[ObjectIdentifier(layer)] = WeakLayer(layer: layer) }

  func takeSequence() -> Int {
    nextSequence += 1
    return nextSequence
  }

  /// Records an added animation with every open transaction and view block, for their completions.
  func noteAdded(sequence: Int) {
    for state in transactions { state.group.pending.insert(sequence) }
    for block in viewBlocks { block.group.pending.insert(sequence) }
  }

  /// Arms a completion on a group: it runs once the group's animations have all stopped, or now.
  func register(_ group: CompletionGroup, completion: @escaping (Bool) -> Void) {
    if group.pending.isEmpty {
      completion(group.allFinished)
    } else {
      group.completion = completion
      waitingGroups.append(group)
    }
  }
}

// MARK: - Supporting types

struct TransactionState {
  /// `CATransaction`'s default animation duration, 0.25 s (the implied animation's duration in the "Animatable
  /// Properties" appendix of Apple's Core Animation Programming Guide; the transaction tests of
  /// DTW-Thalion/libs-quartzcore, checked against Apple's QuartzCore).
  static let defaultDuration = 0.25
  var animationDuration: Double
  var timingFunction: TimingFunction?
  var disableActions: Bool
  var completion: (() -> Void)?
  let group = CompletionGroup()
}

/// Animations a completion waits for.
final class CompletionGroup {
  var pending: Set<Int> = []
  var allFinished = true
  var completion: ((Bool) -> Void)?
}

struct WeakLayer {
  weak var layer: Layer?
}

/// An animation attached to a layer.
struct AnimationEntry {
  let key: String?
  var animation: any LayerAnimation
  let sequence: Int
  /// Set once its completion has run (kept animations stay until removed).
  var stopped = false
}
