import FlipbookJSON
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookFrames

/// The manifest as one value: written byte for byte as `flipbook render` writes it, read back to the same
/// value, and refused in one line naming the file and the JSON path when it is damaged.
@Suite("manifest.json")
struct ManifestTests {
  /// A script render's manifest as `flipbook render` writes it (three frames at 7/3 fps from 1/2 s, the
  /// second a repeat), byte for byte.
  static let scriptText = """
    {
      "version": "1.0",
      "source": "pull.json",
      "refreshStyle": "ego",
      "refreshStates": ["normal", "pulling", "loading"],
      "offsetThreshold": -65,
      "touchDowns": [0.1],
      "touchUps": [0.6],
      "fps": "7/3",
      "from": 0.5,
      "frameCount": 3,
      "uniqueFrames": 2,
      "size": [640, 960],
      "scale": 2,
      "frames": [
        {"file": "frame_000000.png", "index": 0, "time": 0.5, "repeatsPrevious": false, "contentOffset": [0, -12.5], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false, "refreshState": "normal", "refreshProgress": 0.192308},
        {"file": "frame_000001.png", "index": 1, "time": 0.928571, "repeatsPrevious": true, "contentOffset": [0, -70], "contentInset": [0, 0, 0, 0], "dragging": false, "decelerating": true, "refreshState": "pulling", "refreshProgress": 1},
        {"file": "frame_000002.png", "index": 2, "time": 1.357143, "repeatsPrevious": false, "contentOffset": [0, -65], "contentInset": [65, 0, 0, 0], "dragging": false, "decelerating": false, "refreshState": "loading", "refreshProgress": 1}
      ]
    }

    """

  static func state(_ y: Double, inset: Double = 0, dragging: Bool, decelerating: Bool, _ refresh: String, _ p: Double)
    -> FrameState
  {
    FrameState(
      contentOffset: (0, y), contentInset: (inset, 0, 0, 0), dragging: dragging, decelerating: decelerating,
      refresh: .init(state: refresh, progress: p))
  }

  /// The same manifest built through the writer.
  static func scriptManifest() throws -> Manifest {
    let clock = FrameClock(start: Rational(1, 2)!, rate: Rational(7, 3)!, count: 3)
    var manifest = try Manifest(
      header: [
        ("source", "pull.json"), ("refreshStyle", "ego"),
        ("refreshStates", .strings(["normal", "pulling", "loading"])),
        ("offsetThreshold", -65), ("touchDowns", .numbers([0.1])), ("touchUps", .numbers([0.6])),
      ], clock: clock, size: (640, 960), scale: 2)
    try manifest.addFrame(
      index: 0, repeatsPrevious: false,
      state: state(-12.5, dragging: true, decelerating: false, "normal", 0.1923076923))
    try manifest.addFrame(
      index: 1, repeatsPrevious: true, state: state(-70, dragging: false, decelerating: true, "pulling", 1))
    try manifest.addFrame(
      index: 2, repeatsPrevious: false, state: state(-65, inset: 65, dragging: false, decelerating: false, "loading", 1)
    )
    return manifest
  }

  func read(_ text: String, path: String = "out/manifest.json") throws(ManifestError) -> Manifest {
    try Manifest(parsing: Data(text.utf8), path: path)
  }

