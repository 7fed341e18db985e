import FlipbookImageFormats
import Foundation
import Testing

@testable import FlipbookGraphics

/// The pairs and pixelmatch's counts written by `make_fixtures.py` (see its docstring): shared with the
/// CLI tests, which hold `flipbook diff` to the same numbers.
private let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("FlipbookCLITests/__Fixtures__/pixelmatch")

/// `expected.json`: each pair's size and the count PyPI pixelmatch returned under each setting.
struct PixelmatchExpectations: Decodable {
  struct Setting: Decodable {
    let threshold: Double
    let includeAA: Bool
  }
  struct Pair: Decodable {
    let width: Int
    let height: Int
    let counts: [Int]
  }
  let settings: [Setting]
  let pairs: [String: Pair]

  static let recorded: PixelmatchExpectations = {
    let data = try! Data(contentsOf: fixtureDirectory.appendingPathComponent("expected.json"))
    return try! JSONDecoder().decode(PixelmatchExpectations.self, from: data)
  }()
}

@Suite("Counts equal pixelmatch's on the recorded fixtures")
struct PixelmatchAgreementTests {
  static let names = PixelmatchExpectations.recorded.pairs.keys.sorted()

  @Test("At least twenty pairs and ten settings are recorded")
  func coverage() {
    #expect(Self.names.count >= 20)
    #expect(PixelmatchExpectations.recorded.settings.count == 10)
  }

  @Test(
    "differingPixels is pixelmatch's count, and the excused pixels are the difference includeAA makes", arguments: names
  )
  func agreement(name: String) throws {
    let recorded = PixelmatchExpectations.recorded
    let pair = try #require(recorded.pairs[name])
    let a = try Image(contentsOfFile: fixtureDirectory.appendingPathComponent("\(name)-a.png").path)
    let b = try Image(contentsOfFile: fixtureDirectory.appendingPathComponent("\(name)-b.png").path)
    #expect(a.width == pair.width && a.height == pair.height)
    var counted: [Int] = []
    for setting in recorded.settings {
      let tolerance = ImageTolerance(colorThreshold: setting.threshold, excusesAntialiasing: !setting.includeAA)
      counted.append(ImageComparison.compare(a, b, tolerance: tolerance).differingPixels)
    }
    #expect(counted == pair.counts, "\(name)")
    for (index, setting) in recorded.settings.enumerated() where !setting.includeAA {
      let tolerance = ImageTolerance(colorThreshold: setting.threshold, excusesAntialiasing: true)
      let excused = ImageComparison.compare(a, b, tolerance: tolerance).antialiasedPixels
      #expect(excused == pair.counts[index + 1] - pair.counts[index], "\(name) at \(setting.threshold)")
    }
  }

  @Test("A change YIQ over white cannot see counts only when the tolerance compares bytes (strict)")
  func invisibleChanges() throws {
    // Transparent against translucent white: both are white over white, a YIQ delta of 0.
    let clear = try Image(width: 4, height: 4, rgba: [UInt8](repeating: 0, count: 64))
    var pixels = [UInt8](repeating: 0, count: 64)
    for k in 0..<3 { pixels[20 + k] = 255 }
    pixels[23] = 128
    let faint = try Image(width: 4, height: 4, rgba: pixels)
    let pixelmatchLike = ImageComparison.compare(clear, faint, tolerance: ImageTolerance(colorThreshold: 0))
    #expect(pixelmatchLike.changedPixels == 1 && pixelmatchLike.differingPixels == 0 && pixelmatchLike.passes)
    let strict = ImageComparison.compare(clear, faint, tolerance: .strict)
    #expect(strict.differingPixels == 1 && !strict.passes)
  }
}
