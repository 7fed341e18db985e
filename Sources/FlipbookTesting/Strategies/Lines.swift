import Foundation

// MARK: - Text

extension Diffing where Value == String {
  /// Text compared line by line; a failure prints a unified diff (`-` the reference, `+` the new text) with
  /// three lines of context, computed by Myers's algorithm, so a two-line change prints two lines however
  /// long the text is.
  public static var lines: Diffing {
    Diffing(
      toData: { Data($0.utf8) },
      fromData: { data in
        guard let text = String(data: data, encoding: .utf8) else { throw SnapshotError("not UTF-8 text") }
        return text
      },
      diff: { reference, actual in
        guard reference != actual else { return nil }
        return DiffFailure(message: UnifiedDiff(reference: reference, actual: actual).text)
      })
  }
}

extension Snapshotting where Value == String, Format == String {
  /// A string snapshotted as a text file.
  public static var lines: Snapshotting { Snapshotting(pathExtension: "txt", diffing: .lines) }
}
