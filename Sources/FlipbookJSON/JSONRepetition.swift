import Foundation

// MARK: - Repetition

/// Where a list says so, an item written once stands for many: `{"repeat": 12, "name": "spoke{i}",
/// "opacity": "{0.3 + 0.7 * (i + 1) / 12}"}` is twelve items, copy `i` (0 to 11) with every `{…}` in its
/// strings and keys replaced by the value of the arithmetic inside (see `RepetitionExpression`). A string
/// that is one placeholder becomes the value itself (a number, or a listed value of any kind); within longer
/// text a number is written in its shortest exact form. `{{` and `}}` are literal braces, and `{}` stays as
/// written (a binding's `format` uses it).
///
/// `"repeat"` is a count, or `{"count": 3, "index": "j", "values": {"tint": ["#F00", "#0F0", "#00F"]}}`: the
/// index's name (for nesting; `i` by default), and lists with one value per copy (the count defaults to
/// their length). `n` is the innermost repetition's count. A repeated item inside a copy sees the outer
/// indices too. Expansion happens at load time, and each copy's path names its index,
/// `$.view.layers[0][i=6].opacity`, so an error points at the copy that has it.
public struct RepetitionScope: Sendable {
  /// The names the placeholders of enclosing copies see.
  var names: [String: JSONValue] = [:]
  /// How many copies the enclosing repetitions make together, bounded by `maxCopies`.
  var copies = 1

  /// The scope of a document's top level: no names, one copy.
  public init() {}

  /// The most copies one repetition makes.
  public static let maxCount = 1000
  /// The most copies nested repetitions make together, which bounds the memory a document can ask for.
  public static let maxCopies = 10_000
}

extension JSONCursor {
  /// The key that makes an item of a list stand for many.
  public static let repeatKey = "repeat"

  /// The items of an array, each item that has a `"repeat"` key expanded into its copies.
  public func items() throws(DocumentError) -> [JSONCursor] {
    var result: [JSONCursor] = []
    for item in try array() {
      guard case .object(let members) = item.value, let spec = members.first(where: { $0.key == Self.repeatKey })
      else {
        result.append(item)
        continue
      }
      let repetition = try item.repetition(JSONCursor(spec.value, path: item.child(Self.repeatKey), scope: item.scope))
      let body = JSONValue.object(members.filter { $0.key != Self.repeatKey })
      for copy in 0..<repetition.count {
        var scope = item.scope
        scope.copies *= repetition.count
        scope.names[repetition.index] = .number(Double(copy))
        scope.names["n"] = .number(Double(repetition.count))
        for (name, list) in repetition.values { scope.names[name] = list[copy] }
        let path = "\(item.path)[\(repetition.index)=\(copy)]"
        result.append(JSONCursor(try Self.substitute(body, path: path, names: scope.names), path: path, scope: scope))
      }
    }
    return result
  }

  /// A `"repeat"` value: `12`, or `{"count": 12, "index": "j", "values": {"tint": […]}}`.
  private func repetition(_ cursor: JSONCursor) throws(DocumentError) -> (
    count: Int, index: String, values: [(String, [JSONValue])]
  ) {
    let spec = JSONCursor(
      try Self.substitute(cursor.value, path: cursor.path, names: scope.names), path: cursor.path, scope: scope)
    let limit = min(RepetitionScope.maxCount, RepetitionScope.maxCopies / scope.copies)
    func checked(_ count: Int, at place: JSONCursor) throws(DocumentError) -> Int {
      guard count <= limit else {
        throw place.error(
          "\(count) copies inside \(scope.copies) make more than \(RepetitionScope.maxCopies), the most a document may")
      }
      return count
    }
    if case .number = spec.value {
      return (try checked(try spec.integer(in: 0...RepetitionScope.maxCount), at: spec), "i", [])
    }
    let m = try spec.object(allowing: ["count", "index", "values"])
    var index = "i"
    if let c = m["index"] {
      index = try c.string()
      guard index.first.map({ $0.isLetter || $0 == "_" }) == true,
        index.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { throw c.error("\"\(index)\" is not a name (letters, digits and _, not starting with a digit)") }
    }
    var values: [(String, [JSONValue])] = []
    if let c = m["values"] {
      guard case .object(let lists) = c.value else { throw c.error("expected an object of lists") }
      for (name, list) in lists {
        values.append((name, try JSONCursor(list, path: c.child(name), scope: scope).array().map(\.value)))
      }
    }
    let reserved = Set([index, "n"] + RepetitionExpression.functions.keys + RepetitionExpression.constants.keys)
    if let clash = values.first(where: { reserved.contains($0.0) }) {
      throw spec.error("\"\(clash.0)\" names a list and is also the index, the count or a function")
    }
    let count: Int
    if let c = m["count"] {
      count = try checked(try c.integer(in: 0...RepetitionScope.maxCount), at: c)
    } else if let first = values.first {
      count = try checked(first.1.count, at: spec)
    } else {
      throw spec.error("missing key \"count\" (or \"values\" to count)")
    }
    if let short = values.first(where: { $0.1.count != count }) {
      throw spec.error("\"\(short.0)\" lists \(short.1.count) values for \(count) copies")
    }
    return (count, index, values)
  }

