import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Line diffs")
struct LineDiffTests {
  @Test("A two-line change in a 900-line inspection prints two changed lines and their context")
  func twoLinesOf900() {
    let reference = (0..<900).map { "  \"line\": \($0)," }
    var actual = reference
    actual[300] = "  \"line\": \"changed\","
    actual[600] = "  \"line\": \"also changed\","
    let diff = UnifiedDiff(reference: reference.joined(separator: "\n"), actual: actual.joined(separator: "\n")).text
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") } == ["-  \"line\": 300,", "-  \"line\": 600,"])
    #expect(
      lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        == ["+  \"line\": \"changed\",", "+  \"line\": \"also changed\","])
    #expect(lines.filter { $0.hasPrefix("@@") } == ["@@ -298,7 +298,7 @@", "@@ -598,7 +598,7 @@"])
    #expect(lines.count == 2 + 2 * (1 + 3 + 2 + 3))
  }

  @Test("Insertions and removals show only what moved, hunks close together merge")
  func insertionAndRemoval() {
    let diff = UnifiedDiff(reference: "a\nb\nc\nd\ne\nf", actual: "a\nc\nd\nX\ne\nf").text
    #expect(diff == "--- reference\n+++ actual\n@@ -1,6 +1,6 @@\n a\n-b\n c\n d\n+X\n e\n f")
  }

  @Test("The edit script is a shortest one: it rebuilds the new text and keeps a longest common subsequence")
  func shortestOnRandomTexts() {
    var generator = SplitMix(seed: 11)
    for _ in 0..<300 {
      let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Substring(["x", "y", "z"].randomElement(using: &generator)!)
      }
      let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Substring(["x", "y", "z"].randomElement(using: &generator)!)
      }
      let edits = shortestLineEdits(a, b)
      var rebuilt: [Substring] = []
      var kept = 0
      for edit in edits {
        switch edit {
        case .keep(let i, let j):
          #expect(a[i] == b[j])
          rebuilt.append(b[j])
          kept += 1
        case .insert(let j): rebuilt.append(b[j])
        case .remove: break
        }
      }
      #expect(rebuilt == b)
      #expect(kept == longestCommonSubsequence(a, b), "\(a) → \(b)")
    }
  }

  /// The textbook quadratic table, as the oracle for small inputs.
  private func longestCommonSubsequence(_ a: [Substring], _ b: [Substring]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }
}

/// A small seeded generator, so the random texts are the same on every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
