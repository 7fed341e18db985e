import FlipbookJSON
import FlipbookLottie
import Foundation

// MARK: - LottieRangeDecoder

/// Decodes the stretches of a Lottie timeline that documents play and scrub, checked against the animation:
///
/// ```json
/// {"progress": [0, 0.5]}   {"frames": [30, 60]}   {"markers": ["pullStart", "pullEnd"]}   {"marker": "refresh"}
/// ```
///
/// with `"loopMode"` (`"playOnce"`, `"loop"`, `"autoReverse"`, `{"repeat": 3}`, `{"repeatBackwards": 2}`) where the
/// stretch is played. A marker the file lacks, an end outside the animation, or a played stretch of no length (which
/// would freeze rather than play) is an error at its JSON path, naming the file.
enum LottieRangeDecoder {
  static let rangeKeys: Set<String> = ["progress", "frames", "markers", "marker"]

  /// The range in `cursor`, checked against `animation` (the file `file`); one that is `played` must have a length.
  static func range(_ cursor: JSONCursor, in animation: LottieAnimation, file: String, played: Bool = false)
    throws(DocumentError) -> LottieRange
  {
    try range(cursor.object(allowing: rangeKeys), at: cursor, in: animation, file: file, played: played)
  }

  /// A stretch that is played: a range of some length and its loop mode (`defaultLoopMode` when not given).
  static func playback(
    _ cursor: JSONCursor, in animation: LottieAnimation, file: String, defaultLoopMode: LottieLoopMode = .playOnce
  ) throws(DocumentError) -> (range: LottieRange, loopMode: LottieLoopMode) {
    let m = try cursor.object(allowing: rangeKeys.union(["loopMode"]))
    let range = try range(m, at: cursor, in: animation, file: file, played: true)
    return (range, try loopMode(m["loopMode"]) ?? defaultLoopMode)
  }

  private static func range(
    _ m: [String: JSONCursor], at cursor: JSONCursor, in animation: LottieAnimation, file: String, played: Bool
  ) throws(DocumentError) -> LottieRange {
    let given = rangeKeys.sorted().filter { m[$0] != nil }
    guard given.count == 1, let key = given.first, let c = m[key] else {
      throw cursor.error(
        given.isEmpty
          ? "expected one of \"progress\", \"frames\", \"markers\" or \"marker\""
          : "give one of \(given.map { "\"\($0)\"" }.joined(separator: ", ")), not several")
    }
    let range: LottieRange
    switch key {
    case "progress":
      let ends = try c.numbers(count: 2)
      for (index, end) in ends.enumerated() where !(0...1).contains(end) {
        throw DocumentError(
          location: "\(c.path)[\(index)]", message: "a progress runs from 0 to 1, not \(JSONValue.format(end))")
      }
      range = .progress(from: ends[0], to: ends[1])
    case "frames":
      let ends = try c.numbers(count: 2)
      range = .frames(from: ends[0], to: ends[1])
    case "markers":
      let names = try c.array()
      guard names.count == 2 else { throw c.error("expected [from marker, to marker], found \(names.count) values") }
      range = .markers(from: try names[0].string(), to: try names[1].string())
    default:
      range = .marker(try c.string())
    }
    if let problem = range.problem(in: animation, named: file) { throw c.error(problem) }
    if played, let (from, to) = range.endFrames(in: animation), from == to {
      throw c.error(
        "the stretch starts and ends at frame \(JSONValue.format(from)), so it has nothing to play"
          + (key == "marker" ? " (the marker's duration, dr, is 0: name two markers)" : ""))
    }
    return range
  }

  /// `"loopMode"`, or nil when the object has none.
  static func loopMode(_ cursor: JSONCursor?) throws(DocumentError) -> LottieLoopMode? {
    guard let cursor else { return nil }
    if case .string = cursor.value {
      switch try cursor.string() {
      case "playOnce": return .playOnce
      case "loop": return .loop
      case "autoReverse": return .autoReverse
      case let other:
        throw cursor.error(
          "\"\(other)\" is not one of \"playOnce\", \"loop\", \"autoReverse\", {\"repeat\": n}, {\"repeatBackwards\": n}"
        )
      }
    }
    let m = try cursor.object(allowing: ["repeat", "repeatBackwards"])
    if let c = m["repeat"], m["repeatBackwards"] == nil { return .repeat(try c.number(in: 0.001...1_000_000)) }
    if let c = m["repeatBackwards"], m["repeat"] == nil {
      return .repeatBackwards(try c.number(in: 0.001...1_000_000))
    }
    throw cursor.error("expected {\"repeat\": n} or {\"repeatBackwards\": n}")
  }
}
