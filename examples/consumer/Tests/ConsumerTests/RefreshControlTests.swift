import FlipbookTesting
import Testing

@Suite(.snapshots(diffTool: "flipbook diff {expected} {actual} -o {artifacts}"))
struct RefreshControlTests {
  @Test func systemControl() {
    let script = SnapshotDocument.file("Scripts/long-pull.json") { _ in
      let control = UIRefreshControl()  // the system's control, in its modern look
      control.tintColor = Color(hex: "#FF2D55")!
      control.attributedTitle = NSAttributedString(string: "Pull to sync")
      return control
    }
    assertSnapshots(of: script, as: .frames(at: [0.5, 1.8]), named: "system")  // revealed, then spinning
    assertSnapshot(of: script, as: .manifest, named: "system")  // its states, frame by frame
  }

  @Test func mjRefreshHeader() {
    let script = SnapshotDocument.file("Scripts/long-pull.json") { _ in
      let header = MJRefreshHeader(
        strings: MJRefreshStrings.byLanguage["zh-Hant"]!, timeZone: TimeZone(identifier: "Asia/Taipei")!,
        now: Date(timeIntervalSince1970: 1_796_086_980))  // scene time 0 is 2026-12-01 09:03 in Taipei
      return MJRefreshControl(header: header)
    }
    assertSnapshots(of: script, as: .frames(at: [0.6, 1.8, 3.0]), named: "mj")  // pulling, loading, back
  }
}
