import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookRender
import FlipbookScene
import Foundation

// MARK: - Frame sources

/// A loaded document as the frame pipeline's source: the one place where documents (which know nothing
/// of files and threads) meet the pipeline (which knows no concrete scene).
final class DocumentSource: FrameSource {
  let document: Document

  init(_ document: Document) { self.document = document }

  var size: CGSize {
    switch document {
    case .scene(let s): s.size
    case .script(let s): s.size
    }
  }

  var scale: Double {
    switch document {
    case .scene(let s): s.scale
    case .script(let s): s.scale
    }
  }

  var background: Color? {
    switch document {
    case .scene(let s): s.background
    case .script(let s): s.background
    }
  }

  var fps: Double {
    switch document {
    case .scene(let s): s.fps
    case .script(let s): s.fps
    }
  }

  var duration: Double {
    switch document {
    case .scene(let s): s.duration
    case .script(let s): s.duration
    }
  }

  var root: Layer {
    switch document {
    case .scene(let s): s.root
    case .script(let s): s.root
    }
  }

  var pixelSize: PixelSize {
    PixelSize(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
  }

  private var now = 0.0

  func advance(to time: Double) {
    now = time
    switch document {
    case .scene(let s): s.advance(to: time)
    case .script(let s): s.advance(to: time)
    }
  }

  func snapshot() -> FrameSnapshot {
    FrameSnapshot(presentationOf: root, at: now, info: manifestInfo)
  }

  /// What each frame's manifest entry records beyond its file and time.
  var manifestInfo: [(key: String, value: ManifestValue)] {
    guard case .script(let script) = document else { return [] }
    let state = script.scrollState
    let inset = state.contentInset
    return [
      ("contentOffset", .numbers([state.contentOffset.x, state.contentOffset.y])),
      ("contentInset", .numbers([inset.top, inset.left, inset.bottom, inset.right])),
      ("dragging", .bool(state.dragging)),
      ("decelerating", .bool(state.decelerating)),
    ]
  }

  /// The extra top-level keys of `inspect` for a script: the scroll view's state.
  var inspectionExtras: [(key: String, value: JSONValue)] {
    guard case .script(let script) = document else { return [] }
    let state = script.scrollState
    let inset = state.contentInset
    func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number(($0 * 1e6).rounded() / 1e6 + 0) }) }
    return [
      (
        "scroll",
        .object([
          ("contentOffset", numbers([state.contentOffset.x, state.contentOffset.y])),
          ("contentInset", numbers([inset.top, inset.left, inset.bottom, inset.right])),
          ("dragging", .bool(state.dragging)),
          ("decelerating", .bool(state.decelerating)),
        ])
      )
    ]
  }

  /// Approximations the document reported.
  var notes: [String] {
    if case .scene(let s) = document { return s.notes }
    return []
  }
}
