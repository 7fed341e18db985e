import FlipbookJSON

// MARK: - TreeReport

/// What `flipbook diff REFS OUT` found over two trees of renders (`flipbook render`'s batch output),
/// render by render, and what `flipbook diff --merge` reads back from the shards' `--json` reports and
/// adds up. The prose and the JSON are both written from this one value.
struct TreeReport {
  /// One render compared on both sides.
  struct Render {
    /// The render's folder under the tree (`ego/language=en`).
    let name: String
    let matches: Bool
    let comparedFrames: Int
    let differingFrames: Int
    let timingDifferences: Int
    let differingPixels: Int
    let pixels: Int
    /// The render's own one-line verdict, as `flipbook diff` prints it for two folders.
    let summary: String
    /// Its own report page (`OUT/ego/language=en/report.html`), where `--output` wrote one: for a
    /// differing render, or for every render with `--report-all`.
    var report: String? = nil
  }

  var expected: String
  var actual: String
  /// The shards the actual side holds (`["1/4"]`); empty for a whole batch.
  var shards: [String]
  /// The tolerance, as the single diff's `--json` writes it.
  var tolerance: JSONValue
  var renders: [Render]
  /// Renders of the expected tree missing from the actual one (that the actual side should have).
  var onlyInExpected: [String]
  /// Renders of the actual tree with no reference.
  var onlyInActual: [String]
  /// Expected renders another shard renders: not compared here, not a difference.
  var otherShards: [String]
  /// The report folder's page over the batch (`OUT/report.html`), where `--output` wrote it.
  var page: String? = nil

  var differing: [Render] { renders.filter { !$0.matches } }

  /// Every compared render matches and nothing is on one side only.
  var matches: Bool { differing.isEmpty && onlyInExpected.isEmpty && onlyInActual.isEmpty }

  // MARK: Prose

  var prose: [String] {
    let frames = renders.reduce(0) { $0 + $1.comparedFrames }
    let of =
      otherShards.isEmpty ? "" : " (shard \(shards.joined(separator: ", ")); \(otherShards.count) in other shards)"
    var lines: [String] = []
    if matches {
      lines.append("Match: all \(renders.count) renders, \(frames) frames\(of)")
      return lines
    }
    if let first = differing.first {
      lines.append(
        "Differ: \(differing.count) of \(renders.count) renders\(of) (first: \(first.name), \(first.summary))")
    } else {
      lines.append("Differ: the renders differ\(of)")
    }
    for render in differing.dropFirst().prefix(9) { lines.append("\(render.name): \(render.summary)") }
    if differing.count > 10 { lines.append("and \(differing.count - 10) more differing renders") }
    if !onlyInExpected.isEmpty { lines.append("Missing from \(actual): \(Self.list(onlyInExpected))") }
    if !onlyInActual.isEmpty { lines.append("Not in \(expected): \(Self.list(onlyInActual))") }
    return lines
  }

