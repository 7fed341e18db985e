import FlipbookJSON
import FlipbookTiming
import Foundation

// MARK: - Reading a manifest

extension Manifest {
  /// Reads a manifest's bytes, checking what every reader relies on: a JSON object of a version this
  /// Flipbook reads, a `frames` list whose entries each have a plain `file` name and a `time`, times that
  /// increase, and, where the manifest has them, a positive `fps`, whole `index`es that agree with `time`,
  /// and well-typed per-frame state. Each problem is one `ManifestError` naming `path` and the JSON path
  /// (`frames[3].index`). Members the reader does not know are kept (`header`, `Frame.info`), so a newer
  /// minor version's additions pass through.
  public init(parsing data: Data, path: String) throws(ManifestError) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw ManifestError(path: path, message: "not valid JSON (\(error.description))")
    }
    try self.init(root, path: path)
  }

  /// Reads a parsed manifest (see `init(parsing:path:)`).
  public init(_ root: JSONValue, path: String) throws(ManifestError) {
    func fail(_ message: String) -> ManifestError { ManifestError(path: path, message: message) }
    guard case .object(let members) = root else { throw fail("is not a JSON object") }
    let version = try Self.version(root["version"], path: path)
    guard case .array(let entries)? = root["frames"] else { throw fail("has no \"frames\" list") }
    let rate = try Self.exact(root["fps"], key: "fps", path: path)
    if let rate, rate <= .zero { throw fail("\"fps\" must be positive (got \(rate))") }
    let start = try Self.exact(root["from"], key: "from", path: path)
    var size: (width: Int, height: Int)?
    if let value = root["size"] {
      guard case .array(let items) = value, items.count == 2, let width = Self.whole(items[0]),
        let height = Self.whole(items[1])
      else { throw fail("\"size\" must be [width, height] in whole pixels") }
      size = (width, height)
    }
    var scale: Double?
    if let value = root["scale"] {
      guard case .number(let number) = value, number > 0 else { throw fail("\"scale\" must be a positive number") }
      scale = number
    }
    var frames: [Frame] = []
    for (position, entry) in entries.enumerated() {
      let frame = try Self.frame(entry, at: position, rate: rate, start: start, path: path)
      if let previous = frames.last, frame.exactTime <= previous.exactTime {
        throw fail(
          "frames[\(position)] is at \(JSONValue.format(frame.exactTime.seconds)) s, not after frames[\(position - 1)] "
            + "at \(JSONValue.format(previous.exactTime.seconds)) s; frame times must increase")
      }
      frames.append(frame)
    }
    for key in ["frameCount", "uniqueFrames"] {
      if let value = root[key], Self.whole(value) == nil { throw fail("\"\(key)\" must be a whole number") }
    }
    if let count = root["frameCount"].flatMap(Self.whole), count != frames.count {
      throw fail("\"frameCount\" is \(count), but \"frames\" lists \(frames.count)")
    }
    let header = members.filter { !Self.reservedKeys.contains($0.key) }
    self.init(
      version: version, header: header, rate: rate, start: start, size: size, scale: scale, frames: frames)
  }

  /// The manifest's version: absent is 1.0 (renders from before versions); a newer major one is refused.
  private static func version(_ value: JSONValue?, path: String) throws(ManifestError) -> ManifestVersion {
    guard let value else { return ManifestVersion(major: 1, minor: 0) }
    guard case .string(let text) = value, let version = ManifestVersion(text) else {
      throw ManifestError(
        path: path, message: "\"version\" must be a string \"MAJOR.MINOR\" such as \"1.0\" (got \(Self.inline(value)))")
    }
    guard version.major <= ManifestVersion.current.major else {
      throw ManifestError(
        path: path,
        message: "manifest version \(version) is newer than this flipbook reads (\(ManifestVersion.current.readable))")
    }
    return version
  }

  /// One frame entry, its time exact from the clock when the manifest has one.
  private static func frame(
    _ entry: JSONValue, at position: Int, rate: Rational?, start: Rational?, path: String
  ) throws(ManifestError) -> Frame {
    func fail(_ message: String) -> ManifestError {
      ManifestError(path: path, message: "frames[\(position)]\(message)")
    }
    guard case .object(let members) = entry, case .string(let file)? = entry["file"],
      case .number(let time)? = entry["time"]
    else { throw fail(" needs \"file\" and \"time\"") }
    if let problem = ManifestFileName.problem(file) { throw fail(": \(problem)") }
    var index: Int?
    if let value = entry["index"] {
      guard let whole = whole(value) else {
        throw fail(".index must be a whole number (got \(inline(value)))")
      }
      index = whole
    }
    var exactTime: Rational
    let isOnClock = rate != nil && start != nil && index != nil
    if let rate, let start, let index {
      exactTime = start + (Rational(index) / rate ?? .zero)
      // The decimal time beside the index is the same instant to six places; one that is not says the
      // manifest was edited or damaged, and which of the two is right cannot be told.
      guard abs(time - exactTime.seconds) <= 1e-6 else {
        throw fail(
          ".time \(JSONValue.format(time)) is not from + index/fps = \(JSONValue.format(exactTime.seconds)); "
            + "the manifest is inconsistent")
      }
    } else {
      guard let decimal = Rational(decimal: time) else { throw fail(".time must be a finite number") }
      exactTime = decimal
    }
    var repeatsPrevious: Bool?
    if let value = entry["repeatsPrevious"] {
      guard case .bool(let repeats) = value else { throw fail(".repeatsPrevious must be true or false") }
      repeatsPrevious = repeats
    }
    let state: FrameState?
    do {
      state = try FrameState.read(from: entry)
    } catch {
      throw fail(".\(error.key) must be \(error.expected)")
    }
    let info = members.filter { !reservedFrameKeys.contains($0.key) }
    return Frame(
      file: file, index: index, time: time, exactTime: exactTime, isOnClock: isOnClock,
      repeatsPrevious: repeatsPrevious, state: state, info: info)
  }

  /// A number, or a fraction string such as "2997/100".
  private static func exact(_ value: JSONValue?, key: String, path: String) throws(ManifestError) -> Rational? {
    switch value {
    case nil, .null?: return nil
    case .number(let number)?:
      guard let exact = Rational(decimal: number) else {
        throw ManifestError(path: path, message: "\"\(key)\" must be a finite number")
      }
      return exact
    case .string(let text)?:
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), let exact = Rational(n, d) else {
        throw ManifestError(
          path: path, message: "\"\(key)\" must be a number or a fraction such as \"1/3\" (got \"\(text)\")")
      }
      return exact
    default:
      throw ManifestError(path: path, message: "\"\(key)\" must be a number")
    }
  }

  /// A whole, non-negative number.
  private static func whole(_ value: JSONValue) -> Int? {
    guard case .number(let number) = value, let whole = Int(exactly: number), whole >= 0 else { return nil }
    return whole
  }
}
