import FlipbookLayers
import Foundation

@testable import FlipbookUIKit

/// A root view of `width` x `height` on a tree with a clock at time 0, as a host sets one up.
func hostedRoot(width: CGFloat = 320, height: CGFloat = 480) -> (AnimationContext, UIView) {
  let context = AnimationContext()
  let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
  root.layer.engineLayer.animationContext = context
  return (context, root)
}
