import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookScene

/// Every number in a document is finite and within ±1e9; times, speeds and counts within their own
/// ranges, so nothing downstream divides by a vanishing speed or counts past `Int`.
@Suite("Document numbers are bounded")
struct NumberLimitTests {
  func message(_ text: String) -> String? {
    do {
      _ = try SceneDocument.decode(Data(text.utf8), baseDirectory: URL(fileURLWithPath: "/tmp"))
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "Out-of-range numbers are refused at their path",
    arguments: [
      (
        ##"{"zPosition": 1e300}"##,
        "$.layers[0].zPosition: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        ##"{"frame": [0, 0, 2e9, 1]}"##,
        "$.layers[0].frame[2]: 2000000000 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        ##"{"beginTime": 1e300}"##,
        "$.layers[0].beginTime: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        ##"{"beginTime": 1e6}"##,
        "$.layers[0].beginTime: 1000000 s is beyond ±86400 s (a day), the longest a render runs"
      ),
      (##"{"speed": 1e-300}"##, "$.layers[0].speed: speed 1e-300 must be 0 or from 0.001 to 1000 either side of 0"),
      (##"{"speed": -0.0001}"##, "$.layers[0].speed: speed -0.0001 must be 0 or from 0.001 to 1000 either side of 0"),
      (
        ##"{"type": "text", "fontWeight": 1e300}"##,
        "$.layers[0].fontWeight: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
    ])
  func refused(layer: String, expected: String) {
    #expect(message(##"{"size": [10, 10], "layers": [\##(layer)]}"##) == expected)
  }

  @Test("Speeds of 0 and at the limits, and times of a day, are accepted")
  func accepted() {
    for layer in [
      ##"{"speed": 0}"##, ##"{"speed": 0.001}"##, ##"{"speed": -1000}"##, ##"{"beginTime": -86400}"##,
      ##"{"timeOffset": 86400}"##,
    ] {
      #expect(message(##"{"size": [10, 10], "layers": [\##(layer)]}"##) == nil, "\(layer)")
    }
  }

  @Test("An animation at the slowest speed and a million repeats evaluates without trapping")
  func extremeAnimation() throws {
    let scene = try SceneDocument.decode(
      Data(
        ##"{"size": [10, 10], "duration": 1, "layers": [{"name": "a", "animations": [{"keyPath": "opacity", "from": 0, "to": 1, "duration": 86400, "speed": 0.001, "repeatCount": 1000000, "beginTime": -86400, "cumulative": true}]}]}"##
          .utf8), baseDirectory: URL(fileURLWithPath: "/tmp"))
    scene.advance(to: 0.5)
    #expect(try scene.render().width == 20)
  }
}
