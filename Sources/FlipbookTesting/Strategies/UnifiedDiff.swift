// MARK: - Unified diff

/// Two texts as a unified diff (`diff -u`'s format: `--- reference`, `+++ actual`, `@@ -l,n +l,n @@` hunks,
/// a space before context lines, `-` before removed and `+` before added ones), with `context` lines of
/// context around each change, hunks closer than twice that merged.
struct UnifiedDiff {
  let text: String

  init(reference: String, actual: String, context: Int = 3) {
    let a = reference.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let edits = shortestLineEdits(a, b)
    var out = ["--- reference", "+++ actual"]
    for hunk in Self.hunks(of: edits, context: context) {
      out.append(Self.header(hunk))
      for edit in hunk {
        switch edit {
        case .keep(let i, _): out.append(" " + a[i])
        case .remove(let i): out.append("-" + a[i])
        case .insert(let j): out.append("+" + b[j])
        }
      }
    }
    text = out.joined(separator: "\n")
  }

  /// The changes with their context, grouped into hunks.
  static func hunks(of edits: [LineEdit], context: Int) -> [ArraySlice<LineEdit>] {
    let changes = edits.indices.filter { if case .keep = edits[$0] { false } else { true } }
    guard var start = changes.first.map({ max(0, $0 - context) }) else { return [] }
    var end = min(edits.count, changes[0] + context + 1)
    var hunks: [ArraySlice<LineEdit>] = []
    for change in changes.dropFirst() {
      if change - context <= end {
        end = min(edits.count, change + context + 1)
      } else {
        hunks.append(edits[start..<end])
        start = change - context
        end = min(edits.count, change + context + 1)
      }
    }
    hunks.append(edits[start..<end])
    return hunks
  }

  /// `@@ -first,count +first,count @@`, lines counted from 1 (an empty side starts at the line before).
  static func header(_ hunk: ArraySlice<LineEdit>) -> String {
    var firstA: Int?
    var firstB: Int?
    var countA = 0
    var countB = 0
    var lastA = 0
    var lastB = 0
    for edit in hunk {
      switch edit {
      case .keep(let i, let j):
        firstA = firstA ?? i
        firstB = firstB ?? j
        countA += 1
        countB += 1
        lastA = i + 1
        lastB = j + 1
      case .remove(let i):
        firstA = firstA ?? i
        countA += 1
        lastA = i + 1
      case .insert(let j):
        firstB = firstB ?? j
        countB += 1
        lastB = j + 1
      }
    }
    let startA = countA == 0 ? lastA : (firstA ?? 0) + 1
    let startB = countB == 0 ? lastB : (firstB ?? 0) + 1
    return "@@ -\(startA),\(countA) +\(startB),\(countB) @@"
  }
}
