// MARK: - Shard

/// `--shard i/n`: the i-th of n parts of a batch's work, for a CI job matrix that renders one part on each
/// machine. The parts depend on the work items alone (their names and estimated pixels), never on the
/// machine, the clock or the order the documents were given in, so every machine computes the same split
/// and the n parts together are exactly the whole batch.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// Most parts: far more machines than any CI matrix runs, and few enough that a typo (`1/10000`) is
  /// caught.
  public static let maxCount = 256

  /// 1-based, as CI matrices count (`shard: [1, 2, 3, 4]`).
  public let index: Int
  /// How many parts the batch is split into.
  public let count: Int

  public var description: String { "\(index)/\(count)" }

  /// Reads `i/n`; anything else, or an `i` outside 1...n, is a usage error (exit 64).
  public init(_ text: String) throws(BatchError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
    else {
      throw BatchError("--shard must be i/n, such as 1/4 (got '\(text)')", isUsage: true)
    }
    guard (1...Self.maxCount).contains(count) else {
      throw BatchError("--shard \(text): n must be from 1 to \(Self.maxCount)", isUsage: true)
    }
    guard (1...count).contains(index) else {
      throw BatchError("--shard \(text): i must be from 1 to \(count)", isUsage: true)
    }
    self.index = index
    self.count = count
  }

  /// Splits items into `count` parts of about the same weight: items sorted by name, then the heaviest
  /// first (equal weights in name order) each go to the part that is lightest so far (the first such
  /// part on a tie), the longest-processing-time rule, which keeps the heaviest part within 4/3 of the
  /// best possible split. Returns each part's item indices in name order.
  public static func split(names: [String], weights: [Int], into count: Int) -> [[Int]] {
    let order = names.indices.sorted { a, b in
      weights[a] != weights[b] ? weights[a] > weights[b] : names[a] < names[b]
    }
    var loads = Array(repeating: 0, count: count)
    var parts = Array(repeating: [Int](), count: count)
    for item in order {
      let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
      loads[lightest] += weights[item]
      parts[lightest].append(item)
    }
    return parts.map { $0.sorted { names[$0] < names[$1] } }
  }

  /// This shard's items of `names`, weighted by `weights`.
  public func items(names: [String], weights: [Int]) -> [Int] {
    Self.split(names: names, weights: weights, into: count)[index - 1]
  }
}
