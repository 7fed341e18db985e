import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

/// Inputs `flipbook diff` cannot compare at all: exit 2 and exactly one `Error: <file>: <what>` line on
/// stderr naming the bad input, nothing on stdout, as `cmp` and `diff` report trouble.
@Suite("flipbook diff: trouble exits 2")
struct DiffTroubleTests {
  let dir: URL
  let good: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-trouble-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    good = dir.appendingPathComponent("good.png").path
    try Image(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 8 * 8 * 4)).writePNG(toFile: good)
  }

  func file(_ name: String, _ bytes: Data) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Folders `a` and `b`, each holding a copy of the good PNG named `name`.
  func twoFolders(holding name: String) throws -> [URL] {
    try ["a", "b"].map { side in
      let folder = dir.appendingPathComponent(side)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: good, toPath: folder.appendingPathComponent(name).path)
      return folder
    }
  }

  /// Runs `flipbook diff` and checks the trouble report: exit 2, one line naming `file`, saying `what`.
  func expectTrouble(_ arguments: [String], file: String, saying what: String, prefix: String? = nil) throws {
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try FlipbookBinary.run(["diff"] + arguments)
    #expect(result.exitCode == 2, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.hasPrefix(prefix ?? "Error: \(file): "), "\(result)")
    #expect(result.stderr.contains(what), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
  }

  @Test("A missing file, on either side, is named")
  func missing() throws {
    let missing = dir.appendingPathComponent("missing.png").path
    try expectTrouble([good, missing], file: missing, saying: "no such file or folder")
  }

  @Test("A missing expected file is named even when the actual one is fine")
  func missingExpected() throws {
    let missing = dir.appendingPathComponent("gone.png").path
    try expectTrouble([missing, good], file: missing, saying: "no such file or folder")
  }

  @Test("A truncated PNG")
  func truncated() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: good))
    let cut = try file("cut.png", whole.prefix(whole.count / 2))
    try expectTrouble([good, cut], file: cut, saying: "truncated")
  }

  @Test("A file that is not a PNG at all")
  func notPNG() throws {
    let text = try file("text.png", Data("nope".utf8))
    try expectTrouble([text, good], file: text, saying: "not a PNG")
  }

  @Test("A Git LFS pointer says it is one and how to fix it")
  func lfsPointer() throws {
    let pointer = try file(
      "pointer.png",
      Data(
        "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 1234\n".utf8))
    try expectTrouble([good, pointer], file: pointer, saying: "is a Git LFS pointer, not a PNG; run git lfs pull")
  }

  @Test("A PNG against a folder: the second input is named with both kinds")
  func mismatchedKinds() throws {
    let folder = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: good, toPath: folder.appendingPathComponent("frame_000000.png").path)
    try expectTrouble(
      [good, folder.path], file: folder.path, saying: "is a frame folder but \(good) is an image")
  }

  @Test("A corrupt frame inside a folder names that frame's file")
  func corruptFrameInFolder() throws {
    let frames = try twoFolders(holding: "f0.png")
    let bad = frames[1].appendingPathComponent("f1.png").path
    try Data("broken".utf8).write(to: URL(fileURLWithPath: bad))
    try FileManager.default.copyItem(atPath: good, toPath: frames[0].appendingPathComponent("f1.png").path)
    try expectTrouble([frames[0].path, frames[1].path], file: bad, saying: "not a PNG")
  }

  @Test("An unparsable manifest in a rendered folder")
  func corruptManifest() throws {
    let folders = try twoFolders(holding: "frame_000000.png")
    let manifest = folders[1].appendingPathComponent("manifest.json")
    try Data("{\"fps\": 60,".utf8).write(to: manifest)
    try expectTrouble([folders[0].path, folders[1].path], file: manifest.path, saying: "not valid JSON")
  }

  @Test("A manifest of a newer major version: one line naming both versions")
  func newerManifest() throws {
    let folders = try twoFolders(holding: "frame_000000.png")
    let manifest = folders[1].appendingPathComponent("manifest.json")
    try Data(#"{"version": "2.0", "frames": [{"file": "frame_000000.png", "time": 0}]}"#.utf8).write(to: manifest)
    try expectTrouble(
      [folders[0].path, folders[1].path], file: manifest.path,
      saying: "manifest version 2.0 is newer than this flipbook reads (1.x)")
  }

  @Test("A report folder that cannot be written is trouble too: exit 1 means only that they differ")
  func unwritableReport() throws {
    let other = dir.appendingPathComponent("other.png").path
    try Image(width: 8, height: 8, rgba: [UInt8](repeating: 100, count: 8 * 8 * 4)).writePNG(toFile: other)
    let parent = dir.appendingPathComponent("no-such-folder").path
    try expectTrouble(
      [good, other, "-o", parent + "/report"], file: parent, saying: "the folder \(parent) does not exist",
      prefix: "Error: cannot write \(parent)/report: ")
  }
}
