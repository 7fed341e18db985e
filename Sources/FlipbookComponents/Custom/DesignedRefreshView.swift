import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import Foundation

// MARK: - DesignedRefreshView

/// The refresh view a `RefreshDesign` describes: a view of the design's height holding its layers, whose
/// bindings follow every update and whose reactions run at their moments. `beyondThreshold` and
/// `withinThreshold` run when an update during a pull (phase `pulling` or `armed`) crosses the threshold, after
/// that update's bindings; the others when the host says so, which a free-standing control does after telling
/// the view the new phase. So in any instant bindings run first and reactions last, and a binding does not
/// run again on a layer a reaction has changed until the clock moves on.
public final class DesignedRefreshView: View, PullRefreshView {
  /// The declaration the view was built from.
  public let design: RefreshDesign
  /// The inputs of the last update.
  public private(set) var inputs = RefreshInputs()
  /// Every reaction run, with the tree's time: `startAnimating`, `beyondThreshold`…
  public private(set) var moments: [(time: Double, moment: RefreshMoment)] = []
  private var pendingAnimations: [(layer: Layer, key: String?, animation: any LayerAnimation)]
  private var pendingStarts: [() -> Void]
  /// The clocks of delayed reactions, one per reaction of a moment, by layer name, made when first needed (the
  /// moment coming again replaces its pending run).
  private var reactionTimers: [String: VirtualTimer] = [:]
  /// Each binding with the layer it drives, found once: bindings run on every scroll.
  private var boundLayers: [(binding: RefreshBinding, layer: Layer)] = []
  /// The layers the last reactions changed, and when: bindings leave them alone until the clock moves on, so
  /// a reaction's animated change is never undone in the instant it starts.
  private var reacted: (time: Double, layerNames: Set<String>) = (-.infinity, [])

  /// The view `design` describes, `width` points wide, with its bindings applied to the resting inputs.
  public init(design: RefreshDesign, width: Double = 320) {
    self.design = design
    let made = design.makeLayers()
    pendingAnimations = made.animations
    pendingStarts = made.starts
    super.init(frame: CGRect(x: 0, y: -design.height, width: width, height: design.height))
    layer.name = "refreshView"
    backgroundColor = design.backgroundColor
    for sublayer in made.layers { layer.addSublayer(sublayer) }
    boundLayers = design.bindings.compactMap { binding in layer(named: binding.layerName).map { (binding, $0) } }
    layer.withActionsDisabled { applyBindings() }
  }

  public var view: View { self }
  public var height: Double { design.height }

  /// The first layer named `name` in the view.
  public func layer(named name: String) -> Layer? { layer.layer(named: name) }

  // MARK: PullRefreshView

  public func update(_ newInputs: RefreshInputs) {
    startDeclaredAnimations()
    let old = inputs
    inputs = newInputs
    if [.idle, .finishing].contains(old.phase), [.pulling, .armed, .refreshing].contains(newInputs.phase) {
      design.pulls.begun += 1
    }
    applyBindings()
    let pulling: Set<RefreshPhase> = [.pulling, .armed]
    if pulling.contains(newInputs.phase), old.isBeyondThreshold != newInputs.isBeyondThreshold {
      react(newInputs.isBeyondThreshold ? .beyondThreshold : .withinThreshold)
    }
  }

  public func startAnimating() { react(.startAnimating) }
  public func stopAnimating() { react(.stopAnimating) }
  public func didBecomeIdle() { react(.idle) }

  // MARK: Helpers

  private func applyBindings() {
    let now = layer.animationContextInTree?.currentTime
    for (binding, target) in boundLayers {
      if now == reacted.time, reacted.layerNames.contains(binding.layerName) { continue }
      binding.apply(to: target, inputs)
    }
  }

  /// Runs `reaction` now, remembering the layers it changed.
  private func run(_ reaction: RefreshReaction) {
    let context = layer.animationContextInTree
    let now = context?.currentTime ?? -.infinity
    if reacted.time != now { reacted = (now, []) }
    reacted.layerNames.formUnion(reaction.changes.map(\.layerName))
    reaction.run(in: context, pull: design.pulls.current) { layer(named: $0) }
  }

  private func react(_ moment: RefreshMoment) {
    startDeclaredAnimations()
    let context = layer.animationContextInTree
    moments.append((context?.currentTime ?? 0, moment))
    for (index, reaction) in (design.reactions[moment] ?? []).enumerated() {
      guard reaction.delay > 0, context != nil else {
        run(reaction)
        continue
      }
      let name = "reactionTimer.\(moment.rawValue).\(index)"
      let timer = reactionTimers[name] ?? VirtualTimer(name: name)
      if reactionTimers[name] == nil {
        reactionTimers[name] = timer
        layer.addSublayer(timer.layer)
      }
      timer.schedule(after: reaction.delay) { [weak self] in self?.run(reaction) }
    }
  }

  /// The layers' own animations and playback start once the view is in a tree with a clock (their begin times
  /// belong to its timeline).
  private func startDeclaredAnimations() {
    guard !pendingAnimations.isEmpty || !pendingStarts.isEmpty, layer.animationContextInTree != nil else { return }
    let waiting = pendingAnimations
    let starts = pendingStarts
    pendingAnimations = []
    pendingStarts = []
    for (target, key, animation) in waiting { try? target.add(animation, forKey: key) }
    for start in starts { start() }
  }
}
