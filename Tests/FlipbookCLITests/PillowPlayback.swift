import Foundation

/// Plays an animated WebP with Pillow, an independent decoder, and reports which source frames it does not
/// show at their times.
enum PillowPlayback {
  /// Debian's Python, which has Pillow from python3-pil (a python3 earlier on the PATH may not).
  static let python = ExternalTool(path: "/usr/bin/python3")

  static var available: Bool {
    python.exists && (try? python.run(["-c", "import PIL"])) != nil
  }

  struct Report: Equatable {
    /// The sum of the file's frame durations.
    let totalMilliseconds: Int
    /// The source frames (by manifest index) whose picture is not the one on screen at their time.
    let wrongFrames: [Int]
  }

  static let script = """
    import json, sys
    from PIL import Image, ImageSequence
    folder, path = sys.argv[1], sys.argv[2]
    manifest = json.load(open(folder + "/manifest.json"))
    shown, start = [], 0
    for frame in ImageSequence.Iterator(Image.open(path)):
        shown.append((start, frame.convert("RGBA").tobytes()))
        start += frame.info["duration"]
    wrong = []
    for entry in manifest["frames"]:
        t = entry["index"] * 1000 / manifest["fps"]
        on = [f for s, f in shown if s <= t + 0.5][-1]
        if on != Image.open(folder + "/" + entry["file"]).convert("RGBA").tobytes():
            wrong.append(entry["index"])
    print(json.dumps({"total": start, "wrong": wrong}))
    """

  /// Nil when Pillow is not installed.
  static func check(webp: String, frames folder: String) throws -> Report? {
    guard available else { return nil }
    let output = try python.run(["-c", script, folder, webp])
    let report = try JSONSerialization.jsonObject(with: output) as? [String: Any] ?? [:]
    return Report(totalMilliseconds: report["total"] as? Int ?? -1, wrongFrames: report["wrong"] as? [Int] ?? [-1])
  }
}
