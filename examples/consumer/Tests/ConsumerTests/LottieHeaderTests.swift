import FlipbookTesting
import Testing

@Suite(.snapshots(diffTool: "flipbook diff {expected} {actual} -o {artifacts}"))
struct LottieHeaderTests {
  @Test func trimLoader() {
    let script = SnapshotDocument.file("../lottie/trim-loader.json")  // a gesture script with a Lottie header
    assertSnapshots(of: script, as: .frames(atProgress: [0.25, 0.5, 1], scale: 1), named: "pull")  // scrubbed
    assertSnapshots(of: script, as: .frames(at: [2.0, 3.5], scale: 1), named: "refresh")  // the loop, the finish
  }

  @Test func loaderAnimation() {
    let loader = SnapshotDocument.file("../lottie/animations/trim-loader.json")  // the Lottie file alone
    assertSnapshots(of: loader, as: .frames(atFrames: [15, 45, 75], scale: 1), named: "loader")  // currentFrame
    assertSnapshot(of: loader, as: .animation(scale: 1), named: "loader")  // one APNG at the file's 30 fps
  }

  @Test func fromSwift() throws {
    let ball = try LottieFile(path: "../lottie/animations/bouncing-ball.json")  // a JSON file or a .lottie archive
    let design = LottieRefreshDesign(
      animation: ball.animation, buildOptions: ball.buildOptions, height: 48,
      pull: .marker("pull"), refreshing: .marker("refresh"), finishing: .marker("finish"))
    #expect(design.problems.isEmpty)  // every stretch names markers the file has
    let script = SnapshotDocument.file("Scripts/refresh.json") { viewport in
      var behaviour = design.defaultBehaviour  // progress over 150 pt, the inset held while the finish plays
      behaviour.progressDistance = 48  // this short screen pulls 52 pt at most
      return CustomRefreshControl(lottie: design, width: viewport.width, behaviour: behaviour)
    }
    assertSnapshots(of: script, as: .frames(at: [0.8, 1.6]), named: "ball")  // pulled, then bouncing
  }
}
