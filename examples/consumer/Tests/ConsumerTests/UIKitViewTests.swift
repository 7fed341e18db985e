import FlipbookTesting
import RefreshViews
import Testing

@Suite(.snapshots(diffTool: "flipbook diff {expected} {actual} -o {artifacts}"))
struct UIKitViewTests {
  @Test func arcRefreshControl() {
    // A UIRefreshControl subclass written as for iOS, installed with `refreshControl =` (see RefreshViews).
    let script = SnapshotDocument.file("Scripts/long-pull.json") { _ in arcRefreshHost() }
    assertSnapshots(of: script, as: .frames(at: [0.6, 1.8, 3.2]), named: "arc")  // filling, spinning, gone
    assertSnapshot(of: script, as: .manifest, named: "arc")  // the control's states, frame by frame
  }
}
