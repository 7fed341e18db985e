import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookScene

/// What `flipbook watch` watches comes from the decoder: the document and every `contents` file it
/// resolved, even one that failed to read, and nothing from outside the recording.
@Suite("Files a document reads")
struct DocumentReadsTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("document-reads-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func scene(_ layers: String) -> String { #"{"size": [4, 4], "layers": [\#(layers)]}"# }

  @Test("A scene's document and its contents files, resolved to absolute paths; bundled assets are not files")
  func contents() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Image(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16)).writePNG(
      toFile: folder.appendingPathComponent("a.png").path)
    let document = folder.appendingPathComponent("scene.json").path
    try Self.scene(
      #"{"frame": [0, 0, 2, 2], "contents": {"file": "a.png"}}, {"frame": [0, 0, 2, 2], "contents": {"file": "./a.png"}}"#
    ).write(toFile: document, atomically: true, encoding: .utf8)
    let (loaded, paths) = DocumentReads.recording { try? Document.load(path: document) }
    #expect(loaded != nil)
    #expect(paths == [document, folder.appendingPathComponent("a.png").path])
  }

  @Test("A missing image is in the set (creating it is a change), and so is an unreadable document")
  func failures() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = folder.appendingPathComponent("scene.json").path
    try Self.scene(#"{"frame": [0, 0, 2, 2], "contents": {"file": "later.png"}}"#)
      .write(toFile: document, atomically: true, encoding: .utf8)
    let (missing, paths) = DocumentReads.recording { try? Document.load(path: document) }
    #expect(missing == nil)
    #expect(paths == [document, folder.appendingPathComponent("later.png").path])
    let absent = folder.appendingPathComponent("absent.json").path
    #expect(DocumentReads.recording { try? Document.load(path: absent) }.paths == [absent])
  }

  @Test("Outside a recording nothing is kept, and recordings do not see each other")
  func scoped() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = folder.appendingPathComponent("scene.json").path
    try Self.scene(#"{"frame": [0, 0, 2, 2]}"#).write(toFile: document, atomically: true, encoding: .utf8)
    _ = try Document.load(path: document)
    let (inner, outer) = DocumentReads.recording { () -> Set<String> in
      DocumentReads.recording { _ = try? Document.load(path: document) }.paths
    }
    #expect(inner == [document])
    #expect(outer.isEmpty)
  }
}
