/// "Did you mean …?" for a mistyped option or subcommand name.
///
/// A hint that names an unrelated option (`--bogus` → `--jobs`) is worse than none: the user
/// reads it as the tool's guess at what they meant. So a name is suggested only when it is a
/// small slip away: at most `maximumEdits(forLength:)` edits, an edit being an insertion, a
/// deletion, a substitution or a swap of two neighbouring letters (`mdoe` → `mode` is one).
enum SpellingSuggestion {
  /// The candidate closest to `typed` within the allowed edits, the first declared on a tie.
  /// Names are compared without their dashes.
  static func closest(to typed: String, among candidates: [String]) -> String? {
    let allowed = maximumEdits(forLength: typed.count)
    guard allowed > 0 else { return nil }
    var best: (name: String, edits: Int)?
    for candidate in candidates {
      let edits = editDistance(typed, candidate)
      if edits <= allowed, edits < (best?.edits ?? .max) { best = (candidate, edits) }
    }
    return best?.name
  }

  /// One edit per three letters typed, at most two: `fsp` may be `fps`, `prevew` may be
  /// `preview`, but a one- or two-letter name has too little of itself left to guess from.
  static func maximumEdits(forLength length: Int) -> Int {
    min(2, length / 3)
  }

  /// Edits between two strings, by characters: Levenshtein's insertions, deletions and
  /// substitutions plus swaps of adjacent characters (the optimal-string-alignment distance).
  static func editDistance(_ source: String, _ target: String) -> Int {
    let source = Array(source)
    let target = Array(target)
    if source.isEmpty || target.isEmpty { return max(source.count, target.count) }
    // rows[i][j]: edits between the first i characters of source and the first j of target.
    var rows = [[Int]](repeating: Array(0...target.count), count: source.count + 1)
    for i in 1...source.count {
      rows[i][0] = i
      for j in 1...target.count {
        let substitution = source[i - 1] == target[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + substitution)
        if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[source.count][target.count]
  }
}
