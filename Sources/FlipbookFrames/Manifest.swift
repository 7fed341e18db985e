import FlipbookJSON
import FlipbookTiming

// MARK: - Manifest

/// `manifest.json`: what a render produced, for people and tools that read the frames folder. The one
/// type that writes it (`json`) and reads it (`Manifest(parsing:path:)`); nothing else parses the file.
///
///     {
///       "version": "1.0",                 <- the format's version, always first
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
/// One frame per line keeps the file diffable and greppable. `fps` and `from` are exact: a number when
/// six decimals write them exactly (`60`, `0.35`, `29.97`), else a fraction string (`"1/3"`). The decimal
/// `time` beside each `index` is for people and for older readers; readers take `from + index/fps`.
public struct Manifest: Sendable {
  /// Keys the manifest writes at the top level; the caller's header may not reuse them.
  public static let reservedKeys: Set<String> = [
    "version", "fps", "from", "frameCount", "uniqueFrames", "size", "scale", "frames",
  ]
  /// Keys the manifest writes in each frame entry; a frame's info may not reuse them.
  public static let reservedFrameKeys: Set<String> = Set(
    ["file", "index", "time", "repeatsPrevious"] + FrameState.keys)

  /// The format's version: `current` when written; when read, the file's (1.0 for a file without one).
  public var version: ManifestVersion
  /// The caller's top-level entries, in order (`source`, a script's `refreshStyle`, `refreshStates`,
  /// `offsetThreshold`, `progressThreshold`, `touchDowns`, `touchUps`…).
  public var header: [(key: String, value: JSONValue)]
  /// The frames per second (`fps`); nil only in a hand-written manifest without one.
  public var rate: Rational?
  /// The first frame's time (`from`); nil only in a hand-written manifest without one.
  public var start: Rational?
  /// The frames' size in pixels; nil only in a hand-written manifest without one.
  public var size: (width: Int, height: Int)?
  /// Pixels per point; nil only in a hand-written manifest without one.
  public var scale: Double?
  /// The frames' entries, in the order they were rendered.
  public var frames: [Frame]

  /// One frame's entry.
  public struct Frame: Sendable {
    /// The frame's file, in the manifest's folder (`ManifestFileName` checks it is a plain name).
    public var file: String
    /// The frame's number on the clock; nil in manifests older than the index.
    public var index: Int?
    /// The decimal time as written (six decimals).
    public var time: Double
    /// The frame's exact time: `from + index/fps` when the manifest has the three, else `time` as written.
    public var exactTime: Rational
    /// Whether `exactTime` comes from the clock (`from + index/fps`) rather than the rounded `time`.
    public var isOnClock: Bool
    /// Whether the frame's pixels are the previous frame's; nil when not known (a `.manifest` snapshot
    /// draws no pixels).
    public var repeatsPrevious: Bool?
    /// The scroll view's and refresh component's state; nil for a scene's frames.
    public var state: FrameState?
    /// Any other members, in order (a caller's own per-frame values).
    public var info: [(key: String, value: JSONValue)]

    /// A frame's entry from its members; `info` holds the caller's own per-frame values, in order.
    public init(
      file: String, index: Int?, time: Double, exactTime: Rational, isOnClock: Bool, repeatsPrevious: Bool?,
      state: FrameState?, info: [(key: String, value: JSONValue)] = []
    ) {
      self.file = file
      self.index = index
      self.time = time
      self.exactTime = exactTime
      self.isOnClock = isOnClock
      self.repeatsPrevious = repeatsPrevious
      self.state = state
      self.info = info
    }

    /// The whole entry as JSON, in the manifest's order (for the HTML player's table, and plots).
    public var entry: JSONValue {
      var members: [(key: String, value: JSONValue)] = [("file", .string(file))]
      if let index { members.append(("index", .number(Double(index)))) }
      members.append(("time", .number(time)))
      if let repeatsPrevious { members.append(("repeatsPrevious", .bool(repeatsPrevious))) }
      members += (state?.fields ?? []).map { ($0.key, $0.value.jsonValue) }
      return .object(members + info)
    }
  }

