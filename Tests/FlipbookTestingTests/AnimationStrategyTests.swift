import FlipbookFrames
import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Animations: progress points, manifests, timing")
struct AnimationStrategyTests {
  static let egoScript = SnapshotDocument.file(
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/scripts/ego/full-refresh.json").path)

  @Test("frames(atProgress:) renders the first frame whose refresh progress reaches each point")
  func progressPoints() throws {
    let strategies = Snapshotting<SnapshotDocument, Image>.frames(atProgress: [0, 0.5, 1], scale: 0.25)
    #expect(strategies.keys.sorted() == ["p0", "p0.5", "p1"])
    let manifest = try Snapshotting<SnapshotDocument, String>.manifest.snapshot(Self.egoScript)
    let progress = manifest.split(separator: "\n").compactMap { line -> Double? in
      guard let range = line.range(of: "\"refreshProgress\": ") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != "}" && $0 != "," })
    }
    // The frame p0.5 shows is the first whose progress is at least 0.5: the frame before it is still short.
    let firstHalf = try #require(progress.firstIndex { $0 >= 0.5 })
    #expect(firstHalf > 0 && progress[firstHalf - 1] < 0.5)
    let half = try strategies["p0.5"]!.snapshot(Self.egoScript)
    let atFrame = try Snapshotting<SnapshotDocument, Image>.frame(at: Double(firstHalf) / 60, scale: 0.25)
      .snapshot(Self.egoScript)
    #expect(half == atFrame)
  }

  @Test("A progress point the pull never reaches fails, naming the furthest it got")
  func unreachableProgress() {
    let short = SnapshotDocument.json(
      #"{"viewport": {"width": 80, "height": 120, "scale": 1}, "duration": 0.5, "refresh": {"style": "ego"}, "touches": [{"down": 0, "up": 0.4, "track": [{"at": 0, "y": 0}, {"at": 0.4, "y": 20}]}]}"#
    )
    #expect {
      try Snapshotting<SnapshotDocument, Image>.frames(atProgress: [1])["p1"]!.snapshot(short)
    } throws: { error in
      "\(error)".contains("the refresh progress of inline JSON never reaches 1 (furthest: 0.")
    }
  }

  @Test("The manifest is flipbook render's format, one line per frame with the scroll and refresh state")
  func manifest() throws {
    let text = try Snapshotting<SnapshotDocument, String>.manifest(fps: 10, to: 1).snapshot(Self.egoScript)
    let lines = text.split(separator: "\n")
    #expect(lines.prefix(3) == ["{", "  \"version\": \"1.0\",", "  \"source\": \"\(Self.egoScript.origin)\","])
    #expect(lines.contains("  \"refreshStates\": [\"normal\", \"pulling\", \"loading\"],"))
    #expect(lines.contains("  \"frameCount\": 10,"))
    #expect(lines.filter { $0.hasPrefix("    {\"file\": \"frame_") }.count == 10)
    #expect(text.contains("{\"file\": \"frame_000000.png\", \"index\": 0, \"time\": 0, \"contentOffset\": [0, 0]"))
    #expect(text.contains("\"refreshState\": \"normal\", \"refreshProgress\": 0}"))
    // Without pixels there are no repeats to tell; everything else reads back as a render's manifest does.
    #expect(!text.contains("repeatsPrevious") && !text.contains("uniqueFrames"))
    let read = try Manifest(parsing: Data(text.utf8), path: "snapshot")
    #expect(read.json == text && read.frames.count == 10)
    #expect(read.frames[3].exactTime == Rational(3, 10)! && read.frames[3].state?.refresh?.state == "normal")
  }

  @Test("An animation's timing is compared exactly, as well as its pixels")
  func timing() throws {
    let square = try squareImage()
    let reference = AnimationFrames(
      frames: [square, square, square], durations: [Rational(1, 10)!, Rational(1, 10)!, Rational(1, 10)!])
    let retimed = AnimationFrames(
      frames: [square, square, square], durations: [Rational(1, 10)!, Rational(1, 5)!, Rational(1, 10)!])
    let diffing = Diffing<AnimationFrames>.animation()
    // The stored file keeps every frame and its exact delay, identical frames included.
    let stored = try diffing.fromData(try diffing.toData(reference))
    #expect(stored.frames.count == 3 && stored.durations == reference.durations)
    #expect(diffing.diff(stored, reference) == nil)
    #expect(
      diffing.diff(reference, retimed)?.message
        == "Timing differs for 1 frame (first: frame 1 shows for 1/5 s, expected 1/10 s)")
  }

  @Test("A frame's failure files are labelled in full: no label is cut short or runs into its path")
  func labels() throws {
    let sandbox = Sandbox()
    let reference = AnimationFrames(fps: 10, frames: [try squareImage(), try squareImage()])
    let changed = AnimationFrames(fps: 10, frames: [try squareImage(), try squareImage(x: 10)])
    let strategy = Snapshotting<AnimationFrames, AnimationFrames>(pathExtension: "png", diffing: .animation())
    _ = verify(reference, as: strategy, location: sandbox.location("a"), record: .missing)
    let message =
      verify(
        changed, as: strategy, location: sandbox.location("a"), record: .never,
        environment: ["SNAPSHOT_ARTIFACTS": sandbox.artifacts.path]
      ).message ?? ""
    let folder = sandbox.artifacts.appendingPathComponent("FakeTests").path
    #expect(message.contains("1 of 2 frames differ (first: frame 1 at 1/10 s, "), "\(message)")
    #expect(message.contains("\nFrame 1 expected: \(folder)/check.a.frame1-expected.png\n"), "\(message)")
    #expect(message.contains("\nFrame 1 strip:    \(folder)/check.a.frame1-strip.png\n"), "\(message)")
  }
}

@Suite("Lottie animations at lottie-ios's progress points")
struct LottieProgressStrategyTests {
  /// The CLI tests' fade: a 40x30 red solid whose opacity is f/10 at frame f (10 fps, frames 0…10).
  static let fade = SnapshotDocument.file(
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FlipbookCLITests/__Fixtures__/lottie-fade.json").path)

  @Test(
    "frames(atProgress:) shows a Lottie animation at currentProgress p: frame ip + (op − ip)·p, by default at 0, 0.25, 0.5, 0.75 and 1"
  )
  func lottieProgress() throws {
    let strategies = Snapshotting<SnapshotDocument, Image>.frames(scale: 1)
    #expect(strategies.keys.sorted() == ["p0", "p0.25", "p0.5", "p0.75", "p1"])
    for (key, frame) in [("p0", 0.0), ("p0.25", 2.5), ("p0.5", 5.0), ("p0.75", 7.5), ("p1", 10.0)] {
      let image = try strategies[key]!.snapshot(Self.fade)
      #expect(image.width == 40 && image.height == 30)
      let pixel = image.pixel(x: 20, y: 15)
      #expect(abs(Double(pixel.a) - frame / 10 * 255) <= 1, "\(key): alpha \(pixel.a) for frame \(frame)")
    }
  }

  @Test("A script without a refresh component, and no Lottie animation, has no progress to sample")
  func noProgress() {
    let scene = SnapshotDocument.json(#"{"viewport": {"width": 80, "height": 120, "scale": 1}, "duration": 0.5}"#)
    #expect {
      try Snapshotting<SnapshotDocument, Image>.frames(atProgress: [0.5])["p0.5"]!.snapshot(scene)
    } throws: { error in
      "\(error)".contains("has no refresh component, so it has no refresh progress to sample")
    }
  }
}
