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

  /// Whether `value` draws any random number.
  static func draws(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let members):
      members.count == 1 && members[0].key == key || members.contains { draws($0.value) }
    case .array(let items): items.contains(where: draws)
    default: false
    }
  }

  /// Checks every `{"random": [min, max]}` in `cursor`: two numbers, min ≤ max.
  static func check(_ cursor: JSONCursor) throws(DocumentError) {
    switch cursor.value {
    case .object(let members) where members.count == 1 && members[0].key == key:
      let range = try cursor.object(allowing: [key])[key]!
      let ends = try range.numbers(count: 2)
      guard ends[0] <= ends[1] else { throw range.error("expected [min, max] with min ≤ max") }
    case .object(let members):
      for (name, _) in members { try check(try cursor.object(allowing: Set(members.map(\.key)))[name]!) }
    case .array:
      for item in try cursor.array() { try check(item) }
    default: return
    }
  }

  /// `value` with each random number drawn for `pull`; `path` is its JSON path. The draw is uniform in
  /// [min, max]: 53 bits of SplitMix64 over FNV-1a of the path, mixed with the seed and the pull.
  func resolve(_ value: JSONValue, path: String, pull: Int) -> JSONValue {
    switch value {
    case .object(let members) where members.count == 1 && members[0].key == Self.key:
      guard case .array(let ends) = members[0].value, ends.count == 2, case .number(let low) = ends[0],
        case .number(let high) = ends[1]
      else { return value }
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      let mixed = Self.splitMix(Self.splitMix(seed ^ hash) ^ UInt64(truncatingIfNeeded: pull))
      let unit = Double(mixed >> 11) * 0x1p-53
      return .number(low + (high - low) * unit)
    case .object(let members):
      return .object(members.map { ($0.key, resolve($0.value, path: "\(path).\($0.key)", pull: pull)) })
    case .array(let items):
      return .array(items.enumerated().map { resolve($0.element, path: "\(path)[\($0.offset)]", pull: pull) })
    default: return value
    }
  }

  /// `value` with every random number at its lower (or upper) end: what load-time checks decode.
  static func ends(_ value: JSONValue, upper: Bool) -> JSONValue {
    switch value {
    case .object(let members) where members.count == 1 && members[0].key == key:
      guard case .array(let ends) = members[0].value, ends.count == 2 else { return value }
      return ends[upper ? 1 : 0]
    case .object(let members): return .object(members.map { ($0.key, Self.ends($0.value, upper: upper)) })
    case .array(let items): return .array(items.map { Self.ends($0, upper: upper) })
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
