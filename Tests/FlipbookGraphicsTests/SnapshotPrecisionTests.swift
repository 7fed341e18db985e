import FlipbookImageFormats
import Foundation
import Testing

@testable import FlipbookGraphics

/// The pairs and counts written by `make_fixtures.py` in `FlipbookCLITests/__Fixtures__/deltae` (see its
/// docstring): an independent numpy implementation of swift-snapshot-testing's perceptual metric,
/// cross-checked there against colour-science.
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("FlipbookCLITests/__Fixtures__")

struct DeltaEExpectations: Decodable {
  struct Pair: Decodable {
    let folder: String
    let width: Int
    let height: Int
    let counts: [Int]
    let maxDeltaE: Double
  }
  let perceptualPrecisions: [Float]
  let pairs: [String: Pair]

  static let recorded: DeltaEExpectations = {
    let data = try! Data(contentsOf: fixtures.appendingPathComponent("deltae/expected.json"))
    return try! JSONDecoder().decode(DeltaEExpectations.self, from: data)
  }()
}

@Suite("swift-snapshot-testing's precision and perceptualPrecision")
struct SnapshotPrecisionTests {
  static let names = DeltaEExpectations.recorded.pairs.keys.sorted()

  @Test("At least thirty pairs and seven perceptual precisions are recorded")
  func coverage() {
    #expect(Self.names.count >= 30)
    #expect(DeltaEExpectations.recorded.perceptualPrecisions.count == 7)
  }

  @Test("Failed-pixel counts and the largest ΔE equal the numpy implementation's", arguments: names)
  func agreement(name: String) throws {
    let recorded = DeltaEExpectations.recorded
    let pair = try #require(recorded.pairs[name])
    let folder = fixtures.appendingPathComponent(pair.folder)
    let a = try Image(contentsOfFile: folder.appendingPathComponent("\(name)-a.png").path)
    let b = try Image(contentsOfFile: folder.appendingPathComponent("\(name)-b.png").path)
    #expect(a.width == pair.width && a.height == pair.height)
    var counted: [Int] = []
    var largest = 0.0
    for perceptual in recorded.perceptualPrecisions {
      let comparison = ImageComparison.compare(a, b, tolerance: .precision(1, perceptualPrecision: perceptual))
      counted.append(comparison.differingPixels)
      largest = comparison.maxDelta * 100
    }
    #expect(counted == pair.counts, "\(name)")
    #expect(abs(largest - pair.maxDeltaE) < 1e-6, "\(name)")
  }

  @Test("Known distances: black against white is 100, a pixel against itself 0, alpha alone counts")
  func knownDistances() {
    #expect(abs(LabDeltaE.distance(0xFF00_0000, 0xFFFF_FFFF) - 100) < 1e-9)
    #expect(LabDeltaE.distance(0x8040_2010, 0x8040_2010) == 0)
    // Transparent against half-transparent black: equal on black; on white 255 against 255 − 128 = 127,
    // greys whose distance is their L difference, L(127/255 taken as linear) = 116·∛(127/255) − 16.
    let grey = 116 * cbrt(127.0 / 255) - 16
    #expect(abs(LabDeltaE.distance(0x0000_0000, 0x8000_0000) - (100 - grey)) < 1e-9)
    // Symmetric, thanks to the geometric mean of the chromas.
    #expect(LabDeltaE.distance(0xFFFF_0000, 0xFF00_FF00) == LabDeltaE.distance(0xFF00_FF00, 0xFFFF_0000))
  }

  @Test("The threshold and the verdict are computed in Float, as swift-snapshot-testing does")
  func floatRules() {
    #expect(SnapshotPrecision(perceptualPrecision: 0.97).deltaEThreshold == Float(2.9999971))
    let lottie = SnapshotPrecision(precision: 0.985, perceptualPrecision: 0.97)
    // 1 − 15/1000 is exactly Float(0.985): a tie that matches; 16 fail.
    #expect(lottie.matches(failedPixels: 15, changedBytes: 60, totalPixels: 1000))
    #expect(!lottie.matches(failedPixels: 16, changedBytes: 64, totalPixels: 1000))
    // Perceptual precision 1: bytes count, Int((1 − 0.99) × 400) = Int(3.9999962) = 3 may differ.
    let bytes = SnapshotPrecision(precision: 0.99)
    #expect(bytes.matches(failedPixels: 3, changedBytes: 3, totalPixels: 100))
    #expect(!bytes.matches(failedPixels: 1, changedBytes: 4, totalPixels: 100))
    // Both 1: any changed byte fails; none matches.
    #expect(!SnapshotPrecision().matches(failedPixels: 0, changedBytes: 1, totalPixels: 100))
    #expect(SnapshotPrecision().matches(failedPixels: 0, changedBytes: 0, totalPixels: 100))
    // Out of range and NaN are clamped to 0...1, NaN to the strict end.
    #expect(SnapshotPrecision(precision: 2, perceptualPrecision: .nan) == SnapshotPrecision())
  }

  @Test("Whole comparisons: sizes, byte identity, and a failure summary in swift-snapshot-testing's terms")
  func comparisons() throws {
    let white = try Image(width: 10, height: 10, rgba: [UInt8](repeating: 255, count: 400))
    var bytes = [UInt8](repeating: 255, count: 400)
    for k in 0..<2 { bytes[k * 4] = 0 }  // two cyan pixels: far beyond ΔE 3
    let twoCyan = try Image(width: 10, height: 10, rgba: bytes)
    let tolerance = ImageTolerance.precision(0.985, perceptualPrecision: 0.97)
    let comparison = ImageComparison.compare(white, twoCyan, tolerance: tolerance)
    #expect(comparison.differingPixels == 2 && comparison.changedBytes == 2 && !comparison.passes)
    #expect(comparison.summary.hasPrefix("2 pixels differ by more than ΔE 2.9999971 (2.0 % of 100)"))
    #expect(comparison.summary.contains("0.98 of the pixels match, less than the 0.985 required"))
    #expect(ImageComparison.compare(white, twoCyan, tolerance: .precision(0.98, perceptualPrecision: 0.97)).passes)
    #expect(ImageComparison.compare(white, white, tolerance: .precision()).passes)
    let wider = try Image(width: 11, height: 10, rgba: [UInt8](repeating: 255, count: 440))
    #expect(!ImageComparison.compare(white, wider, tolerance: .precision(0, perceptualPrecision: 0)).passes)
    // The diff image marks exactly the counted pixels.
    let diff = ImageComparison.diffImage(expected: white, actual: twoCyan, tolerance: tolerance)
    #expect(diff.pixels.filter { $0 == ImageComparison.diffColor }.count == 2)
  }
}
