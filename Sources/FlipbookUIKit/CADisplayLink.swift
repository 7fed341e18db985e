import FlipbookLayers
import Foundation

// MARK: - CADisplayLink

/// `CADisplayLink` on a layer tree's virtual clock: 60 refreshes a second, whatever frame rate renders them.
///
/// Swift on Linux has no Objective-C runtime, so `CADisplayLink(target: self, selector: #selector(step))` cannot
/// compile here; the one-line change is to the closure form, `CADisplayLink { [weak self] link in self?.step(link) }`.
/// `add(to: .main, forMode: .common)` becomes `add(to: self)`: the link runs on the clock of the tree the view (or
/// layer) belongs to, from when it joins one, as a link runs on the screen showing its view.
public final class CADisplayLink {
  private let callback: (CADisplayLink) -> Void
  private var link: DisplayLink?
  /// Set before `add(to:)` takes effect; kept when attached.
  private var pending = (paused: false, fps: 0)

  /// A link that runs `callback` at each refresh once added.
  public init(_ callback: @escaping (CADisplayLink) -> Void) { self.callback = callback }

  /// Starts the link on the clock of `layer`'s tree (the closure form's `add(to: .main, forMode: .common)`); for a
  /// layer not yet in a tree with a clock, from the moment it joins one, as a view's link made in its initializer
  /// starts once the view is on screen.
  public func add(to layer: CALayer) {
    guard !invalidated, link == nil else { return }
    guard let context = layer.engineLayer.animationContextInTree else {
      return layer.waitingDisplayLinks.append(self)
    }
    let link = DisplayLink(context: context) { [weak self] _ in
      guard let self else { return }
      self.callback(self)
    }
    link.isPaused = pending.paused
    link.preferredFramesPerSecond = pending.fps
    self.link = link
  }

  /// Starts the link on the clock of `view`'s tree.
  public func add(to view: UIView) { add(to: view.layer) }

  /// The time of the refresh being drawn.
  public var timestamp: CFTimeInterval { link?.timestamp ?? 0 }
  /// The time of the next refresh.
  public var targetTimestamp: CFTimeInterval { link?.targetTimestamp ?? 0 }
  /// The time between refreshes.
  public var duration: CFTimeInterval { link?.duration ?? 1 / DisplayLink.screenRate }
  /// Whether the callback is held back.
  public var isPaused: Bool {
    get { link?.isPaused ?? pending.paused }
    set {
      pending.paused = newValue
      link?.isPaused = newValue
    }
  }
  /// The rate the callback would like (0: the screen's 60).
  public var preferredFramesPerSecond: Int {
    get { link?.preferredFramesPerSecond ?? pending.fps }
    set {
      pending.fps = newValue
      link?.preferredFramesPerSecond = newValue
    }
  }

  /// Stops the link for good.
  public func invalidate() {
    invalidated = true
    link?.invalidate()
  }
  private var invalidated = false
}
