import FlipbookTesting
import XCTest

final class RefreshViewXCTests: XCTestCase {
  func testDotAtProgressPoints() {
    let script = SnapshotDocument.file("Scripts/refresh.json") { _ in
      let container = PullToRefreshContainer()
      container.useRefreshViews { width in DotRefreshView(width: width) }
      return container
    }
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshots(of: script, as: .frames(atProgress: [0.5, 1]), named: "dot")
    }
  }
}
