import FlipbookGraphics
import FlipbookJSON
import FlipbookSupport
import Foundation

// MARK: - DocumentFile

/// Reading a document from disk: one message for a file that cannot be read, and every decoding error
/// prefixed with the file's path, so a message reads `scene.json: $.layers[0].opacity: …`.
enum DocumentFile {
  /// Reads `path` and decodes its bytes with `body`.
  static func decode<T>(_ path: String, _ body: (Data) throws(DocumentError) -> T) throws(DocumentError) -> T {
    let data = try read(path)
    do {
      return try body(data)
    } catch {
      throw DocumentError(location: "\(path): \(error.location)", message: error.message)
    }
  }

  /// The bytes of `path`, noted as read (for `watch`), or an error located at the path saying why it cannot be read.
  static func read(_ path: String) throws(DocumentError) -> Data {
    DocumentReads.note(path)
    do {
      return Data(try SafeFile.read(path, kind: .document))
    } catch {
      switch error {
      case .file(_, let reason): throw DocumentError(location: path, message: "cannot read the file (\(reason))")
      }
    }
  }

  /// Parses a document's bytes; a syntax error is located by line and column.
  static func parse(_ data: Data) throws(DocumentError) -> JSONValue {
    do {
      return try JSONParser.parse(data)
    } catch {
      throw DocumentError(location: "line \(error.line), column \(error.column)", message: error.message)
    }
  }

  /// The key a document names its JSON Schema under, for editors (`"$schema": "scene.schema.json"`, see
  /// `DocumentSchema`). Every kind of document may carry it at the top; Flipbook checks that it is a string
  /// and otherwise ignores it.
  static let schemaKey = "$schema"

  /// Checks a document's `$schema`, if it has one: a string, whatever it names.
  static func checkSchemaKey(_ top: [String: JSONCursor]) throws(DocumentError) {
    if let c = top[schemaKey] { _ = try c.string() }
  }

  /// The folder relative file names in a document are resolved against.
  static func directory(of path: String) -> URL { URL(fileURLWithPath: path).deletingLastPathComponent() }
}
