import FlipbookJSON
import Foundation

// MARK: - PerPullRandom

/// Random numbers a refresh view's reactions draw afresh for every pull, `{"random": [min, max]}` wherever a
/// number goes in a reaction's `set` or `add`, reproducibly: the value is a hash of the view's `seed`, the pull's
/// number (0 for the first) and the number's JSON path, so the same document renders the same frames on any
/// machine and thread count, and another seed gives another run.
struct PerPullRandom {
  /// The view's `seed`.
  let seed: UInt64

  static let key = "random"

  /// The range of `{"random": [min, max]}`, when `members` are one; nil for any other object.
  private static func range(_ members: [(key: String, value: JSONValue)]) -> JSONValue? {
    members.count == 1 && members[0].key == key ? members[0].value : nil
  }

  /// Whether `value` draws any random number.
  static func draws(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let members): range(members) != nil || members.contains { draws($0.value) }
    case .array(let items): items.contains(where: draws)
    default: false
    }
  }

  /// Checks every `{"random": [min, max]}` in `cursor`: two numbers, min ≤ max.
  static func check(_ cursor: JSONCursor) throws(DocumentError) {
    switch cursor.value {
    case .object(let members):
      let m = try cursor.object(allowing: Set(members.map(\.key)))
      if range(members) != nil {
        let ends = try m[key]!.numbers(count: 2)
        guard ends[0] <= ends[1] else { throw m[key]!.error("expected [min, max] with min ≤ max") }
      } else {
        for (name, _) in members { try check(m[name]!) }
      }
    case .array:
      for item in try cursor.array() { try check(item) }
    default: return
    }
  }

  /// `value` with each random number drawn for `pull`; `path` is its JSON path. The draw is uniform in
  /// [min, max]: 53 bits of SplitMix64 over FNV-1a of the path, mixed with the seed and the pull.
  func resolve(_ value: JSONValue, path: String, pull: Int) -> JSONValue {
    Self.replacingRandoms(value, path: path) { low, high, path in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      let mixed = Self.splitMix(Self.splitMix(seed ^ hash) ^ UInt64(truncatingIfNeeded: pull))
      return low + (high - low) * (Double(mixed >> 11) * 0x1p-53)
    }
  }

  /// `value` with every random number at its lower (or upper) end: what load-time checks decode.
  static func ends(_ value: JSONValue, upper: Bool) -> JSONValue {
    replacingRandoms(value, path: "") { low, high, _ in upper ? high : low }
  }

  /// `value` with each `{"random": [low, high]}` replaced by `pick(low, high, its JSON path)`; a malformed one
  /// (which `check` refuses at load) is left as it is.
  private static func replacingRandoms(
    _ value: JSONValue, path: String, _ pick: (Double, Double, String) -> Double
  ) -> JSONValue {
    switch value {
    case .object(let members):
      if let ends = range(members) {
        guard case .array(let pair) = ends, pair.count == 2, case .number(let low) = pair[0],
          case .number(let high) = pair[1]
        else { return value }
        return .number(pick(low, high, path))
      }
      return .object(members.map { ($0.key, replacingRandoms($0.value, path: "\(path).\($0.key)", pick)) })
    case .array(let items):
      return .array(items.enumerated().map { replacingRandoms($0.element, path: "\(path)[\($0.offset)]", pick) })
    default: return value
    }
  }

  /// Sebastiano Vigna's SplitMix64 finaliser (public domain), a fixed bijective mix of 64 bits.
  static func splitMix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
