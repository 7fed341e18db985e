// MARK: - The files a failure names

/// The "Label: path" lines of a failure message, aligned on the longest label so no label is ever cut
/// short or run into its path.
struct FailureFileList {
  private var entries: [(label: String, value: String)] = []

  mutating func add(_ label: String, _ value: String) { entries.append((label, value)) }

  var lines: [String] {
    let width = (entries.map(\.label.count).max() ?? 0) + 2
    return entries.map { entry in
      let head = entry.label + ":"
      return head + String(repeating: " ", count: width - head.count) + entry.value
    }
  }

  /// An artifact's role as a label: `frame3-expected` reads "Frame 3 expected", `strip` reads "Strip".
  static func label(forRole role: String) -> String {
    var words = ""
    var previous: Character?
    for character in role {
      if character == "-" {
        words.append(" ")
      } else {
        if character.isNumber, let previous, previous.isLetter { words.append(" ") }
        words.append(character)
      }
      previous = character
    }
    return words.prefix(1).uppercased() + words.dropFirst()
  }
}
