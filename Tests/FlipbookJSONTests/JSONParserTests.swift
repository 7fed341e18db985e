import Foundation
import Testing

@testable import FlipbookJSON

@Suite("JSON parser")
struct JSONParserTests {
  @Test("Parses every kind of value, keeping key order")
  func values() throws {
    let value = try JSONParser.parse(#"{"b": [1, -2.5e1, true, false, null], "a": "x\u00e9\n\ud83d\ude00"}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a"])
    #expect(value["b"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
    #expect(value["a"] == .string("xé\n😀"))
  }

  @Test(
    "Syntax errors say what and where",
    arguments: [
      ("{\n  \"a\": 1,\n}", "line 3, column 1: expected a key in double quotes, found '}'"),
      ("[1 2]", "line 1, column 4: expected ',' or ']', found '2'"),
      ("{\"a\": tru}", "line 1, column 7: expected a value, found 't'"),
      ("\"abc", "line 1, column 5: unterminated string"),
      ("{\"a\": 1, \"a\": 2}", "line 1, column 10: duplicate key \"a\""),
      ("[01]", "line 1, column 3: expected ',' or ']', found '1'"),
      ("{} x", "line 1, column 4: unexpected content after the document"),
      ("", "line 1, column 1: expected a value, found the end of the document"),
    ])
  func syntaxErrors(text: String, message: String) {
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("Deep nesting is refused, not a stack overflow")
  func depth() {
    let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
  }

  @Test("Formatting writes whole numbers without fractions and round-trips")
  func formatting() throws {
    let value = try JSONParser.parse(#"{"n": [1, 0.5, -3, 1e-7], "s": "q\"", "o": {}}"#)
    let text = value.formatted()
    #expect(text.contains("[1, 0.5, -3, 0]"))
    #expect(try JSONParser.parse(text)["s"] == .string("q\""))
  }
}
