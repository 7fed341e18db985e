import FlipbookTesting
import XCTest

final class RefreshControlXCTests: XCTestCase {
  func testMJRefreshStateHeader() {
    let script = SnapshotDocument.file("Scripts/long-pull.json") { _ in
      let header = MJRefreshHeader(kind: .state, now: Date(timeIntervalSince1970: 1_796_086_980))
      header.automaticallyChangeAlpha = true  // the header fades in with the pull
      return MJRefreshControl(header: header)
    }
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshots(of: script, as: .frames(at: [0.5, 1.8], scale: 1), named: "state")
    }
  }
}