  /// A manifest to write: its header checked up front, so a bad key fails before any frame is simulated.
  public init(
    header: [(key: String, value: ManifestValue)], clock: FrameClock, size: (width: Int, height: Int), scale: Double
  ) throws(ManifestKeyConflict) {
    try Self.checkKeys(header.map(\.key), reserved: Self.reservedKeys, owner: "the manifest header")
    self.init(
      version: .current, header: header.map { ($0.key, $0.value.jsonValue) }, rate: clock.rate, start: clock.start,
      size: size, scale: scale, frames: [])
  }

  /// A manifest from its parts, as read.
  public init(
    version: ManifestVersion = .current, header: [(key: String, value: JSONValue)], rate: Rational?, start: Rational?,
    size: (width: Int, height: Int)?, scale: Double?, frames: [Frame]
  ) {
    self.version = version
    self.header = header
    self.rate = rate
    self.start = start
    self.size = size
    self.scale = scale
    self.frames = frames
  }

  /// The frame clock: frame i at `from + i/fps`; nil when the manifest lacks `fps` or `from`.
  public var clock: FrameClock? {
    guard let rate, let start, rate > .zero else { return nil }
    return FrameClock(start: start, rate: rate, count: frames.count)
  }

  /// How many frames differ from the one before; nil when a frame's repeat is not known.
  public var uniqueFrames: Int? {
    var count = 0
    for frame in frames {
      guard let repeats = frame.repeatsPrevious else { return nil }
      if !repeats { count += 1 }
    }
    return count
  }

  /// Records frame `index` on the clock (frames must be added in order): its file, its exact time, and
  /// what it shows beyond its pixels.
  public mutating func addFrame(
    index: Int, repeatsPrevious: Bool?, state: FrameState? = nil, info: [(key: String, value: ManifestValue)] = []
  ) throws(ManifestKeyConflict) {
    try Self.checkKeys(info.map(\.key), reserved: Self.reservedFrameKeys, owner: "the info of frame \(index)")
    let time = (start ?? .zero) + (rate.flatMap { Rational(index) / $0 } ?? .zero)
    frames.append(
      Frame(
        file: FrameFolder.frameFileName(index: index), index: index, time: time.seconds, exactTime: time,
        isOnClock: true, repeatsPrevious: repeatsPrevious, state: state,
        info: info.map { ($0.key, $0.value.jsonValue) }))
  }

  /// The top level without `frames`, in the manifest's order (what timelines read: states, thresholds,
  /// touch times).
  public var headerObject: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("version", .string(version.description))]
    members += header
    if let rate { members.append(("fps", ManifestValue.exact(rate).jsonValue)) }
    if let start { members.append(("from", ManifestValue.exact(start).jsonValue)) }
    members.append(("frameCount", .number(Double(frames.count))))
    if let uniqueFrames { members.append(("uniqueFrames", .number(Double(uniqueFrames)))) }
    if let size { members.append(("size", .array([.number(Double(size.width)), .number(Double(size.height))]))) }
    if let scale { members.append(("scale", .number(scale))) }
    return .object(members)
  }

  /// The whole document, ending with a newline: the header one member a line, then one frame a line.
  public var json: String {
    guard case .object(let members) = headerObject else { return "" }
    var entries = members.map { "  \(JSONValue.quote($0.key)): \(Self.inline($0.value))" }
    if frames.isEmpty {
      entries.append("  \"frames\": []")
    } else {
      entries.append(
        "  \"frames\": [\n" + frames.map { "    " + Self.inline($0.entry) }.joined(separator: ",\n") + "\n  ]")
    }
    return "{\n" + entries.joined(separator: ",\n") + "\n}\n"
  }

  /// A value on one line: `[1, 2]`, `{"a": 1, "b": [true]}`; numbers as `JSONValue.format` writes them.
  static func inline(_ value: JSONValue) -> String {
    switch value {
    case .array(let items): "[" + items.map(inline).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.map { JSONValue.quote($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + "}"
    default: value.formatted()
    }
  }

  /// JSON objects with duplicate keys mean different things to different readers, so refuse them.
  private static func checkKeys(_ keys: [String], reserved: Set<String>, owner: String) throws(ManifestKeyConflict) {
    var seen = Set<String>()
    for key in keys {
      if reserved.contains(key) {
        throw ManifestKeyConflict(reason: "\(owner) uses the key \"\(key)\", which the pipeline writes itself")
      }
      if !seen.insert(key).inserted {
        throw ManifestKeyConflict(reason: "\(owner) has the key \"\(key)\" twice")
      }
    }
  }
}
