import FlipbookLayers
import Foundation

// MARK: - VirtualTimer

/// Runs code a while from now on a tree's virtual clock, as `dispatch_after` would on a phone: an
/// animation without a visible effect (opacity 0 → 0 on a hidden, empty layer) whose completion fires
/// when the tree's time reaches its end. Add `layer` to the tree first; nothing is ever drawn for it.
final class VirtualTimer {
  let layer = Layer()
  private let key: String

  init(name: String) {
    key = name
    layer.name = name
    layer.isHidden = true
  }

  /// Calls `body` `delay` seconds from now (replacing a pending call, which then never runs).
  func schedule(after delay: Double, _ body: @escaping () -> Void) {
    var timer = BasicAnimation(keyPath: .opacity, from: 0, to: 0, duration: delay)
    timer.completion = { finished in
      guard finished else { return }
      body()
    }
    try? layer.add(timer, forKey: key)
  }
}
