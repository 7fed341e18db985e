import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookTesting

/// The manual's Fidelity rule through the snapshot strategies, which advance the document to each time before
/// they look: at exactly the end of an active duration the end value shows, from any later time the model value.
@Suite("Inspection and frames at the end of an animation")
struct EndValueStrategyTests {
  /// A 20x10 scene whose red square (model x = 2) slides to x = 18 over 0.3 s, from 0.1 s: it ends at
  /// 0.1 + 0.3 = 0.4 s (0.4 as a decimal `--at` time too).
  static let slide = SnapshotDocument.json(
    ##"{"size": [20, 10], "scale": 1, "background": "#FFFFFF", "duration": 1, "layers": [{"name": "s", "frame": [0, 2, 4, 4], "backgroundColor": "#FF0000", "animations": [{"keyPath": "position.x", "from": 2, "to": 18, "duration": 0.3, "beginTime": 0.1}]}]}"##
  )

  @Test("inspect --at the end shows the end value; a frame later the model value")
  func inspection() throws {
    let atEnd = try Snapshotting<SnapshotDocument, String>.inspection(at: 0.4).snapshot(Self.slide)
    #expect(atEnd.contains("\"position\": [18, 4]"), "\(atEnd)")
    let after = try Snapshotting<SnapshotDocument, String>.inspection(at: 0.4 + 1.0 / 60).snapshot(Self.slide)
    #expect(after.contains("\"position\": [2, 4]"), "\(after)")
  }

  @Test("The frame at the end draws the square at its end; the next frame at the model")
  func frames() throws {
    let strategies = Snapshotting<SnapshotDocument, Image>.frames(at: [0.4, 0.5])
    let end = try strategies["t0.4"]!.snapshot(Self.slide)
    #expect(end.pixel(x: 17, y: 4) == RGBA8(255, 0, 0))
    #expect(end.pixel(x: 1, y: 4) == RGBA8(255, 255, 255))
    let later = try strategies["t0.5"]!.snapshot(Self.slide)
    #expect(later.pixel(x: 1, y: 4) == RGBA8(255, 0, 0))
    #expect(later.pixel(x: 17, y: 4) == RGBA8(255, 255, 255))
  }
}
