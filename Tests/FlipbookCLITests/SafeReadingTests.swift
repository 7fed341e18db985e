import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

/// Special files and hostile images given to the CLI: each answered at once with one exact `Error:` line
/// naming the file and what it is, exit 1 for render and preview and 2 for diff, and nothing written.
@Suite("Safe reading from the command line")
struct SafeReadingTests {
  let dir: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-safe-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { (dir as NSString).appendingPathComponent(name) }

  /// Runs flipbook and checks the whole result: exit code, nothing on stdout, exactly `stderr`, within
  /// two seconds, and no output written.
  func expect(_ arguments: [String], exit: Int32, stderr: String, output: String? = nil) throws {
    let started = Date()
    let result = try FlipbookBinary.run(arguments)
    #expect(result == .init(exitCode: exit, stdout: "", stderr: stderr))
    #expect(Date().timeIntervalSince(started) < 2, "no blocking")
    if let output { #expect(!FileManager.default.fileExists(atPath: output), "nothing written") }
  }

  func scene(named name: String, contents file: String) throws -> String {
    let scene = path(name)
    let text =
      #"{ "size": [40, 30], "scale": 1, "layers": [ { "name": "p", "frame": [0, 0, 10, 10], "contents": { "file": "\#(file)" } } ] }"#
    try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
    return scene
  }

  @Test func aFIFOAsTheDocumentSaysItIsAFIFO() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = path("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    try expect(
      ["render", fifo, "-o", path("out.png")], exit: 1,
      stderr: "Error: \(fifo): cannot read the file (is a FIFO, not a regular file)\n", output: path("out.png"))
  }

  @Test func aFIFOAsAContentsImageIsRefusedWithoutBlocking() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(mkfifo(path("pic.png"), 0o600) == 0)
    let scene = try scene(named: "s.json", contents: "pic.png")
    try expect(
      ["render", scene, "-o", path("out.png")], exit: 1,
      stderr: "Error: \(scene): $.layers[0].contents: \(path("pic.png")): is a FIFO, not a regular file\n",
      output: path("out.png"))
  }

  @Test func devZeroBehindASymlinkAsAContentsImageIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: path("z.png"), withDestinationPath: "/dev/zero")
    let scene = try scene(named: "s.json", contents: "z.png")
    // The link leads out of the document's folder, which is refused first; allowed, the device is.
    try expect(
      ["render", scene, "-o", path("out")], exit: 1,
      stderr: "Error: \(scene): $.layers[0].contents.file: \"z.png\" is a symbolic link to /dev/zero, outside the "
        + "document's folder \(dir); pass --allow-outside-files to read it\n",
      output: path("out"))
    try expect(
      ["render", scene, "-o", path("out"), "--allow-outside-files"], exit: 1,
      stderr: "Error: \(scene): $.layers[0].contents: \(path("z.png")): is a character device, not a regular file\n",
      output: path("out"))
  }

  @Test func diffRefusesDevZeroAndAFolderFrameThatIsAFIFO() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let good = path("good.png")
    try Image(width: 4, height: 4, rgba: [UInt8](repeating: 90, count: 64)).writePNG(toFile: good)
    try expect(
      ["diff", good, "/dev/zero"], exit: 2, stderr: "Error: /dev/zero: is a character device, not a regular file\n")
    for side in ["a", "b"] {
      try FileManager.default.createDirectory(atPath: path(side), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: good, toPath: path("\(side)/frame_000000.png"))
    }
    #expect(mkfifo(path("b/frame_000001.png"), 0o600) == 0)
    try FileManager.default.copyItem(atPath: good, toPath: path("a/frame_000001.png"))
    try expect(
      ["diff", path("a"), path("b")], exit: 2,
      stderr: "Error: \(path("b/frame_000001.png")): is a FIFO, not a regular file\n")
  }

  @Test func diffNamesTheFileWhoseHeaderIsTooLarge() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let good = path("good.png")
    try Image(width: 4, height: 4, rgba: [UInt8](repeating: 90, count: 64)).writePNG(toFile: good)
    // A valid PNG container whose IHDR says 5000x5000: within ImageLimits, beyond the decoding budget.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
    bytes.replaceSubrange(16..<24, with: [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88])
    let crc = CRC32.checksum(bytes, in: 12..<29)
    bytes.replaceSubrange(
      29..<33, with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
    let huge = path("huge.png")
    try Data(bytes).write(to: URL(fileURLWithPath: huge))
    let message = "image size 5000x5000 refused: more than ImageLimits.maxDecodedPixels (8388608) pixels to decode"
    try expect(["diff", good, huge], exit: 2, stderr: "Error: \(huge): \(message)\n")
    try expect(["diff", huge, good], exit: 2, stderr: "Error: \(huge): \(message)\n")
  }

  @Test func previewRefusesAManifestThatIsAFIFO() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: path("frames"), withIntermediateDirectories: true)
    #expect(mkfifo(path("frames/manifest.json"), 0o600) == 0)
    try expect(
      ["preview", path("frames"), "--html", path("p.html")], exit: 1,
      stderr: "Error: \(path("frames/manifest.json")): is a FIFO, not a regular file\n", output: path("p.html"))
  }
}
