// MARK: - The shortest line edit

/// One line of an edit script between two texts.
enum LineEdit: Equatable {
  /// In both: the index in the reference and in the new text.
  case keep(Int, Int)
  /// Only in the reference.
  case remove(Int)
  /// Only in the new text.
  case insert(Int)
}

/// The shortest edit script turning `a` into `b` (Myers, "An O(ND) Difference Algorithm and Its
/// Variations", 1986): time and memory grow with the size of the change, not with the product of the
/// lengths, so a two-line change in a thousand-line dump is cheap. Common leading and trailing lines are
/// taken off first.
func shortestLineEdits(_ a: [Substring], _ b: [Substring]) -> [LineEdit] {
  var prefix = 0
  while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
    suffix += 1
  }
  let middleA = Array(a[prefix..<(a.count - suffix)])
  let middleB = Array(b[prefix..<(b.count - suffix)])
  var edits = (0..<prefix).map { LineEdit.keep($0, $0) }
  for edit in myersEdits(middleA, middleB) {
    switch edit {
    case .keep(let i, let j): edits.append(.keep(i + prefix, j + prefix))
    case .remove(let i): edits.append(.remove(i + prefix))
    case .insert(let j): edits.append(.insert(j + prefix))
    }
  }
  for k in 0..<suffix { edits.append(.keep(a.count - suffix + k, b.count - suffix + k)) }
  return edits
}

/// Myers's greedy forward search, keeping each round's furthest reaching paths to walk back along.
private func myersEdits(_ a: [Substring], _ b: [Substring]) -> [LineEdit] {
  let n = a.count
  let m = b.count
  let maxD = n + m
  guard maxD > 0 else { return [] }
  let offset = maxD + 1
  var furthest = [Int](repeating: 0, count: 2 * maxD + 3)
  var trace: [[Int]] = []
  search: for d in 0...maxD {
    trace.append(furthest)
    for k in stride(from: -d, through: d, by: 2) {
      var x: Int
      if k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1]) {
        x = furthest[offset + k + 1]  // down: an insertion
      } else {
        x = furthest[offset + k - 1] + 1  // right: a removal
      }
      var y = x - k
      while x < n, y < m, a[x] == b[y] {
        x += 1
        y += 1
      }
      furthest[offset + k] = x
      if x >= n, y >= m { break search }
    }
  }
  // Walk back from (n, m) through the saved rounds.
  var edits: [LineEdit] = []
  var x = n
  var y = m
  for d in stride(from: trace.count - 1, through: 0, by: -1) {
    let v = trace[d]
    let k = x - y
    let previousK: Int
    if d == 0 {
      previousK = 0
    } else if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
      previousK = k + 1
    } else {
      previousK = k - 1
    }
    let previousX = d == 0 ? 0 : v[offset + previousK]
    let previousY = previousX - previousK
    while x > previousX, y > previousY {
      x -= 1
      y -= 1
      edits.append(.keep(x, y))
    }
    if d > 0 {
      if x == previousX {
        y -= 1
        edits.append(.insert(y))
      } else {
        x -= 1
        edits.append(.remove(x))
      }
    }
  }
  return edits.reversed()
}
