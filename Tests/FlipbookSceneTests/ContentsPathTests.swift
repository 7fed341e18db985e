import FlipbookGraphics
import FlipbookJSON
import FlipbookSupport
import Foundation
import Testing

@testable import FlipbookScene

/// A scene's `contents` reach only bundled assets by bare name and files inside the document's folder;
/// a symbolic link out of the folder is refused as well as `..` and absolute paths.
@Suite("Contents paths stay in the document's folder")
struct ContentsPathTests {
  /// A folder `doc/` holding `inside.png` and a link to `../outside.png`, with `outside.png` beside it.
  struct Folder {
    let root: URL
    var document: URL { root.appendingPathComponent("doc") }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("contents-path-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("doc"), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: root.appendingPathComponent("outside.png"))
      try Data("x".utf8).write(to: document.appendingPathComponent("inside.png"))
      try FileManager.default.createSymbolicLink(
        atPath: document.appendingPathComponent("link.png").path, withDestinationPath: "../outside.png")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  func message(_ contents: String, in folder: URL, allowOutside: Bool = false) -> String? {
    let text = ##"{"size": [10, 10], "layers": [{"contents": \##(contents)}]}"##
    do {
      _ = try SceneDocument.decode(Data(text.utf8), baseDirectory: folder, allowFilesOutside: allowOutside)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "Asset names are bare names",
    arguments: [
      (##"{"asset": "../../x"}"##, ##""../../x" is not an asset name: names are bare, with no "/" or "..""##),
      (##"{"asset": "a/b"}"##, ##""a/b" is not an asset name: names are bare, with no "/" or "..""##),
      (##"{"asset": ".."}"##, ##"".." is not an asset name: names are bare, with no "/" or "..""##),
      (##"{"asset": ""}"##, "an asset name cannot be empty"),
    ])
  func assetNames(contents: String, expected: String) {
    #expect(message(contents, in: URL(fileURLWithPath: "/tmp")) == "$.layers[0].contents.asset: \(expected)")
  }

  @Test("Files outside the folder are refused, by .., absolute path or symbolic link")
  func outside() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let root = try #require(FolderContainment.canonical(folder.root.path))
    let hint = "; pass --allow-outside-files to read it"
    #expect(
      message(##"{"file": "../outside.png"}"##, in: folder.document)
        == ##"$.layers[0].contents.file: "../outside.png" lies outside the document's folder \##(root)/doc\##(hint)"##
    )
    #expect(
      message(##"{"file": "\##(root)/outside.png"}"##, in: folder.document)
        == ##"$.layers[0].contents.file: "\##(root)/outside.png" lies outside the document's folder \##(root)/doc\##(hint)"##
    )
    #expect(
      message(##"{"file": "link.png"}"##, in: folder.document)
        == ##"$.layers[0].contents.file: "link.png" is a symbolic link to \##(root)/outside.png, outside the document's folder \##(root)/doc\##(hint)"##
    )
    #expect(
      message(##"{"file": ""}"##, in: folder.document) == "$.layers[0].contents.file: a file name cannot be empty")
  }

  @Test("Inside the folder, and outside it when allowed, the file is read (and here found not to be a PNG)")
  func inside() throws {
    let folder = try Folder()
    defer { folder.remove() }
    for contents in [##"{"file": "inside.png"}"##, ##"{"file": "./inside.png"}"##, ##"{"file": "../doc/inside.png"}"##]
    {
      let got = try #require(message(contents, in: folder.document))
      #expect(got.hasPrefix("$.layers[0].contents: cannot decode PNG"), "\(got)")
    }
    let allowed = try #require(message(##"{"file": "link.png"}"##, in: folder.document, allowOutside: true))
    #expect(allowed.hasPrefix("$.layers[0].contents: cannot decode PNG"), "\(allowed)")
  }

  @Test("A file-name scale must be a number from 0.1 to 10", arguments: ["nan", "0", "1e9", "inf"])
  func fileNameScale(scale: String) {
    #expect(
      message(##"{"file": "picture@\##(scale)x.png"}"##, in: URL(fileURLWithPath: "/tmp"))
        == "$.layers[0].contents.file: the file name's scale @\(scale)x must be a number from 0.1 to 10")
  }
}
