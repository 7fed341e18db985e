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

  /// The presentation tree at the time last advanced to, with the frame's manifest entry.
  public func snapshot() -> FrameSnapshot {
    FrameSnapshot(presentationOf: document.root, at: now.seconds, info: manifestInfo)
  }

  /// What the manifest's header records of a gesture script for timelines (the HTML player's tracks,
  /// `plot`, a sheet's `--tracks`): the refresh component's style, every state of its state machine and
  /// where it triggers, and when the finger lands and lifts, exactly as the script gave them (the frames'
  /// `dragging` shows them only to the nearest frame). Nothing for a scene.
  public var manifestHeader: [(key: String, value: ManifestValue)] {
    guard case .script(let script) = document else { return [] }
    var header: [(key: String, value: ManifestValue)] = []
    if let refresh = script.refresh {
      header.append(("refreshStyle", .string(refresh.style)))
      if !refresh.stateNames.isEmpty { header.append(("refreshStates", .strings(refresh.stateNames))) }
      if let offset = refresh.thresholds.contentOffsetY { header.append(("offsetThreshold", .number(offset))) }
      if let progress = refresh.thresholds.progress { header.append(("progressThreshold", .number(progress))) }
    }
    let touches = script.track.touches
    if !touches.isEmpty {
      header += [("touchDowns", .numbers(touches.map(\.down))), ("touchUps", .numbers(touches.map(\.up)))]
    }
    return header
  }

  /// What each frame's manifest entry records beyond its file and time.
  public var manifestInfo: [(key: String, value: ManifestValue)] {
    guard case .script(let script) = document else { return [] }
    let state = script.scrollState
    let inset = state.contentInset
    var info: [(key: String, value: ManifestValue)] = [
      ("contentOffset", .numbers([state.contentOffset.x, state.contentOffset.y])),
      ("contentInset", .numbers([inset.top, inset.left, inset.bottom, inset.right])),
      ("dragging", .bool(state.dragging)),
      ("decelerating", .bool(state.decelerating)),
    ]
    if let refresh = script.refresh {
      info += [("refreshState", .string(refresh.state)), ("refreshProgress", .number(refresh.progress))]
    }
    return info
  }
}