  /// `value` with every placeholder in its strings and keys replaced; repeated items inside are left whole
  /// (they expand when their own list is read, with these names in scope).
  static func substitute(_ value: JSONValue, path: String, names: [String: JSONValue]) throws(DocumentError)
    -> JSONValue
  {
    switch value {
    case .string(let s): return try fill(s, at: path, names: names)
    case .array(let items):
      var result: [JSONValue] = []
      for (offset, item) in items.enumerated() {
        if case .object(let members) = item, members.contains(where: { $0.key == repeatKey }) {
          result.append(item)
        } else {
          result.append(try substitute(item, path: "\(path)[\(offset)]", names: names))
        }
      }
      return .array(result)
    case .object(let members):
      var result: [(key: String, value: JSONValue)] = []
      for (key, member) in members {
        let place = JSONCursor(member, path: path).child(key)
        guard case .string(let filled) = try fill(key, at: place, names: names, whole: false) else { continue }
        if result.contains(where: { $0.key == filled }) {
          throw DocumentError(location: place, message: "the key becomes \"\(filled)\", which this object already has")
        }
        result.append(
          (filled, try substitute(member, path: JSONCursor(member, path: path).child(filled), names: names)))
      }
      return .object(result)
    default: return value
    }
  }

  /// `text` with its placeholders filled: the value itself when `text` is one placeholder and `whole`
  /// allows it (a key is always text), else text.
  static func fill(_ text: String, at path: String, names: [String: JSONValue], whole: Bool = true)
    throws(DocumentError) -> JSONValue
  {
    guard text.contains("{") || text.contains("}") else { return .string(text) }
    func fail(_ message: String) -> DocumentError {
      DocumentError(location: path, message: "in \(JSONValue.quote(text)): \(message)")
    }
    func evaluate(_ inner: String) throws(DocumentError) -> JSONValue {
      switch RepetitionExpression.evaluate(inner, names: names) {
      case .success(let value): return value
      case .failure(let failure): throw fail(failure.message)
      }
    }
    let body = text.dropFirst().dropLast()
    if whole, text.hasPrefix("{"), !text.hasPrefix("{{"), text.hasSuffix("}"), !body.isEmpty,
      !body.contains("{"), !body.contains("}")
    {
      return try evaluate(String(body))
    }
    var output = ""
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      let next = text.index(after: index)
      if c == "{" || c == "}", next < text.endIndex, text[next] == c {
        output.append(c)
        index = text.index(after: next)
      } else if c == "{" {
        guard let close = text[next...].firstIndex(of: "}") else { throw fail("a \"{\" with no \"}\"") }
        let inner = String(text[next..<close])
        switch inner.isEmpty ? .string("{}") : try evaluate(inner) {
        case .number(let n): output += shortest(n)
        case .string(let s): output += s
        case let value: throw fail("\"\(inner)\" is \(value.kindDescription), which cannot go inside text")
        }
        index = text.index(after: close)
      } else if c == "}" {
        throw fail("a \"}\" with no \"{\" (write \"}}\" for a brace)")
      } else {
        output.append(c)
        index = next
      }
    }
    return .string(output)
  }

  /// `n` in its shortest exact form: `10`, `0.5`, `6.5358983848622465`.
  static func shortest(_ n: Double) -> String {
    n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
  }
}
