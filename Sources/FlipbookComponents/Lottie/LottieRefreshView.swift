import FlipbookGraphics
import FlipbookLayers
import FlipbookLottie
import FlipbookScrolling
import Foundation

// MARK: - LottieRefreshView

/// The refresh header a `LottieRefreshDesign` describes, for any host of a `PullRefreshView`:
/// - idle, pulling and armed: the pull animation paused at `design.pullFrame(atProgress:)` for the host's progress
///   (the pattern's `currentProgress = min(pull / distance, 1)`, into the pull stretch);
/// - `startAnimating`: the refreshing stretch plays from its start with its loop mode, on the second animation
///   when there is one (the pattern's `play()` with `loopMode = .loop`);
/// - `stopAnimating`: the finishing stretch plays once on the animation that was refreshing, when there is one;
///   otherwise the loop stops and the pull animation shows again, following the pull as the host retracts it;
/// - back at rest (`didBecomeIdle`, or any update while idle, pulling or armed): the pull animation again.
public final class LottieRefreshView: View, PullRefreshView {
  /// The declaration the view was built from.
  public let design: LottieRefreshDesign
  /// The layer the pull scrubs.
  public let pullLayer: LottieAnimationLayer
  /// The layer shown while refreshing when the design has a second animation.
  public let refreshLayer: LottieAnimationLayer?
  /// The inputs of the last update.
  public private(set) var inputs = RefreshInputs()
  /// Whether a played stretch (the refreshing loop, the finishing stretch) owns the screen, so updates do not scrub
  /// the pull over it; true from `startAnimating` until the header is back to following the pull.
  private var showsPlayback = false

  /// The header `design` describes, `width` points wide, showing the pull at rest.
  public init(design: LottieRefreshDesign, width: Double = 320) {
    self.design = design
    pullLayer = LottieAnimationLayer(animation: design.animation, options: design.buildOptions)
    refreshLayer = design.refreshAnimation.map {
      LottieAnimationLayer(animation: $0, options: design.refreshBuildOptions)
    }
    super.init(frame: CGRect(x: 0, y: -design.height, width: width, height: design.height))
    layer.name = "refreshView"
    backgroundColor = design.backgroundColor
    let box = design.animationSize ?? CGSize(width: width, height: design.height)
    for (animationLayer, name) in [(pullLayer, "pull"), (refreshLayer, "refreshing")] {
      guard let animationLayer else { continue }
      animationLayer.name = name
      animationLayer.anchorPoint = .zero
      animationLayer.position = CGPoint(x: (width - box.width) / 2, y: (design.height - box.height) / 2)
      animationLayer.fit(into: box, contentMode: design.contentMode)
      layer.addSublayer(animationLayer)
    }
    layer.withActionsDisabled {
      refreshLayer?.isHidden = true
      showPull()
    }
  }

  public var view: View { self }
  public var height: Double { design.height }

  /// The layer on screen now: the second animation's while it refreshes or finishes, else the pull's.
  public var visibleLayer: LottieAnimationLayer {
    if let refreshLayer, !refreshLayer.isHidden { return refreshLayer }
    return pullLayer
  }

  // MARK: PullRefreshView

  public func update(_ newInputs: RefreshInputs) {
    inputs = newInputs
    switch newInputs.phase {
    case .idle, .pulling, .armed: showPull()
    case .refreshing: break
    case .finishing: if !showsPlayback { showPull() }
    }
  }

  public func startAnimating() {
    play(design.refreshing, loopMode: design.refreshingLoopMode)
  }

  public func stopAnimating() {
    guard let finishing = design.finishing else { return showPull() }
    play(finishing, loopMode: .playOnce)
  }

  public func didBecomeIdle() { showPull() }

  // MARK: Helpers

  /// Shows the pull animation paused where the progress puts it. Coming back from a played stretch, a second
  /// animation stops and hides first; on every other scroll only the pull's frame moves.
  private func showPull() {
    if showsPlayback {
      showsPlayback = false
      refreshLayer?.stop()
      layer.withActionsDisabled {
        refreshLayer?.isHidden = true
        pullLayer.isHidden = false
      }
    }
    pullLayer.pause(atFrame: design.pullFrame(atProgress: inputs.progress))
  }

  /// Plays `range` from its start on the animation shown while refreshing.
  private func play(_ range: LottieRange, loopMode: LottieLoopMode) {
    showsPlayback = true
    let target = refreshLayer ?? pullLayer
    layer.withActionsDisabled {
      pullLayer.isHidden = target !== pullLayer
      refreshLayer?.isHidden = false
    }
    target.play(range, loopMode: loopMode)
  }
}
