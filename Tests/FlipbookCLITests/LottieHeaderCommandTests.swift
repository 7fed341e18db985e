import FlipbookJSON
import Foundation
import Testing

/// The Lottie header examples (`examples/lottie/`) on the command line: they render with their refresh states in the
/// manifest, `inspect` shows the header's frame where the pull and the loop put it, and a bad declaration is one
/// `Error:` line that writes nothing.
@Suite("Lottie refresh headers on the command line")
struct LottieHeaderCommandTests {
  static let folder = Workspace.examples.appendingPathComponent("lottie")
  let loader = folder.appendingPathComponent("trim-loader.json").path

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-header-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The `currentFrame` of the layer named `name` in an `inspect` dump.
  func currentFrame(of name: String, in dump: JSONValue) -> Double? {
    if case .object(let members) = dump {
      if members.contains(where: { $0.key == "name" && $0.value == .string(name) }),
        case .number(let frame)? = members.first(where: { $0.key == "currentFrame" })?.value
      {
        return frame
      }
      for (_, value) in members { if let found = currentFrame(of: name, in: value) { return found } }
    }
    if case .array(let items) = dump {
      for item in items { if let found = currentFrame(of: name, in: item) { return found } }
    }
    return nil
  }

  @Test(
    "inspect shows the pull's frame while held, then 30 + (30 t mod 30) t seconds after the 1.4 s release",
    arguments: [(0.2, 0.0), (1.3, 30.0), (1.5, 33.0), (2.0, 48.0), (2.5, 33.0)])
  func inspectedFrames(at time: Double, frame: Double) throws {
    let result = try FlipbookBinary.run(["inspect", loader, "--at", "\(time)", "-q"])
    #expect(result.exitCode == 0, "\(result)")
    let dump = try JSONParser.parse(Data(result.stdout.utf8))
    let shown = try #require(currentFrame(of: "pull", in: dump), "the header's Lottie layer is named pull")
    #expect(abs(shown - frame) < 1e-6, "at \(time) s: frame \(shown)")
  }

  @Test("Every example renders, its manifest going idle → pulling → armed → refreshing → finishing → idle")
  func examplesRender() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["trim-loader", "bouncing-ball"] {
      let output = dir.appendingPathComponent(name).path
      let script = Self.folder.appendingPathComponent("\(name).json").path
      let result = try FlipbookBinary.run(["render", script, "-o", output, "--scale", "1", "-q"])
      #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
      let manifest = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: output + "/manifest.json")))
      guard case .array(let frames)? = manifest["frames"] else {
        Issue.record("no frames in \(name)'s manifest")
        continue
      }
      // 4.6 s at 30 fps.
      #expect(frames.count == 138)
      var states: [String] = []
      for frame in frames {
        if case .string(let state)? = frame["refreshState"], states.last != state { states.append(state) }
      }
      #expect(states == ["idle", "pulling", "armed", "refreshing", "finishing", "idle"], "\(name): \(states)")
    }
  }

  @Test("A marker the file lacks is one Error: line naming the JSON path; nothing is written")
  func badMarker() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(
      at: Self.folder.appendingPathComponent("animations"), to: dir.appendingPathComponent("animations"))
    let script = try String(contentsOfFile: loader, encoding: .utf8)
      .replacingOccurrences(of: #""pull": { "marker": "pull" }"#, with: #""pull": { "marker": "drag" }"#)
    #expect(script.contains("drag"))
    let path = dir.appendingPathComponent("bad.json").path
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("frames").path
    let result = try FlipbookBinary.run(["render", path, "-o", output])
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: \(path): $.refresh.pull.marker: animations/trim-loader.json has no marker \"drag\"; its markers are "
        + "\"pull\", "
        + "\"refresh\", \"finish\"\n")
    #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
  }
}
