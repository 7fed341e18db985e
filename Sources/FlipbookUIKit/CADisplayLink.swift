import FlipbookLayers
import Foundation

// MARK: - CADisplayLink

/// `CADisplayLink` on a layer tree's virtual clock: 60 refreshes a second, whatever frame rate renders them.
///
/// Swift on Linux has no Objective-C runtime, so `CADisplayLink(target: self, selector: #selector(step))` cannot
/// compile here; the one-line change is to the closure form, `CADisplayLink { [weak self] link in self?.step(link) }`.
/// `add(to:forMode:)` then attaches it to the clock of the tree `view` (or `layer`) belongs to: a display link runs
/// on a screen, and a view in no tree has none.
public final class CADisplayLink {
  private let callback: (CADisplayLink) -> Void
  private var link: DisplayLink?
  /// Set before `add(to:forMode:)` takes effect; kept when attached.
  private var pending = (paused: false, fps: 0)

  /// A link that runs `callback` at each refresh once added.
  public init(_ callback: @escaping (CADisplayLink) -> Void) { self.callback = callback }

  /// Starts the link on the clock of `layer`'s tree (the closure form's `add(to: .main, forMode: .common)`); a
  /// layer in no tree with a clock stops the program with a message, as nothing could drive the link.
  public func add(to layer: CALayer) {
    guard let context = layer.engineLayer.animationContextInTree else {
      preconditionFailure("CADisplayLink.add(to:): the layer is in no tree with a clock; add it to the view first")
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
  public func invalidate() { link?.invalidate() }
}
