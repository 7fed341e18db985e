import FlipbookGraphics
import FlipbookJSON

// MARK: - The --json summary

extension DiffOutcome {
  /// What `flipbook diff --json` prints: one object with its keys always present and in this order, so a
  /// CI step can read it without guessing. `maxColorDistance` is pixelmatch's YIQ delta of the most
  /// changed pixel normalised to 0...1 (`√(delta / 35215)`, the `--threshold` scale), or with
  /// `--precision`/`--perceptual-precision` its CIE94 distance over 100, and `ratio` the fraction of
  /// pixels that failed (swift-snapshot-testing's precision is 1 − ratio); `antialiasedPixels`
  /// are the changed pixels excused as anti-aliasing (0 with `--include-aa`, which counts them).
  func json(report: String?) -> JSONValue {
    let differing = pairs.filter(\.differs)
    let frames: [JSONValue] = pairs.map { pair in
      let c = pair.comparison
      return .object([
        ("file", .string(pair.label)),
        ("time", pair.time.map { .number($0.seconds) } ?? .null),
        ("verdict", .string(pair.differs ? "differ" : "match")),
        ("sizeMatches", .bool(c.sizeMatches)),
        ("changedPixels", .number(Double(c.changedPixels))),
        ("differingPixels", .number(Double(c.differingPixels))),
        ("ratio", .number(c.differingRatio)),
        ("maxColorDistance", .number(c.maxDelta)),
        ("antialiasedPixels", .number(Double(c.antialiasedPixels))),
        ("timing", pair.timing.map(Self.json) ?? .null),
      ])
    }
    return .object([
      ("verdict", .string(matches ? "match" : "differ")),
      ("expected", .string(expectedPath)),
      ("actual", .string(actualPath)),
      ("tolerance", Self.toleranceJSON(tolerance)),
      ("frameCounts", .object([("expected", count(frameCounts.expected)), ("actual", count(frameCounts.actual))])),
      ("onlyInExpected", .array(onlyInExpected.map(JSONValue.string))),
      ("onlyInActual", .array(onlyInActual.map(JSONValue.string))),
      (
        "totals",
        .object([
          ("comparedFrames", count(pairs.count)),
          ("differingFrames", count(differing.count)),
          ("timingDifferences", count(timingDifferences.count)),
          ("differingPixels", count(pairs.reduce(0) { $0 + $1.comparison.differingPixels })),
          ("antialiasedPixels", count(pairs.reduce(0) { $0 + $1.comparison.antialiasedPixels })),
          ("pixels", count(pairs.reduce(0) { $0 + $1.comparison.totalPixels })),
        ])
      ),
      ("frames", .array(frames)),
      ("report", report.map(JSONValue.string) ?? .null),
    ])
  }

  private func count(_ n: Int) -> JSONValue { .number(Double(n)) }

  /// The options a comparison ran with, as the summaries (this one and a tree's) write them:
  /// pixelmatch's, or swift-snapshot-testing's `precision` and `perceptualPrecision` (null when not used;
  /// written with the `Float`'s shortest digits, 0.985 rather than 0.98500001430511475).
  static func toleranceJSON(_ tolerance: ImageTolerance) -> JSONValue {
    let snapshot = tolerance.snapshotPrecision
    func number(_ value: Float?) -> JSONValue { value.map { .number(Double("\($0)") ?? Double($0)) } ?? .null }
    return .object([
      ("threshold", .number(tolerance.colorThreshold)),
      ("includeAA", .bool(!tolerance.excusesAntialiasing)),
      ("maxPixels", .number(Double(tolerance.maxDifferingPixels))),
      ("maxRatio", .number(tolerance.maxDifferingRatio)),
      ("precision", number(snapshot?.precision)),
      ("perceptualPrecision", number(snapshot?.perceptualPrecision)),
    ])
  }

  /// `{"kind": "delay", "expected": "1/10", "actual": "1/5", "expectedSeconds": 0.1, "actualSeconds": 0.2}`:
  /// the values as their sources give them (exact fractions, or the manifest's numbers) and in seconds.
  private static func json(_ timing: TimingDifference) -> JSONValue {
    .object([
      ("kind", .string(timing.kind.rawValue)),
      ("expected", .string(timing.expected.text)),
      ("actual", .string(timing.actual.text)),
      ("expectedSeconds", .number(timing.expected.seconds)),
      ("actualSeconds", .number(timing.actual.seconds)),
    ])
  }
}
