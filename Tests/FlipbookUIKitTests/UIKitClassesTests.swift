import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookUIKit

/// The rest of the module's classes, each with a known value.
@Suite("UIKit classes")
struct UIKitClassesTests {
  @Test("CAKeyframeAnimation: discrete values change at evenly spaced times; a group cuts its members at its end")
  func keyframesAndGroups() throws {
    let (context, root) = hostedRoot(width: 100, height: 100)
    let layer = CALayer()
    root.layer.addSublayer(layer)
    let steps = CAKeyframeAnimation(keyPath: "opacity")
    steps.values = [0.0, 0.5, 1.0, 0.25]
    steps.calculationMode = .discrete
    steps.duration = 1
    let group = CAAnimationGroup()
    group.animations = [steps]
    group.duration = 0.6
    layer.add(group, forKey: "steps")
    context.advance(to: 0.3)
    #expect(layer.presentation()?.opacity == 0.5)
    context.advance(to: 0.55)
    #expect(layer.presentation()?.opacity == 1)
    context.advance(to: 0.7)
    #expect(layer.presentation()?.opacity == 1, "past the group's 0.6 s the model value shows")
  }

  @Test("CAGradientLayer and CAReplicatorLayer keep what they are given; CATextLayer's alignment is natural (left)")
  func layers() {
    let gradient = CAGradientLayer()
    gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    gradient.locations = [0, 0.8]
    #expect(gradient.colors?.count == 2 && gradient.locations?.map(\.doubleValue) == [0, 0.8])
    let replicator = CAReplicatorLayer()
    replicator.instanceCount = 8
    replicator.instanceAlphaOffset = -0.1
    #expect((replicator.engineLayer as? ReplicatorLayer)?.instanceAlphaOffset == Double(Float(-0.1)))
    let text = CATextLayer()
    text.string = "Pull"
    #expect(text.alignmentMode == .natural && (text.engineLayer as? TextLayer)?.alignmentMode == .left)
    #expect(text.string as? String == "Pull" && text.fontSize == 36)
  }

  @Test("UILabel draws its text in the system font; the gray activity indicator turns once started")
  func views() throws {
    let (context, root) = hostedRoot(width: 100, height: 100)
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    label.text = "Loading"
    label.font = .boldSystemFont(ofSize: 13)
    label.textAlignment = .center
    root.addSubview(label)
    let engine = try #require(label.layer.engineLayer as? Label)
    #expect(
      engine.string == "Loading" && engine.fontWeight == 700 && engine.fontSize == 13 && engine.alignmentMode == .center
    )
    let spinner = UIActivityIndicatorView(style: .gray)
    root.addSubview(spinner)
    #expect(spinner.isHidden && !spinner.isAnimating)
    spinner.startAnimating()
    context.advance(to: 0.5)
    #expect(!spinner.isHidden && spinner.isAnimating && spinner.frame.size == CGSize(width: 20, height: 20))
  }
}
