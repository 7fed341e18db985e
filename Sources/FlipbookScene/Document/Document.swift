import FlipbookFrames
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import FlipbookTiming
import Foundation

// MARK: - Document

/// A document Flipbook can render: a scene (a layer tree with animations and events, keyed by `size`), a
/// gesture script (a phone screen, a scroll view and a finger, keyed by `viewport`) or a Lottie animation (a
/// Lottie JSON file, a dotLottie archive, or a document naming one with `"lottie"` and its `"overrides"`).
public enum Document {
  /// A scene document: a layer tree with its animations and events.
  case scene(Scene)
  /// A gesture script: a scroll view, a refresh component and a finger, simulated.
  case script(ScriptScene)
  /// A Lottie animation, paused at each frame's time.
  case lottie(LottieScene)

  /// Reads either kind from a file; `scale` overrides the document's. A scene's `contents` files must lie
  /// in the document's folder unless `allowFilesOutside`. A document with `variants` is read as its base,
  /// the document without them (a batch render expands them: `DocumentVariants`).
  /// A Lottie file is fitted into `lottie`'s box, and with `lottie.strict` a feature iOS does not draw is an error.
  public static func load(
    path: String, scale: Double? = nil, allowFilesOutside: Bool = false, lottie: LottieSettings = LottieSettings()
  ) throws(DocumentError) -> Document {
    try DocumentFile.decode(path) { data throws(DocumentError) in
      let folder = DocumentFile.directory(of: path)
      if DotLottieFile.isArchive(data) {
        return .lottie(
          try LottieDocument.decode(archive: data, scale: scale, settings: lottie))
      }
      let json = try VariantMatrix.split(try DocumentFile.parse(data)).base
      return try decode(
        json: json, folder: folder, scale: scale, allowFilesOutside: allowFilesOutside, lottie: lottie)
    }
  }

  /// Decodes a parsed document of any kind, its relative file names resolved against `folder`.
  static func decode(
    json: JSONValue, folder: URL, scale: Double?, allowFilesOutside: Bool, lottie: LottieSettings = LottieSettings()
  ) throws(DocumentError) -> Document {
    // Parsed once; which kind it is depends only on the top-level keys.
    if LottieDocument.isLottie(json) {
      return .lottie(
        try LottieDocument.decode(
          json: json, folder: folder, scale: scale, settings: lottie, allowFilesOutside: allowFilesOutside))
    }
    if GestureScript.isScript(json) {
      return .script(
        try GestureScript.decode(json: json, scale: scale, baseDirectory: folder, allowFilesOutside: allowFilesOutside))
    }
    return .scene(
      try SceneDocument.decode(json: json, baseDirectory: folder, scale: scale, allowFilesOutside: allowFilesOutside))
  }
}

// MARK: - What every document has

extension Document {
  /// The screen in points.
  public var size: CGSize {
    switch self {
    case .scene(let s): s.size
    case .script(let s): s.size
    case .lottie(let l): l.size
    }
  }

  /// Pixels per point.
  public var scale: Double {
    switch self {
    case .scene(let s): s.scale
    case .script(let s): s.scale
    case .lottie(let l): l.scale
    }
  }

  /// The colour behind the content, nil for transparent frames.
  public var background: Color? {
    switch self {
    case .scene(let s): s.background
    case .script(let s): s.background
    case .lottie(let l): l.background
    }
  }

  /// Frames per second for frame output.
  public var fps: Double {
    switch self {
    case .scene(let s): s.fps
    case .script(let s): s.fps
    case .lottie(let l): l.fps
    }
  }

  /// The JSON path of what set `duration` when the document gives none (a scene's last animation or event).
  public var lengthSource: String? {
    if case .scene(let s) = self { return s.lengthSource }
    return nil
  }

  /// How long the document runs.
  public var duration: Double {
    switch self {
    case .scene(let s): s.duration
    case .script(let s): s.duration
    case .lottie(let l): l.duration
    }
  }

  /// The screen's layer (the model tree).
  public var root: Layer {
    switch self {
    case .scene(let s): s.root
    case .script(let s): s.root
    case .lottie(let l): l.root
    }
  }

  /// Moves the timeline forward to `time`, an exact instant (see `ScriptScene.advance(to:)`).
  public func advance(to time: Rational) {
    switch self {
    case .scene(let s): s.advance(to: time)
    case .script(let s): s.advance(to: time)
    case .lottie(let l): l.advance(to: time)
    }
  }

  /// `advance(to:)` for a time written as a decimal (`--at 0.4`); a non-finite time does nothing.
  public func advance(to seconds: Double) {
    if let time = Rational(decimal: seconds) { advance(to: time) }
  }

  /// The screen's size in pixels.
  public var pixelSize: (width: Int, height: Int) {
    (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
  }

  /// The presentation tree at `time` as JSON (`inspect --at`): a `time` key, the layer tree, and for a
  /// script its scroll view's state under `scroll` and its refresh component under `refresh` (style,
  /// state, progress, and the delegate calls so far under `callbacks`). Advances the timeline to `time` first.
  public func inspection(at time: Double) -> JSONValue {
    advance(to: time)
    guard case .object(let members) = LayerInspector.json(of: root.presentation(at: time)) else { return .null }
    var extras: [(key: String, value: JSONValue)] = []
    if case .script(let script) = self {
      let state = script.frameState
      let inset = state.contentInset
      extras.append(
        (
          "scroll",
          .object([
            ("contentOffset", LayerInspector.numbers([state.contentOffset.x, state.contentOffset.y])),
            ("contentInset", LayerInspector.numbers([inset.top, inset.left, inset.bottom, inset.right])),
            ("dragging", .bool(state.dragging)),
            ("decelerating", .bool(state.decelerating)),
          ])
        ))
      if let refresh = script.refresh {
        var members: [(key: String, value: JSONValue)] = [
          ("style", .string(refresh.style)), ("state", .string(refresh.state)),
          ("progress", LayerInspector.number(refresh.progress)),
        ]
        if !refresh.diagnostics.isEmpty {
          members.append(("diagnostics", .array(refresh.diagnostics.map(JSONValue.string))))
        }
        if !refresh.callbacks.isEmpty {
          let calls = refresh.callbacks.map { call in
            JSONValue.object([("time", LayerInspector.number(call.time)), ("name", .string(call.name))])
          }
          members.append(("callbacks", .array(calls)))
        }
        extras.append(("refresh", .object(members)))
      }
    }
    return .object([("time", LayerInspector.number(time))] + members + extras)
  }

  /// Approximations the document reported (scene animations that switch instead of morphing).
  public var notes: [String] {
    switch self {
    case .scene(let s): s.notes
    case .script: []
    case .lottie(let l): l.notes
    }
  }
}
