import Foundation
import Testing

/// `flipbook diff --json` against PyPI pixelmatch's counts on the fixture pairs (written, with their
/// provenance, by `__Fixtures__/pixelmatch/make_fixtures.py`): the same count of differing pixels at
/// every recorded threshold, with and without `--include-aa`.
@Suite("flipbook diff counts as pixelmatch does")
struct DiffPixelmatchTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Fixtures__/pixelmatch")

  /// expected.json, read as plain JSON: the settings in order and each pair's counts under them.
  struct Recorded: Sendable {
    let settings: [(threshold: Double, includeAA: Bool)]
    let counts: [String: [Int]]
  }

  static let recorded: Recorded = {
    let data = try! Data(contentsOf: folder.appendingPathComponent("expected.json"))
    let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    let settings = (root["settings"] as! [[String: Any]]).map {
      (threshold: $0["threshold"] as! Double, includeAA: $0["includeAA"] as! Bool)
    }
    let pairs = (root["pairs"] as! [String: [String: Any]]).mapValues { $0["counts"] as! [Int] }
    return Recorded(settings: settings, counts: pairs)
  }()

  static var pairNames: [String] { recorded.counts.keys.sorted() }

  /// The summary `flipbook diff --json` printed, parsed; its exit code must agree with its verdict.
  static func summary(_ arguments: [String]) throws -> [String: Any] {
    let result = try FlipbookBinary.run(["diff", "--json"] + arguments)
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let verdict = summary["verdict"] as? String
    #expect(
      (verdict == "match" && result.exitCode == 0) || (verdict == "differ" && result.exitCode == 1), "\(result)")
    return summary
  }

  @Test("Every pair, every threshold, with and without --include-aa: pixelmatch's count", arguments: pairNames)
  func agreement(name: String) throws {
    let settings = Self.recorded.settings
    let counts = try #require(Self.recorded.counts[name])
    let a = Self.folder.appendingPathComponent("\(name)-a.png").path
    let b = Self.folder.appendingPathComponent("\(name)-b.png").path
    var counted: [Int] = []
    var excused: [Int] = []
    for setting in settings {
      let summary = try Self.summary(
        [a, b, "--threshold", "\(setting.threshold)"] + (setting.includeAA ? ["--include-aa"] : []))
      let frame = try #require((summary["frames"] as? [[String: Any]])?.first)
      counted.append(try #require(frame["differingPixels"] as? Int))
      excused.append(try #require(frame["antialiasedPixels"] as? Int))
      #expect((summary["verdict"] as? String == "match") == (counted.last == 0))
    }
    #expect(counted == counts, "\(name)")
    // Excused pixels are exactly the ones --include-aa adds, and none are excused with it.
    for index in stride(from: 0, to: settings.count, by: 2) {
      #expect(excused[index] == counts[index + 1] - counts[index], "\(name) setting \(index)")
      #expect(excused[index + 1] == 0)
    }
  }

  @Test("The JSON summary: fixed keys in a fixed order, per-frame figures and totals")
  func jsonShape() throws {
    let a = Self.folder.appendingPathComponent("circle-shift-one-a.png").path
    let b = Self.folder.appendingPathComponent("circle-shift-one-b.png").path
    let result = try FlipbookBinary.run(["diff", a, b, "--threshold", "0.1", "--json"])
    #expect(result.exitCode == 1 && result.stderr.isEmpty)
    let keys = [
      "verdict", "expected", "actual", "tolerance", "frameCounts", "onlyInExpected", "onlyInActual", "totals",
      "frames", "report",
    ]
    let positions = keys.map { result.stdout.range(of: "\n  \"\($0)\": ")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted(), "\(result)")
    let frameKeys = [
      "file", "time", "verdict", "sizeMatches", "changedPixels", "differingPixels", "ratio", "maxColorDistance",
      "antialiasedPixels", "timing",
    ]
    let framePositions = frameKeys.map { result.stdout.range(of: "\n      \"\($0)\": ")?.lowerBound }
    #expect(
      framePositions.allSatisfy { $0 != nil } && framePositions.map { $0! } == framePositions.map { $0! }.sorted())

    let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(summary["verdict"] as? String == "differ" && summary["report"] is NSNull)
    let tolerance = try #require(summary["tolerance"] as? [String: Any])
    #expect(tolerance["threshold"] as? Double == 0.1 && tolerance["includeAA"] as? Bool == false)
    let frame = try #require((summary["frames"] as? [[String: Any]])?.first)
    // pixelmatch: 6 counted and 169 - 6 excused at 0.1; 195 pixels changed at all.
    #expect(frame["differingPixels"] as? Int == 6 && frame["antialiasedPixels"] as? Int == 163)
    #expect(frame["changedPixels"] as? Int == 195)
    #expect(frame["ratio"] as? Double == 0.001465, "6 / 4096, to six decimals")
    // Black against white: √(0.5053 × 255² / 35215) = 0.965942.
    #expect(frame["maxColorDistance"] as? Double == 0.965942)
    #expect(frame["time"] is NSNull && frame["timing"] is NSNull)
    let totals = try #require(summary["totals"] as? [String: Any])
    #expect(totals["comparedFrames"] as? Int == 1 && totals["differingFrames"] as? Int == 1)
    #expect(totals["differingPixels"] as? Int == 6 && totals["pixels"] as? Int == 4096)

    let allowed = try Self.summary([a, b, "--threshold", "0.1", "--max-pixels", "6"])
    #expect(allowed["verdict"] as? String == "match")
  }

  @Test("--include-aa counts the anti-aliased edge of a shifted circle; without it the shift is excused")
  func includeAA() throws {
    let a = Self.folder.appendingPathComponent("circle-shift-quarter-a.png").path
    let b = Self.folder.appendingPathComponent("circle-shift-quarter-b.png").path
    let excused = try FlipbookBinary.run(["diff", a, b, "--threshold", "0.1"])
    #expect(excused.exitCode == 0, "\(excused)")
    #expect(excused.stdout == "Match: the images match within the tolerance\n", "\(excused)")
    let counted = try FlipbookBinary.run(["diff", a, b, "--threshold", "0.1", "--include-aa"])
    #expect(counted.exitCode == 1)
    #expect(counted.stdout.hasPrefix("Differ: 90 pixels differ (2.2 % of 4096"), "\(counted)")
  }
}
