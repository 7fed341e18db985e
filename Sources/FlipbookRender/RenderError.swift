import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - RenderError

/// Everything that can stop a render, each printable as one line that says what went wrong and where
/// (which frame, which path), because the CLI prints it as the whole error message.
public enum RenderError: Error, CustomStringConvertible {
  /// Rasterizing or encoding frame `frame` (at `time` seconds) failed below the layer tree.
  case graphics(GraphicsError, frame: Int, time: Double)
  /// A file or folder could not be created, written, renamed or used.
  case file(path: String, reason: String)
  /// The source's `advance(to:)` threw; the original error is kept for callers that want its type.
  case source(any Error, frame: Int, time: Double)
  /// A frame's tree rasterized to a size other than the source's `pixelSize`.
  case frameSize(frame: Int, time: Double, expected: PixelSize, actual: PixelSize)
  /// Manifest keys that would produce ambiguous JSON (duplicates, or keys the pipeline writes itself).
  case invalidManifest(reason: String)

  /// The error as one line: what went wrong and where (the frame and its time, or the path).
  public var description: String {
    switch self {
    case .graphics(let error, let frame, let time):
      "\(Self.frame(frame, time)): \(error)"
    case .file(let path, let reason):
      "\(path): \(reason)"
    case .source(let error, let frame, let time):
      "\(Self.frame(frame, time)): the scene failed: \(Self.oneLine(String(describing: error)))"
    case .frameSize(let frame, let time, let expected, let actual):
      "\(Self.frame(frame, time)) is \(actual) pixels, not the \(expected) the source declared"
    case .invalidManifest(let reason):
      "manifest: \(reason)"
    }
  }

  /// "frame 5 (t = 0.083333 s)": both, since the index finds the file and the time finds the moment.
  private static func frame(_ index: Int, _ time: Double) -> String {
    "frame \(index) (t = \(JSONValue.format(time)) s)"
  }

  /// Another error's description squeezed onto one line, so the message stays one line.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }
}