  func error(_ text: String, path: String = "out/manifest.json") -> String? {
    do {
      _ = try read(text, path: path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("The writer's bytes: version first, the caller's header, the exact clock, one frame a line")
  func writerBytes() throws {
    #expect(try Self.scriptManifest().json == Self.scriptText)
  }

  @Test("A scene render's frames carry no state and an empty render lists no frames")
  func sceneAndEmpty() throws {
    var manifest = try Manifest(
      header: [("source", "scene.json")], clock: FrameClock(start: .zero, rate: Rational(60), count: 2),
      size: (10, 20), scale: 1)
    #expect(
      manifest.json == """
        {
          "version": "1.0",
          "source": "scene.json",
          "fps": 60,
          "from": 0,
          "frameCount": 0,
          "uniqueFrames": 0,
          "size": [10, 20],
          "scale": 1,
          "frames": []
        }

        """)
    try manifest.addFrame(index: 0, repeatsPrevious: false)
    try manifest.addFrame(index: 1, repeatsPrevious: true, info: [("pull", 0.5)])
    #expect(
      manifest.json.hasSuffix(
        """
          "frames": [
            {"file": "frame_000000.png", "index": 0, "time": 0, "repeatsPrevious": false},
            {"file": "frame_000001.png", "index": 1, "time": 0.016667, "repeatsPrevious": true, "pull": 0.5}
          ]
        }

        """))
  }

  @Test("Reading the text gives the value back, and writing that value gives the same bytes")
  func roundTrip() throws {
    let manifest = try read(Self.scriptText)
    #expect(manifest.version == ManifestVersion(major: 1, minor: 0))
    #expect(
      manifest.header.map(\.key) == [
        "source", "refreshStyle", "refreshStates", "offsetThreshold", "touchDowns", "touchUps",
      ])
    #expect(manifest.header.first?.value == .string("pull.json"))
    #expect(manifest.rate == Rational(7, 3) && manifest.start == Rational(1, 2))
    #expect(manifest.size?.width == 640 && manifest.size?.height == 960 && manifest.scale == 2)
    #expect(manifest.uniqueFrames == 2 && manifest.frames.count == 3)
    #expect(manifest.frames.map(\.file) == ["frame_000000.png", "frame_000001.png", "frame_000002.png"])
    #expect(manifest.frames.map(\.repeatsPrevious) == [false, true, false])
    #expect(manifest.frames[2].state == Self.state(-65, inset: 65, dragging: false, decelerating: false, "loading", 1))
    #expect(manifest.frames[1].state?.refresh == FrameState.Refresh(state: "pulling", progress: 1))
    #expect(manifest.json == Self.scriptText)
    // The writer's value rounds only on writing: its first frame's progress is the unrounded one.
    let written = try Self.scriptManifest()
    #expect(written.frames.dropFirst().map(\.state) == manifest.frames.dropFirst().map(\.state))
    #expect(written.frames[0].state?.refresh?.progress == 0.1923076923)
  }

