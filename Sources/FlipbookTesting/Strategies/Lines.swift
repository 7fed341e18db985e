import Foundation

// MARK: - Text

extension Diffing where Value == String {
  /// Text compared line by line; the failure shows the first lines that differ, `−` for the reference and
  /// `+` for the new text, with two lines of context.
  public static var lines: Diffing {
    Diffing(
      toData: { Data($0.utf8) },
      fromData: { data in
        guard let text = String(data: data, encoding: .utf8) else { throw SnapshotError("not UTF-8 text") }
        return text
      },
      diff: { reference, actual in
        guard reference != actual else { return nil }
        return DiffFailure(message: LineDiff.describe(reference: reference, actual: actual))
      })
  }
}

extension Snapshotting where Value == String, Format == String {
  /// A string snapshotted as a text file.
  public static var lines: Snapshotting { Snapshotting(pathExtension: "txt", diffing: .lines) }
}

/// A short, readable account of where two texts part ways.
enum LineDiff {
  static func describe(reference: String, actual: String, context: Int = 2, limit: Int = 12) -> String {
    let a = reference.components(separatedBy: "\n")
    let b = actual.components(separatedBy: "\n")
    var first = 0
    while first < min(a.count, b.count), a[first] == b[first] { first += 1 }
    var endA = a.count
    var endB = b.count
    while endA > first, endB > first, a[endA - 1] == b[endB - 1] {
      endA -= 1
      endB -= 1
    }
    var out = ["@@ line \(first + 1) @@"]
    for line in a[max(0, first - context)..<first] { out.append("  " + line) }
    for line in a[first..<endA].prefix(limit) { out.append("− " + line) }
    if endA - first > limit { out.append("− … \(endA - first - limit) more") }
    for line in b[first..<endB].prefix(limit) { out.append("+ " + line) }
    if endB - first > limit { out.append("+ … \(endB - first - limit) more") }
    for line in a[endA..<min(a.count, endA + context)] { out.append("  " + line) }
    return out.joined(separator: "\n")
  }
}
