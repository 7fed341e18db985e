import FlipbookTiming

// MARK: - Manifest

/// `manifest.json`: what a render produced, for people and tools that read the frames folder.
///
///     {
///       "source": "pull.json",            <- the caller's header entries, in order
///       "fps": 60,                        <- the frame clock: frame i is at from + i/fps exactly
///       "from": 0.35,
///       "frameCount": 3,
///       "uniqueFrames": 2,
///       "size": [640, 960],               <- pixels
///       "scale": 2,
///       "frames": [
///         {"file": "frame_000000.png", "index": 0, "time": 0.35, "repeatsPrevious": false, "pull": 0},
///         ...
///       ]
///     }
///
/// One frame per line keeps the file diffable and greppable. Frame entries are kept as finished text
/// (about a hundred bytes each) rather than as values, so the manifest is the only part of a render whose
/// memory grows with the number of frames, and only by that much.
struct Manifest {
  /// Keys the pipeline writes at the top level; the caller's header may not reuse them.
  static let reservedKeys: Set<String> = ["fps", "from", "frameCount", "uniqueFrames", "size", "scale", "frames"]
  /// Keys the pipeline writes in each frame entry; a snapshot's info may not reuse them.
  static let reservedFrameKeys: Set<String> = ["file", "index", "time", "repeatsPrevious"]

  let header: [(key: String, value: ManifestValue)]
  /// The frames' times: `fps` and `from` in the header, `index` per frame, so a reader recovers each
  /// frame's exact time; the decimal `time` beside it is for people and for older readers.
  let clock: FrameClock
  let size: PixelSize
  let scale: Double
  private(set) var frameLines: [String] = []
  private(set) var uniqueFrames = 0

  /// Checks the header up front, so a bad key fails before any frame is simulated.
  init(header: [(key: String, value: ManifestValue)], clock: FrameClock, size: PixelSize, scale: Double)
    throws(RenderError)
  {
    try Self.checkKeys(header.map(\.key), reserved: Self.reservedKeys, owner: "the manifest header")
    self.header = header
    self.clock = clock
    self.size = size
    self.scale = scale
  }

  /// The file name of frame `index`: six digits, so names sort in frame order up to a million frames.
  static func fileName(frame index: Int) -> String {
    let digits = String(index)
    return "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
  }

  /// Records frame `index` (frames must be added in order).
  mutating func addFrame(
    index: Int, repeatsPrevious: Bool, info: [(key: String, value: ManifestValue)]
  ) throws(RenderError) {
    try Self.checkKeys(info.map(\.key), reserved: Self.reservedFrameKeys, owner: "the info of frame \(index)")
    var fields: [(key: String, value: ManifestValue)] = [
      ("file", .string(Self.fileName(frame: index))), ("index", .number(Double(index))),
      ("time", .number(clock.time(ofFrame: index).seconds)),
      ("repeatsPrevious", .bool(repeatsPrevious)),
    ]
    fields += info
    frameLines.append(Self.object(fields))
    if !repeatsPrevious { uniqueFrames += 1 }
  }

  /// The whole document, ending with a newline.
  var json: String {
    var lines = ["{"]
    var entries = header.map { "  \(ManifestValue.quote($0.key)): \($0.value.json)" }
    entries.append("  \"fps\": \(ManifestValue.exact(clock.rate).json)")
    entries.append("  \"from\": \(ManifestValue.exact(clock.start).json)")
    entries.append("  \"frameCount\": \(frameLines.count)")
    entries.append("  \"uniqueFrames\": \(uniqueFrames)")
    entries.append("  \"size\": [\(size.width), \(size.height)]")
    entries.append("  \"scale\": \(ManifestValue.format(scale))")
    if frameLines.isEmpty {
      entries.append("  \"frames\": []")
    } else {
      entries.append("  \"frames\": [\n" + frameLines.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]")
    }
    lines.append(entries.joined(separator: ",\n"))
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A one-line JSON object with the keys in the given order.
  static func object(_ fields: [(key: String, value: ManifestValue)]) -> String {
    "{" + fields.map { "\(ManifestValue.quote($0.key)): \($0.value.json)" }.joined(separator: ", ") + "}"
  }

  /// JSON objects with duplicate keys mean different things to different readers, so refuse them.
  private static func checkKeys(_ keys: [String], reserved: Set<String>, owner: String) throws(RenderError) {
    var seen = Set<String>()
    for key in keys {
      if reserved.contains(key) {
        throw .invalidManifest(reason: "\(owner) uses the key \"\(key)\", which the pipeline writes itself")
      }
      if !seen.insert(key).inserted {
        throw .invalidManifest(reason: "\(owner) has the key \"\(key)\" twice")
      }
    }
  }
}
