import FlipbookTesting
import Testing

@Suite(.snapshots(diffTool: "flipbook diff {expected} {actual} -o {artifacts}"))
struct PullTests {
  @Test func header() {
    let header = Layer()
    header.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
    header.position = CGPoint(x: 60, y: 20)
    header.backgroundColor = Color(red: 0.89, green: 0.91, blue: 0.94)
    header.cornerRadius = 8
    assertSnapshot(of: header, as: .image, named: "pulling")  // a layer tree, at scale 2
    assertSnapshot(of: header, as: .inspection, named: "pulling")  // its presentation as JSON text
  }

  @Test func pull() {
    let script = SnapshotDocument.file("Scripts/pull.json")
    assertSnapshots(of: script, as: .frames(at: [0.5, 0.8, 1.5]), named: "pull")  // one PNG per time
    assertSnapshots(of: script, as: .frames(atProgress: [0, 0.5, 1]), named: "pull")  // at refresh progress points
    assertSnapshot(of: script, as: .animation(fps: 10), named: "pull")  // one APNG: pixels and timing, frame by frame
    assertSnapshot(of: script, as: .manifest, named: "pull")  // the state trace as text, one frame a line
    assertSnapshot(of: script, as: .inspection(at: 0.8), named: "held")  // the presentation tree at a time
  }

  @Test func lottie() {
    let fade = SnapshotDocument.file("Animations/fade.json")
    assertSnapshots(of: fade, as: .frames(), named: "fade")  // a Lottie file at lottie-ios's five progress points
  }
}
