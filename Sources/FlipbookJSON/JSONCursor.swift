import Foundation

// MARK: - DocumentError

/// A problem in a JSON document, located by its JSON path (`$.layers[2].strokeEnd`) so that the
/// message says exactly what to fix.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the problem is: a JSON path, or "line L, column C" for a syntax error.
  public let location: String
  /// What is wrong there, in words a document's author acts on ("unknown key (did you mean …?)").
  public let message: String

  /// A problem at `location` (a JSON path, or a line and column).
  public init(location: String, message: String) {
    self.location = location
    self.message = message
  }

  public var description: String { "\(location): \(message)" }
}

// MARK: - JSONCursor

/// A JSON value together with its path in the document: typed accessors that fail with a
/// `DocumentError` naming that path. Objects are checked for unknown keys so that a misspelt property
/// is an error, not silently ignored.
public struct JSONCursor {
  /// The value at this place in the document.
  public let value: JSONValue
  /// Its JSON path from the document's root (`$.layers[2]`), the location every error names.
  public let path: String
  /// The names of the repeated items this value is a copy of (see `items()`).
  public let scope: RepetitionScope

  /// A cursor on `value` at `path`; the document's root is `$`.
  public init(_ value: JSONValue, path: String = "$", scope: RepetitionScope = RepetitionScope()) {
    self.value = value
    self.path = path
    self.scope = scope
  }

  /// An error located at this value, for a check the typed accessors do not make (a range that depends
  /// on another key, say).
  public func error(_ message: String) -> DocumentError { DocumentError(location: path, message: message) }

  /// The path of member `key` of this object: `$.refresh.arrowColor`, or `$["two words"]`.
  public func child(_ key: String) -> String {
    key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? "\(path).\(key)" : "\(path)[\(JSONValue.quote(key))]"
  }

  // MARK: Objects

  /// The members of an object, after checking every key is in `allowed`.
  public func object(allowing allowed: Set<String>) throws(DocumentError) -> [String: JSONCursor] {
    guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
    var result: [String: JSONCursor] = [:]
    for (key, member) in members {
      guard allowed.contains(key) else {
        throw DocumentError(
          location: child(key), message: "unknown key" + JSONCursor.choices(for: key, among: allowed.sorted()))
      }
      result[key] = JSONCursor(member, path: child(key), scope: scope)
    }
    return result
  }

  /// The items of an array.
  public func array() throws(DocumentError) -> [JSONCursor] {
    guard case .array(let items) = value else { throw error("expected an array, found \(value.kindDescription)") }
    return items.enumerated().map { JSONCursor($0.element, path: "\(path)[\($0.offset)]", scope: scope) }
  }

  // MARK: Scalars

  /// A finite number within ±1e9; larger magnitudes are refused so no later arithmetic overflows.
  public func number() throws(DocumentError) -> Double {
    guard case .number(let n) = value else { throw error("expected a number, found \(value.kindDescription)") }
    guard n.isFinite else { throw error("\(NumberLimits.describe(n)) is not a finite number") }
    guard abs(n) <= NumberLimits.maxMagnitude else {
      throw error("\(NumberLimits.describe(n)) is beyond ±1e9, the largest number a document may hold")
    }
    return n
  }

  /// A number within `range` (inclusive).
  public func number(in range: ClosedRange<Double>) throws(DocumentError) -> Double {
    let n = try number()
    guard range.contains(n) else {
      throw error(
        "\(JSONValue.format(n)) is out of range \(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
      )
    }
    return n
  }

  /// A whole number within `range` (inclusive); `2.5` or `1e30` is an error, not rounded or clamped.
  public func integer(in range: ClosedRange<Int>) throws(DocumentError) -> Int {
    let n = try number()
    guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
      throw error("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(JSONValue.format(n))")
    }
    guard let whole = Int(exactly: n) else { throw error("expected a whole number, found \(NumberLimits.describe(n))") }
    return whole
  }

  /// `true` or `false`; a number or a string is refused, never read as truthy.
  public func bool() throws(DocumentError) -> Bool {
    guard case .bool(let b) = value else { throw error("expected true or false, found \(value.kindDescription)") }
    return b
  }

  /// A string.
  public func string() throws(DocumentError) -> String {
    guard case .string(let s) = value else { throw error("expected a string, found \(value.kindDescription)") }
    return s
  }

  /// Whether the value is `null`, which some keys accept to mean "none".
  public var isNull: Bool { value == .null }

  /// One of an enumeration's raw values.
  public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(DocumentError) -> T
  where T.RawValue == String {
    let s = try string()
    guard let v = T(rawValue: s) else {
      let names = T.allCases.map(\.rawValue)
      let hint = JSONCursor.closest(to: s, in: Set(names)).map { " (did you mean \"\($0)\"?)" } ?? ""
      throw error("\"\(s)\" is not one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)")
    }
    return v
  }

  /// An array of exactly `count` numbers.
  public func numbers(count: Int) throws(DocumentError) -> [Double] {
    let items = try array()
    guard items.count == count else { throw error("expected \(count) numbers, found \(items.count) items") }
    var result: [Double] = []
    for item in items { result.append(try item.number()) }
    return result
  }

  /// An array of any number of numbers.
  public func numbers() throws(DocumentError) -> [Double] {
    var result: [Double] = []
    for item in try array() { result.append(try item.number()) }
    return result
  }

  // MARK: Suggestions

  /// What an author who wrote `written` where only `valid` names go needs to choose: the nearest name when it is
  /// a likely typo, then the names (all of them when there are few, else the nearest few and how many there are),
  /// ` (did you mean "track"?); valid here: "down", "track", "up"`. Suggestions come only from `valid`.
  public static func choices(for written: String, among valid: [String]) -> String {
    var seen: Set<String> = []
    let names = valid.filter { seen.insert($0).inserted }
    let hint = closest(to: written, in: seen).map { " (did you mean \"\($0)\"?)" } ?? ""
    guard !names.isEmpty else { return hint + "; none is valid here" }
    return hint + "; valid here: " + listing(names, nearest: written)
  }

  /// `names` quoted and listed: all of them up to `listedInFull`, else the `nearestShown` nearest to `written`.
  public static func listing(_ names: [String], nearest written: String) -> String {
    func quoted(_ list: some Sequence<String>) -> String { list.map { "\"\($0)\"" }.joined(separator: ", ") }
    guard names.count > listedInFull else { return quoted(names) }
    let key = written.lowercased()
    let scored: [(name: String, distance: Int)] = names.map { name in (name, editDistance(key, name.lowercased())) }
    let ranked = scored.sorted { a, b in a.distance != b.distance ? a.distance < b.distance : a.name < b.name }
    let nearest: [String] = ranked.prefix(nearestShown).map { $0.name }
    return quoted(nearest) + " (the \(nearestShown) nearest of \(names.count))"
  }

  /// Lists this long or shorter are given whole.
  static let listedInFull = 12
  /// How many names a longer list shows, the nearest to what was written.
  static let nearestShown = 6

  /// The allowed key nearest to a misspelt one, when it is near enough to be a likely typo.
  public static func closest(to key: String, in allowed: Set<String>) -> String? {
    let scored = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }) else { return nil }
    return best.1 <= max(2, key.count / 3) ? best.0 : nil
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return a.isEmpty ? b.count : row[b.count]
  }
}
