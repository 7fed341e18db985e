import FlipbookLayers
import Foundation

// MARK: - CAAnimationGroup

/// Several animations on one timeline (`CAAnimationGroup`): each runs in the group's time, and the group cuts
/// them off at its own duration.
open class CAAnimationGroup: CAAnimation {
  /// The animations.
  open var animations: [CAAnimation]?

  /// An empty group.
  public override init() { super.init() }

  open override func copy() -> CAAnimation {
    let copy = CAAnimationGroup()
    copy.copyTiming(from: self)
    copy.animations = animations?.map { $0.copy() }
    return copy
  }

  override func engineAnimation(for layer: Layer) throws(CAAnimationProblem) -> any LayerAnimation {
    var members: [any LayerAnimation] = []
    for animation in animations ?? [] { members.append(try animation.engineAnimation(for: layer)) }
    var group = AnimationGroup(members)
    configure(&group)
    return group
  }
}
