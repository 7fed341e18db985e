import FlipbookTesting
import XCTest

final class LottieHeaderXCTests: XCTestCase {
  func testBouncingBall() {
    let script = SnapshotDocument.file("../lottie/bouncing-ball.json")
    let ball = SnapshotDocument.file("../lottie/animations/bouncing-ball.json")
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshots(of: script, as: .frames(atProgress: [0.5, 1], scale: 1), named: "pull")
      assertSnapshots(of: script, as: .frames(at: [2.0], scale: 1), named: "bounce")
      assertSnapshots(of: ball, as: .frames(), named: "ball")  // lottie-ios's five progress points
    }
  }

  func testInAPLContainer() {
    let script = SnapshotDocument.file("../lottie/apl-bouncing-ball.json")
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshots(of: script, as: .frames(atProgress: [0.5, 0.9], scale: 1), named: "apl")  // APL's progress
      assertSnapshot(of: script, as: .manifest, named: "apl")  // APL's states, frame by frame
    }
  }
}
