import FlipbookFrames
import FlipbookGraphics
import FlipbookLayers
import FlipbookRender
import FlipbookScene
import FlipbookTiming
import Foundation

// MARK: - DocumentSource

/// A loaded document as the frame pipeline's source: where documents (which know nothing of files and
/// threads) meet the pipeline (which knows no concrete document).
final class DocumentSource: FrameSource {
  let document: Document
  private var now = Rational.zero

  init(_ document: Document) { self.document = document }

  var pixelSize: PixelSize { PixelSize(width: document.pixelSize.width, height: document.pixelSize.height) }
  var scale: Double { document.scale }
  var background: Color? { document.background }

  func advance(to time: Rational) {
    now = time
    document.advance(to: time)
  }

  func snapshot() -> FrameSnapshot {
    FrameSnapshot(presentationOf: document.root, at: now.seconds, state: document.frameState)
  }

  /// What the manifest's header records of the document beyond its source (`Document.manifestHeader`).
  var manifestHeader: [(key: String, value: ManifestValue)] { document.manifestHeader }
}
