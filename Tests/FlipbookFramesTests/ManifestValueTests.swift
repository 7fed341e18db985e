import Foundation
import Testing

@testable import FlipbookFrames

@Suite("ManifestValue JSON")
struct ManifestValueTests {
  @Test(
    "numbers: whole without a fraction, others to 6 decimals, non-finite as null",
    arguments: [
      (0.0, "0"), (12.0, "12"), (-0.0, "0"), (0.5, "0.5"), (1.0 / 3, "0.333333"), (1.0 / 60, "0.016667"),
      (0.9999999, "1"), (-1.25, "-1.25"), (-0.0000001, "0"), (1e20, "100000000000000000000"),
      (Double.nan, "null"), (Double.infinity, "null"), (640, "640"),
    ])
  func numbers(value: Double, json: String) {
    #expect(ManifestValue.number(value).json == json)
  }

  @Test("strings escape quotes, backslashes and control characters, and keep other characters")
  func strings() {
    #expect(ManifestValue.string("a\"b\\c\nd\te\u{1}é").json == #""a\"b\\c\nd\te\u0001é""#)
  }

  @Test("bools, arrays, null and literals")
  func others() {
    #expect(ManifestValue.bool(true).json == "true")
    #expect(ManifestValue.numbers([1, 2.5, 1.0 / 3]).json == "[1, 2.5, 0.333333]")
    #expect(ManifestValue.numbers([]).json == "[]")
    #expect(ManifestValue.null.json == "null")
    let literals: [ManifestValue] = [3, 0.25, "x", false, nil]
    #expect(literals == [.number(3), .number(0.25), .string("x"), .bool(false), .null])
  }
}
