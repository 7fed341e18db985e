import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScene
import FlipbookSnapshotHygiene
import FlipbookTiming
import Foundation

// MARK: - Documents as snapshot values

/// A scene document or gesture script to snapshot. Documents are timelines that only move forward, so a
/// strategy loads a fresh one for every snapshot it takes.
public struct SnapshotDocument: Sendable {
  let load: @Sendable () throws -> Document
  /// Where it came from, for messages.
  public let origin: String

  /// A document file; a relative path is resolved against the current directory (the package root when
  /// run by `swift test`).
  public static func file(_ path: String) -> SnapshotDocument {
    SnapshotDocument(load: { try Document.load(path: path) }, origin: path)
  }

  /// A document written inline; images named by `file` are resolved against `baseDirectory`.
  public static func json(_ text: String, baseDirectory: String = FileManager.default.currentDirectoryPath)
    -> SnapshotDocument
  {
    SnapshotDocument(
      load: {
        let data = Data(text.utf8)
        if (try? JSONParser.parse(data)).map(GestureScript.isScript) ?? false {
          return .script(try GestureScript.decode(data, baseDirectory: URL(fileURLWithPath: baseDirectory)))
        }
        return .scene(try SceneDocument.decode(data, baseDirectory: URL(fileURLWithPath: baseDirectory)))
      }, origin: "inline JSON")
  }

  /// A fresh copy of the document, or a snapshot error naming where it came from.
  func make() throws -> Document {
    do {
      return try load()
    } catch {
      throw SnapshotError("\(origin): \(error)")
    }
  }

  /// Renders a document already advanced to `time` (an exact frame instant).
  static func render(_ document: Document, atExactly time: Rational, scale: Double?) throws -> Image {
    let renderer = LayerRenderer(scale: scale ?? document.scale, background: document.background)
    do {
      return try renderer.render(document.root, at: time.seconds)
    } catch {
      throw SnapshotError("cannot render at \(JSONValue.format(time.seconds)) s: \(error)")
    }
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == String {
  /// The presentation tree at `time` as JSON text (`flipbook inspect --at`): reviewable in a diff.
  public static func inspection(at time: Double) -> Snapshotting {
    Snapshotting<String, String>.lines.pullback { document in
      try document.make().inspection(at: time).formatted() + "\n"
    }
  }

  /// Renders a document already advanced to `time` (an exact frame instant).
  static func render(_ document: Document, atExactly time: Rational, scale: Double?) throws -> Image {
    let renderer = LayerRenderer(scale: scale ?? document.scale, background: document.background)
    do {
      return try renderer.render(document.root, at: time.seconds)
    } catch {
      throw SnapshotError("cannot render at \(JSONValue.format(time.seconds)) s: \(error)")
    }
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == Image {
  /// What the screen shows at `time`, at the document's scale or `scale`.
  public static func frame(at time: Double, scale: Double? = nil, tolerance: ImageTolerance = .strict) -> Snapshotting {
    Snapshotting<Image, Image>.image(tolerance: tolerance).pullback { document in
      try Documents.render(try document.make(), at: time, scale: scale)
    }
  }

  /// One reference per time, named `t<time>` (`t0.5`, `t1.25`; a file name shows `t0-5`): use with
  /// `assertSnapshots(of:as:)`.
  public static func frames(at times: [Double], scale: Double? = nil, tolerance: ImageTolerance = .strict)
    -> [String: Snapshotting]
  {
    Dictionary(
      uniqueKeysWithValues: times.map {
        (SnapshotFileName.timeKey(JSONValue.format($0)), frame(at: $0, scale: scale, tolerance: tolerance))
      })
  }
}

enum Documents {
  /// Renders a freshly loaded document at `time`.
  static func render(_ document: Document, at time: Double, scale: Double?) throws -> Image {
    document.advance(to: time)
    return try draw(document, at: time, scale: scale)
  }

  /// Renders a document already advanced to `time` (an exact frame instant).
  static func render(_ document: Document, atExactly time: Rational, scale: Double?) throws -> Image {
    try draw(document, at: time.seconds, scale: scale)
  }

  /// The screen as it is now, at the document's scale or `scale`.
  private static func draw(_ document: Document, at seconds: Double, scale: Double?) throws -> Image {
    let renderer = LayerRenderer(scale: scale ?? document.scale, background: document.background)
    do {
      return try renderer.render(document.root, at: seconds)
    } catch {
      throw SnapshotError("cannot render at \(JSONValue.format(seconds)) s: \(error)")
    }
  }
}