  @Test("Times come exactly from the index: from + i/fps as fractions, never the rounded decimals")
  func exactTimes() throws {
    let manifest = try read(Self.scriptText)
    let expected = [Rational(1, 2)!, Rational(13, 14)!, Rational(19, 14)!]
    #expect(manifest.frames.map(\.exactTime) == expected)
    #expect(manifest.frames.allSatisfy { $0.isOnClock })
    #expect(manifest.clock?.time(ofFrame: 2) == expected[2])
    // A third of a second a frame: 0.333333 is written, 1/3 is meant.
    let thirds = try read(
      #"{"fps": 3, "from": "1/3", "frames": [{"file": "a.png", "index": 0, "time": 0.333333}, "#
        + #"{"file": "b.png", "index": 1, "time": 0.666667}]}"#)
    #expect(thirds.frames.map(\.exactTime) == [Rational(1, 3)!, Rational(2, 3)!])
    // Without an index (older renders) the decimal is all there is.
    let older = try read(#"{"fps": 10, "frames": [{"file": "a.png", "time": 0.1}]}"#)
    #expect(older.frames[0].exactTime == Rational(1, 10)! && !older.frames[0].isOnClock)
  }

  @Test("A manifest without a version is an older render's, read as 1.0; a newer minor version is read")
  func missingVersion() throws {
    let older = try read(Self.scriptText.replacingOccurrences(of: "  \"version\": \"1.0\",\n", with: ""))
    #expect(older.version == ManifestVersion(major: 1, minor: 0) && older.frames.count == 3)
    #expect(older.json == Self.scriptText)
    let newer = try read(#"{"version": "1.7", "extra": true, "frames": []}"#)
    #expect(newer.version == ManifestVersion(major: 1, minor: 7) && newer.header.map(\.key) == ["extra"])
  }

  @Test("A newer major version is refused in one line naming both versions")
  func newerMajor() {
    #expect(
      error(#"{"version": "2.0", "frames": []}"#)
        == "out/manifest.json: manifest version 2.0 is newer than this flipbook reads (1.x)")
    #expect(
      error(#"{"version": 1, "frames": []}"#)
        == #"out/manifest.json: "version" must be a string "MAJOR.MINOR" such as "1.0" (got 1)"#)
    #expect(error(#"{"version": "1.0.1", "frames": []}"#)?.contains(#"such as "1.0" (got "1.0.1")"#) == true)
  }

  @Test(
    "Damaged manifests: one line naming the file and the JSON path",
    arguments: [
      (#"{"fps": 60,"#, "out/manifest.json: not valid JSON (line 1, column "),
      ("[]", "out/manifest.json: is not a JSON object"),
      (#"{"fps": 60}"#, #"out/manifest.json: has no "frames" list"#),
      (#"{"fps": 0, "frames": []}"#, #"out/manifest.json: "fps" must be positive (got 0)"#),
      (
        #"{"fps": "1/x", "frames": []}"#,
        #"out/manifest.json: "fps" must be a number or a fraction such as "1/3" (got "1/x")"#
      ),
      (#"{"frames": [{"file": "a.png"}]}"#, #"out/manifest.json: frames[0] needs "file" and "time""#),
      (#"{"frames": [{"file": "../a.png", "time": 0}]}"#, #"out/manifest.json: frames[0]: "file": "../a.png" is not"#),
      (
        #"{"fps": 10, "from": 0, "frames": [{"file": "a.png", "time": 0, "index": 0.5}]}"#,
        "out/manifest.json: frames[0].index must be a whole number (got 0.5)"
      ),
      (
        #"{"fps": 10, "from": 0, "frames": [{"file": "a.png", "time": 0, "index": 0}, {"file": "b.png", "time": 0.3, "index": 1}]}"#,
        "out/manifest.json: frames[1].time 0.3 is not from + index/fps = 0.1; the manifest is inconsistent"
      ),
      (
        #"{"frames": [{"file": "a.png", "time": 0.2}, {"file": "b.png", "time": 0.1}]}"#,
        "out/manifest.json: frames[1] is at 0.1 s, not after frames[0] at 0.2 s; frame times must increase"
      ),
      (
        #"{"frames": [{"file": "a.png", "time": 0, "contentOffset": [0], "contentInset": [0, 0, 0, 0]}]}"#,
        "out/manifest.json: frames[0].contentOffset must be 2 numbers"
      ),
      (
        #"{"frames": [{"file": "a.png", "time": 0, "contentOffset": [0, 1], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false, "refreshState": 3}]}"#,
        "out/manifest.json: frames[0].refreshState must be a string"
      ),
      (
        #"{"frames": [{"file": "a.png", "time": 0, "repeatsPrevious": 1}]}"#,
        "out/manifest.json: frames[0].repeatsPrevious must be true or false"
      ),
      (#"{"size": [1], "frames": []}"#, #"out/manifest.json: "size" must be [width, height] in whole pixels"#),
      (#"{"frameCount": 2, "frames": []}"#, #"out/manifest.json: "frameCount" is 2, but "frames" lists 0"#),
    ])
  func damaged(text: String, message: String) {
    let error = error(text)
    #expect(error?.hasPrefix(message) == true, "\(error ?? "read")")
    #expect(error?.contains("\n") == false)
  }

  @Test("The writer refuses header and frame keys it writes itself, and duplicates")
  func reservedKeys() throws {
    let clock = FrameClock(start: .zero, rate: Rational(60), count: 1)
    #expect(throws: ManifestKeyConflict.self) {
      try Manifest(header: [("version", "2")], clock: clock, size: (1, 1), scale: 1)
    }
    #expect(throws: ManifestKeyConflict.self) {
      try Manifest(header: [("a", 1), ("a", 2)], clock: clock, size: (1, 1), scale: 1)
    }
    var manifest = try Manifest(header: [], clock: clock, size: (1, 1), scale: 1)
    #expect(throws: ManifestKeyConflict.self) {
      try manifest.addFrame(index: 0, repeatsPrevious: false, info: [("time", 1)])
    }
    #expect(throws: ManifestKeyConflict.self) {
      try manifest.addFrame(index: 0, repeatsPrevious: false, info: [("refreshState", "x")])
    }
  }

  @Test("Frame file names sort in frame order")
  func fileNames() {
    #expect(FrameFolder.frameFileName(index: 0) == "frame_000000.png")
    #expect(FrameFolder.frameFileName(index: 1234) == "frame_001234.png")
    #expect(FrameFolder.frameFileName(index: 1_234_567) == "frame_1234567.png")
  }
}
