import FlipbookComponents
import FlipbookLottie
import FlipbookScene
import Foundation
import Testing

// MARK: - LottieHeaderRig

/// Gesture scripts with a Lottie refresh header, decoded from inline JSON beside a small Lottie file written for
/// the test: 30 fps, frames 0 to 90, 100x100, a red square whose x moves 0 → 90 pt over the timeline, with markers
/// `pull` (0, 30 frames), `refresh` (30, 30), `finish` (60, 30) and `middle` (45, no duration). A second file, `spin.json`, runs 0 to 48 at 24
/// fps with no markers.
enum LottieHeaderRig {
  static let header = """
    {"v": "5.7.4", "fr": 30, "ip": 0, "op": 90, "w": 100, "h": 100, "nm": "header",
     "markers": [{"tm": 0, "cm": "pull", "dr": 30}, {"tm": 30, "cm": "refresh", "dr": 30},
                 {"tm": 60, "cm": "finish", "dr": 30}, {"tm": 45, "cm": "middle", "dr": 0}],
     "layers": [{"ty": 1, "ind": 1, "nm": "square", "sc": "#ff0000", "sw": 10, "sh": 10, "ip": 0, "op": 90, "st": 0,
                 "sr": 1, "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]},
                 "s": {"a": 0, "k": [100, 100]},
                 "p": {"a": 1, "k": [{"t": 0, "s": [0, 45], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                     {"t": 90, "s": [90, 45]}]}}}]}
    """
  static let spin = """
    {"v": "5.7.4", "fr": 24, "ip": 0, "op": 48, "w": 40, "h": 40, "nm": "spin",
     "layers": [{"ty": 1, "ind": 1, "nm": "dot", "sc": "#0000ff", "sw": 40, "sh": 40, "ip": 0, "op": 48, "st": 0,
                 "sr": 1, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]},
                                                      "i": {"x": [1], "y": [1]}}, {"t": 48, "s": [100]}]}}}]}
    """

  /// A folder holding `header.json` and `spin.json`, made once per process.
  static let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lottie-header-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try? Data(header.utf8).write(to: url.appendingPathComponent("header.json"))
    try? Data(spin.utf8).write(to: url.appendingPathComponent("spin.json"))
    return url
  }()

  /// A 320x480 script at scale 1 over 30 rows with `refresh`, touches and events, reading files from `folder`.
  static func decode(_ refresh: String, touches: [String] = [], events: [String] = [], duration: Double = 8)
    throws -> ScriptScene
  {
    let text = """
      {"viewport": {"width": 320, "height": \(CustomScript.screenHeight), "scale": 1}, "duration": \(duration),
       "content": {"rows": 30}, "refresh": \(refresh),
       "touches": [\(touches.joined(separator: ", "))], "events": [\(events.joined(separator: ", "))]}
      """
    return try GestureScript.decode(Data(text.utf8), baseDirectory: folder)
  }

  /// The message a script with `refresh` fails with, or nil when it loads.
  static func message(_ refresh: String) -> String? {
    do {
      _ = try decode(refresh)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// How far the content is pulled below its resting top now, in points.
  static func pull(_ scene: ScriptScene) -> Double {
    max(-(scene.scrollView.contentOffset.y + scene.scrollView.contentInset.top), 0)
  }
}