  private static func list(_ names: [String]) -> String {
    names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", and \(names.count - 5) more" : "")
  }

  // MARK: JSON

  /// The `--json` summary: keys always present and in this order.
  var json: JSONValue {
    func count(_ n: Int) -> JSONValue { .number(Double(n)) }
    return .object([
      ("verdict", .string(matches ? "match" : "differ")),
      ("expected", .string(expected)),
      ("actual", .string(actual)),
      ("shards", .array(shards.map(JSONValue.string))),
      ("tolerance", tolerance),
      (
        "totals",
        .object([
          ("comparedRenders", count(renders.count)),
          ("differingRenders", count(differing.count)),
          ("comparedFrames", count(renders.reduce(0) { $0 + $1.comparedFrames })),
          ("differingFrames", count(renders.reduce(0) { $0 + $1.differingFrames })),
          ("timingDifferences", count(renders.reduce(0) { $0 + $1.timingDifferences })),
          ("differingPixels", count(renders.reduce(0) { $0 + $1.differingPixels })),
          ("pixels", count(renders.reduce(0) { $0 + $1.pixels })),
        ])
      ),
      (
        "renders",
        .array(
          renders.map { render in
            .object([
              ("name", .string(render.name)),
              ("verdict", .string(render.matches ? "match" : "differ")),
              ("comparedFrames", count(render.comparedFrames)),
              ("differingFrames", count(render.differingFrames)),
              ("timingDifferences", count(render.timingDifferences)),
              ("differingPixels", count(render.differingPixels)),
              ("pixels", count(render.pixels)),
              ("summary", .string(render.summary)),
              ("report", render.report.map(JSONValue.string) ?? .null),
            ])
          })
      ),
      ("onlyInExpected", .array(onlyInExpected.map(JSONValue.string))),
      ("onlyInActual", .array(onlyInActual.map(JSONValue.string))),
      ("otherShards", .array(otherShards.map(JSONValue.string))),
      ("report", page.map(JSONValue.string) ?? .null),
    ])
  }

  /// Reads a report `json` wrote; `file` names it in the error (trouble: the merge cannot answer).
  init(json: JSONValue, file: String) throws(DiffFailure) {
    func fail(_ what: String) -> DiffFailure {
      .trouble(file, "\(what); --merge reads the --json reports of `flipbook diff REFS OUT` over render trees")
    }
    func string(_ value: JSONValue?, _ key: String) throws(DiffFailure) -> String {
      guard case .string(let s) = value else { throw fail("$.\(key) is not a string") }
      return s
    }
    func strings(_ key: String) throws(DiffFailure) -> [String] {
      guard case .array(let items) = json[key] else { throw fail("$.\(key) is not a list") }
      var result: [String] = []
      for item in items { result.append(try string(item, key)) }
      return result
    }
    func optionalString(_ value: JSONValue?, _ key: String) throws(DiffFailure) -> String? {
      if value == nil || value == .null { return nil }
      return try string(value, key)
    }
    func int(_ value: JSONValue?, _ key: String) throws(DiffFailure) -> Int {
      guard case .number(let n) = value, let whole = Int(exactly: n) else { throw fail("\(key) is not a whole number") }
      return whole
    }
    guard json["renders"] != nil else { throw fail("it is not a report of render trees (no \"renders\")") }
    expected = try string(json["expected"], "expected")
    actual = try string(json["actual"], "actual")
    shards = try strings("shards")
    tolerance = json["tolerance"] ?? .null
    guard case .array(let items) = json["renders"] else { throw fail("$.renders is not a list") }
    renders = []
    for (index, item) in items.enumerated() {
      let at = "renders[\(index)]"
      renders.append(
        Render(
          name: try string(item["name"], "\(at).name"),
          matches: try string(item["verdict"], "\(at).verdict") == "match",
          comparedFrames: try int(item["comparedFrames"], "\(at).comparedFrames"),
          differingFrames: try int(item["differingFrames"], "\(at).differingFrames"),
          timingDifferences: try int(item["timingDifferences"], "\(at).timingDifferences"),
          differingPixels: try int(item["differingPixels"], "\(at).differingPixels"),
          pixels: try int(item["pixels"], "\(at).pixels"), summary: try string(item["summary"], "\(at).summary"),
          report: try optionalString(item["report"], "\(at).report")))
    }
    onlyInExpected = try strings("onlyInExpected")
    onlyInActual = try strings("onlyInActual")
    otherShards = try strings("otherShards")
  }

  init(
    expected: String, actual: String, shards: [String], tolerance: JSONValue, renders: [Render],
    onlyInExpected: [String], onlyInActual: [String], otherShards: [String]
  ) {
    self.expected = expected
    self.actual = actual
    self.shards = shards
    self.tolerance = tolerance
    self.renders = renders
    self.onlyInExpected = onlyInExpected
    self.onlyInActual = onlyInActual
    self.otherShards = otherShards
  }

  // MARK: Merging

  /// The reports of the shards as one report over the whole batch: their renders together, and as
  /// missing every reference render that no report compared although each report left it to another
  /// shard (a shard whose report is not among them). Reports against different references, or that
  /// compared the same render twice, cannot be merged (trouble).
  static func merge(_ reports: [(file: String, report: TreeReport)]) throws(DiffFailure) -> TreeReport {
    let first = reports[0]
    var seen: [String: String] = [:]
    var renders: [Render] = []
    for (file, report) in reports {
      guard report.expected == first.report.expected else {
        throw .trouble(
          file, "compares against \(report.expected), but \(first.file) against \(first.report.expected)")
      }
      for render in report.renders {
        if let other = seen[render.name] {
          throw .trouble(file, "compares \(render.name), which \(other) compares too; merge each shard's report once")
        }
        seen[render.name] = file
        renders.append(render)
      }
    }
    var unclaimed = Set(first.report.otherShards)
    for (_, report) in reports.dropFirst() { unclaimed.formIntersection(report.otherShards) }
    let missing = Set(reports.flatMap(\.report.onlyInExpected)).union(unclaimed.subtracting(seen.keys))
    let actuals = reports.map(\.report.actual).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    return TreeReport(
      expected: first.report.expected, actual: actuals.joined(separator: ", "),
      shards: reports.flatMap(\.report.shards), tolerance: first.report.tolerance,
      renders: renders.sorted { $0.name < $1.name }, onlyInExpected: missing.sorted(),
      onlyInActual: Set(reports.flatMap(\.report.onlyInActual)).sorted(), otherShards: [])
  }
}
