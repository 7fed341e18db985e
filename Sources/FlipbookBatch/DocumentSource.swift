import FlipbookFrames
import FlipbookGraphics
import FlipbookLayers
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - DocumentSource

/// A loaded document as the frame pipeline's source: where documents (which know nothing of files and
/// threads) meet the pipeline (which knows no concrete document). Public so that a program driving
/// `FramePipeline` itself (its own clock, its own manifest header) renders documents as the command does.
public final class DocumentSource: FrameSource {
  /// The document the frames come from.
  public let document: Document
  private var now = Rational.zero

  /// The pipeline's view of `document`.
  public init(_ document: Document) { self.document = document }

  /// The document's viewport in pixels: its size in points times its scale.
  public var pixelSize: PixelSize { PixelSize(width: document.pixelSize.width, height: document.pixelSize.height) }
  /// Pixels per point.
  public var scale: Double { document.scale }
  /// What the frames are drawn on; nil: transparent.
  public var background: Color? { document.background }

  /// Runs the document (a script's simulation, a scene's animations) to `time`, exactly.
  public func advance(to time: Rational) {
    now = time
    document.advance(to: time)
  }

  /// The presentation tree at the time last advanced to, with the frame's state for its manifest entry.
  public func snapshot() -> FrameSnapshot {
    FrameSnapshot(presentationOf: document.root, at: now.seconds, state: document.frameState)
  }

  /// What the manifest's header records of the document beyond its source (`Document.manifestHeader`).
  public var manifestHeader: [(key: String, value: ManifestValue)] { document.manifestHeader }
}
