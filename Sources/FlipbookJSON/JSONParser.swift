import Foundation

// MARK: - JSONParser

/// A strict JSON (RFC 8259) parser that reports where a document goes wrong by line and column.
public struct JSONParser {
  /// A syntax error: what was expected and where.
  public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the offending character, from 1.
    public let line: Int
    /// Its column, from 1, counted in Unicode scalars (a tab or an "é" counts as one).
    public let column: Int
    /// What was expected there.
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  /// Nesting deeper than this is refused rather than risking the stack.
  private static let maxDepth = 512

  /// Parses a whole document; trailing non-space content is an error.
  public static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(data))
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    let value = try parser.parseValue(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.error("unexpected content after the document") }
    return value
  }

  /// Parses a whole document given as text.
  public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    try parse(Data(text.utf8))
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func error(_ message: String) -> SyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SyntaxError(line: line, column: column, message: message)
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
  }

  private func describeNext() -> String {
    guard let b = peek else { return "the end of the document" }
    if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
    return String(format: "byte 0x%02X", b)
  }

  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    skipSpace()
    guard let b = peek else { throw error("expected a value, found the end of the document") }
    switch b {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("expected a value, found \(describeNext())")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
    let utf8 = Array(word.utf8)
    guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
      throw error("expected a value, found \(describeNext())")
    }
    index += utf8.count
    return value
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
    skipSpace()
    guard peek == byte else { throw error("expected \(what), found \(describeNext())") }
    index += 1
  }

  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipSpace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, found \(describeNext())") }
      let keyStart = index
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        index = keyStart
        throw error("duplicate key \"\(key)\"")
      }
      try expect(UInt8(ascii: ":"), "':'")
      members.append((key, try parseValue(depth: depth + 1)))
      skipSpace()
      if peek == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      return .object(members)
    }
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try parseValue(depth: depth + 1))
      skipSpace()
      if peek == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']'")
      return .array(items)
    }
  }

  private mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      var count = 0
      while let b = parser.peek, b >= 0x30 && b <= 0x39 {
        parser.index += 1
        count += 1
      }
      return count
    }
    if peek == UInt8(ascii: "0") {
      index += 1
    } else if digits(&self) == 0 {
      throw error("expected a digit, found \(describeNext())")
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      if digits(&self) == 0 { throw error("expected a digit after '.', found \(describeNext())") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      if digits(&self) == 0 { throw error("expected a digit in the exponent, found \(describeNext())") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return value
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run = index
    func flush(_ parser: JSONParser, into scalars: inout String.UnicodeScalarView) {
      scalars.append(contentsOf: String(decoding: parser.bytes[run..<parser.index], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let b = peek else { throw error("unterminated string") }
      if b == UInt8(ascii: "\"") {
        flush(self, into: &scalars)
        index += 1
        return String(scalars)
      }
      if b < 0x20 { throw error("control character in a string (escape it)") }
      if b != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      flush(self, into: &scalars)
      index += 1
      guard let e = peek else { throw error("unterminated string") }
      index += 1
      switch e {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
          guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
            throw error("unpaired surrogate in \\u escape")
          }
          index += 2
          let low = try parseHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        scalars.append(scalar)
      default:
        index -= 1
        throw error("invalid escape \\\(Character(UnicodeScalar(e)))")
      }
      run = index
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    guard bytes.count - index >= 4,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw error("expected four hex digits after \\u") }
    index += 4
    return value
  }
}
