import FlipbookTesting
import RefreshViews
import XCTest

final class UIKitViewXCTests: XCTestCase {
  func testArcRefreshControl() {
    let script = SnapshotDocument.file("Scripts/long-pull.json") { _ in arcRefreshHost() }
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshots(of: script, as: .frames(at: [0.6, 1.8], scale: 1), named: "arc")
    }
  }
}
