import Foundation
import Testing

/// `flipbook diff --precision/--perceptual-precision` against the counts an independent numpy implementation
/// of swift-snapshot-testing's metric recorded (`__Fixtures__/deltae/make_fixtures.py`).
@Suite("flipbook diff judges as swift-snapshot-testing does")
struct DiffPrecisionTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Fixtures__")

  /// expected.json: the perceptual precisions and, per pair, its folder, counts and size.
  static let recorded: (precisions: [Double], pairs: [String: (folder: String, counts: [Int], pixels: Int)]) = {
    let data = try! Data(contentsOf: fixtures.appendingPathComponent("deltae/expected.json"))
    let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    let pairs = (root["pairs"] as! [String: [String: Any]]).mapValues {
      ($0["folder"] as! String, $0["counts"] as! [Int], ($0["width"] as! Int) * ($0["height"] as! Int))
    }
    return (root["perceptualPrecisions"] as! [Double], pairs)
  }()

  static var pairNames: [String] { recorded.pairs.keys.sorted() }

  @Test(
    "Each pair at lottie-ios's tolerance: the recorded count, and the verdict 1 − count/pixels ≥ 0.985 in Float",
    arguments: pairNames)
  func lottieTolerance(name: String) throws {
    let pair = try #require(Self.recorded.pairs[name])
    let index = try #require(Self.recorded.precisions.firstIndex(of: 0.97))
    let folder = Self.fixtures.appendingPathComponent(pair.folder)
    let result = try FlipbookBinary.run([
      "diff", "--json", folder.appendingPathComponent("\(name)-a.png").path,
      folder.appendingPathComponent("\(name)-b.png").path, "--precision", "0.985", "--perceptual-precision", "0.97",
    ])
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let frame = try #require((summary["frames"] as? [[String: Any]])?.first)
    #expect(frame["differingPixels"] as? Int == pair.counts[index], "\(name)")
    let matches = 1 - Float(pair.counts[index]) / Float(pair.pixels) >= Float(0.985)
    #expect(summary["verdict"] as? String == (matches ? "match" : "differ"), "\(name)")
    #expect(result.exitCode == (matches ? 0 : 1))
    let tolerance = try #require(summary["tolerance"] as? [String: Any])
    #expect(tolerance["precision"] as? Double == 0.985 && tolerance["perceptualPrecision"] as? Double == 0.97)
  }

  @Test("The prose names the failed pixels, the fraction that match and the required precision")
  func prose() throws {
    let folder = Self.fixtures.appendingPathComponent("deltae")
    let a = folder.appendingPathComponent("near-threshold-a.png").path
    let b = folder.appendingPathComponent("near-threshold-b.png").path
    let differ = try FlipbookBinary.run(["diff", a, b, "--precision", "0.985", "--perceptual-precision", "0.97"])
    #expect(differ.exitCode == 1)
    #expect(
      differ.stdout == "Differ: 66 pixels differ by more than ΔE 2.9999971 (2.9 % of 2304): 0.9713542 of the pixels "
        + "match, less than the 0.985 required; largest ΔE 14.32\n", "\(differ)")
    let match = try FlipbookBinary.run(["diff", a, b, "--precision", "0.97", "--perceptual-precision", "0.97"])
    #expect(match.exitCode == 0 && match.stdout == "Match: the images match within the tolerance\n")
    // Perceptual precision 1: swift-snapshot-testing counts bytes; 6272 of 9216 changed.
    let bytes = try FlipbookBinary.run(["diff", a, b, "--precision", "0.3"])
    #expect(bytes.exitCode == 0, "\(bytes)")
    let tooMany = try FlipbookBinary.run(["diff", a, b, "--precision", "0.35"])
    #expect(tooMany.exitCode == 1 && tooMany.stdout.hasPrefix("Differ: 6272 of 9216 bytes differ"), "\(tooMany)")
  }

  @Test("Out-of-range values and pixelmatch's options beside them are usage errors (exit 64)")
  func usage() throws {
    let folder = Self.fixtures.appendingPathComponent("deltae")
    let a = folder.appendingPathComponent("near-threshold-a.png").path
    for extra in [
      ["--precision", "1.5"], ["--perceptual-precision", "-0.1"], ["--precision", "0.9", "--threshold", "0.1"],
      ["--perceptual-precision", "0.9", "--include-aa"], ["--precision", "0.9", "--max-pixels", "3"],
    ] {
      let result = try FlipbookBinary.run(["diff", a, a] + extra)
      #expect(result.exitCode == 64, "\(extra): \(result)")
      #expect(result.stderr.hasPrefix("Error: --"), "\(extra): \(result)")
    }
  }
}
