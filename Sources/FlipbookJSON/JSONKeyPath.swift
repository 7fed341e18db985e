// MARK: - JSONKeyPath

/// A place in a JSON document written the way its error messages name it, without the leading `$`:
/// `refresh.arrowColor`, `viewport`, `touches[0].up`, `content["row height"]`. Setting a value there
/// replaces what is at that place; object keys on the way that are missing are created (an empty object
/// for each), so a key path names a key the document may leave out, and whether the key exists in the
/// schema is for the document's decoder to say, with its own did-you-mean. An array index must exist.
public struct JSONKeyPath: Equatable, Sendable, CustomStringConvertible {
  /// One step: an object's key or an array's index.
  public enum Step: Equatable, Sendable {
    /// An object's member, by key.
    case key(String)
    /// An array's item, from 0.
    case index(Int)
  }

  /// The steps from the document's root, in order.
  public let steps: [Step]
  /// The text it was read from.
  public let description: String

  /// The last object key on the path: `arrowColor` for `refresh.arrowColor`, `touches` for `touches[0]`.
  public var lastKey: String {
    for step in steps.reversed() { if case .key(let key) = step { return key } }
    return description
  }

  /// Reads `text`; a malformed path is a `DocumentError` at `location` (where the path was written).
  public init(_ text: String, location: String) throws(DocumentError) {
    func fail(_ why: String) -> DocumentError {
      DocumentError(location: location, message: "\(JSONValue.quote(text)) is not a key path: \(why)")
    }
    var steps: [Step] = []
    var rest = Substring(text)
    var expectsKey = true
    while !rest.isEmpty {
      if rest.first == "[" {
        rest = rest.dropFirst()
        if rest.first == "\"" {
          guard let (key, after) = Self.quoted(rest), after.first == "]" else { throw fail("an unclosed [\"…\"]") }
          steps.append(.key(key))
          rest = after.dropFirst()
        } else {
          let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
          guard !digits.isEmpty, rest.dropFirst(digits.count).first == "]", let index = Int(digits) else {
            throw fail("[ must hold an index (0, 1, …) or a quoted key")
          }
          steps.append(.index(index))
          rest = rest.dropFirst(digits.count + 1)
        }
        expectsKey = false
      } else if rest.first == "." {
        guard !steps.isEmpty, !expectsKey else { throw fail("an empty key before a '.'") }
        rest = rest.dropFirst()
        expectsKey = true
        guard !rest.isEmpty else { throw fail("an empty key at the end") }
      } else {
        guard expectsKey else { throw fail("a key must follow a '.'") }
        let key = rest.prefix { $0 != "." && $0 != "[" }
        steps.append(.key(String(key)))
        rest = rest.dropFirst(key.count)
        expectsKey = false
      }
    }
    guard !steps.isEmpty else { throw fail("it is empty") }
    self.steps = steps
    self.description = text
  }

  /// `"…"` at the start of `text`, with `\"` and `\\` escapes: the key and the text after the quote.
  private static func quoted(_ text: Substring) -> (String, Substring)? {
    var key = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      if character == "\"" { return (key, text[text.index(after: index)...]) }
      if character == "\\" {
        index = text.index(after: index)
        guard index < text.endIndex else { return nil }
      }
      key.append(text[index])
      index = text.index(after: index)
    }
    return nil
  }

  /// `document` with `value` at this path. Fails, naming the JSON path reached, when a step goes
  /// through something that is not an object (for a key) or an array holding that index.
  public func setting(_ value: JSONValue, in document: JSONValue) throws(DocumentError) -> JSONValue {
    try Self.set(value, steps[...], in: document, path: "$")
  }

  private static func set(_ value: JSONValue, _ steps: ArraySlice<Step>, in node: JSONValue, path: String)
    throws(DocumentError) -> JSONValue
  {
    guard let step = steps.first else { return value }
    let rest = steps.dropFirst()
    switch step {
    case .key(let key):
      let members: [(key: String, value: JSONValue)]
      switch node {
      case .object(let existing): members = existing
      case .null where path != "$": members = []
      default:
        throw DocumentError(
          location: path, message: "expected an object to set \"\(key)\" in, found \(node.kindDescription)")
      }
      let childPath = JSONCursor(node, path: path).child(key)
      var updated = members
      if let position = members.firstIndex(where: { $0.key == key }) {
        updated[position].value = try set(value, rest, in: members[position].value, path: childPath)
      } else {
        updated.append((key, try set(value, rest, in: .null, path: childPath)))
      }
      return .object(updated)
    case .index(let index):
      guard case .array(var items) = node else {
        throw DocumentError(
          location: path, message: "expected an array to set item \(index) in, found \(node.kindDescription)")
      }
      guard index < items.count else {
        throw DocumentError(
          location: path, message: "item \(index) does not exist (the array has \(items.count) items)")
      }
      items[index] = try set(value, rest, in: items[index], path: "\(path)[\(index)]")
      return .array(items)
    }
  }
}
