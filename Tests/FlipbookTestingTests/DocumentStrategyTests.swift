import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Documents: frames, animations, inspection")
struct DocumentStrategyTests {
  /// A 20x10 scene whose red square slides right over 1 s.
  static let slide = SnapshotDocument.json(
    ##"{"size": [20, 10], "scale": 1, "background": "#FFFFFF", "duration": 1, "layers": [{"name": "s", "frame": [0, 2, 4, 4], "backgroundColor": "#FF0000", "animations": [{"keyPath": "position.x", "from": 2, "to": 18, "duration": 1}]}]}"##
  )
  static let slower = SnapshotDocument.json(
    ##"{"size": [20, 10], "scale": 1, "background": "#FFFFFF", "duration": 1, "layers": [{"name": "s", "frame": [0, 2, 4, 4], "backgroundColor": "#FF0000", "animations": [{"keyPath": "position.x", "from": 2, "to": 14, "duration": 1}]}]}"##
  )

  @Test("An animation is stored as one APNG and compared frame by frame")
  func animation() throws {
    let sandbox = Sandbox()
    let strategy = Snapshotting<SnapshotDocument, AnimationFrames>.animation(fps: 10)
    let location = sandbox.location("slide")
    #expect(
      verify(Self.slide, as: strategy, location: location, record: .missing).message?.hasPrefix("No reference") == true)
    #expect(verify(Self.slide, as: strategy, location: location, record: .never).message == nil)
    let failure = verify(Self.slower, as: strategy, location: location, record: .never).message ?? ""
    #expect(failure.contains("9 of 10 frames differ (first: frame 1 at 1/10 s, "), "\(failure)")
    let fewer = verify(Self.slide, as: .animation(fps: 5), location: location, record: .never).message ?? ""
    #expect(
      fewer.contains("Frame counts differ: the reference has 10 frames (1 s), the new animation 5 (1 s at 5 fps)."),
      "\(fewer)")
  }

  @Test("frames(at:) gives one reference per time")
  func frames() throws {
    let strategies = Snapshotting<SnapshotDocument, Image>.frames(at: [0, 0.5])
    #expect(strategies.keys.sorted() == ["t0", "t0.5"])
    let half = try strategies["t0.5"]!.snapshot(Self.slide)
    #expect(half.pixel(x: 10, y: 4) == RGBA8(255, 0, 0))
    #expect(half.pixel(x: 3, y: 4) == RGBA8(255, 255, 255))
  }

  @Test("Inspection at a time is the presentation as JSON")
  func inspection() throws {
    let text = try Snapshotting<SnapshotDocument, String>.inspection(at: 0.5).snapshot(Self.slide)
    #expect(text.hasPrefix("{\n  \"time\": 0.5,"))
    #expect(text.contains("\"position\": [10, 4]"))
  }

  @Test("A document that cannot load fails the snapshot with its error")
  func badDocument() {
    let sandbox = Sandbox()
    let result = verify(
      SnapshotDocument.json("{"), as: .frame(at: 0), location: sandbox.location("bad"), record: .never)
    #expect(
      result.message?.hasPrefix("Snapshot \"bad\" could not be taken: inline JSON: line 1, column 2") == true,
      "\(result.message ?? "")")
  }
}
