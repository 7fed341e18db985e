import Foundation
import Testing

@testable import FlipbookJSON

/// A list item written once with `"repeat"` standing for many, its `{…}` placeholders filled per copy.
@Suite("Repetition: an item written once, expanded at load with its index")
struct RepetitionTests {
  static func items(_ json: String) throws -> [JSONCursor] {
    try JSONCursor(JSONParser.parse(Data(json.utf8)), path: "$.layers").items()
  }

  static func error(_ json: String) -> DocumentError? {
    do {
      let items = try Self.items(json)
      // Nested lists expand when read.
      for item in items { _ = try item.object(allowing: Set(["name", "sublayers", "opacity"]))["sublayers"]?.items() }
      return nil
    } catch { return error as? DocumentError }
  }

  @Test("Twelve copies: whole placeholders become numbers, text gets the index, the 7th copy is at [i=6]")
  func twelve() throws {
    let items = try Self.items(
      #"[{"name": "first"}, {"repeat": 12, "name": "spoke {i}", "opacity": "{0.3 + 0.7 * (i + 1) / 12}"}]"#)
    #expect(items.count == 13)
    let seventh = items[7]
    #expect(seventh.path == "$.layers[1][i=6]")
    let m = try seventh.object(allowing: ["name", "opacity"])
    #expect(try m["name"]?.string() == "spoke 6")
    #expect(try m["opacity"]?.number() == 0.3 + 0.7 * Double(6 + 1) / Double(12))
    #expect(m["opacity"]?.path == "$.layers[1][i=6].opacity")
  }

  @Test("The arithmetic matches Swift's Double bit for bit, and numbers in text are written exactly")
  func arithmetic() throws {
    let items = try Self.items(
      #"[{"repeat": 12, "path": "M {10 + 4 * cos(pi + (i - 11) * 2 * pi / 12)} 0", "x": "{-i % 5 + floor(7 / 2) * abs(-2) - min(i, 3) + max(1, 2)}"}]"#
    )
    for (i, item) in items.enumerated() {
      let angle = Double.pi + Double(i - 11) * 2 * .pi / Double(12)
      let x = 10 + 4 * cos(angle)
      let m = try item.object(allowing: ["path", "x"])
      let written = try #require(try m["path"]?.string())
      let number = try #require(Double(written.dropFirst(2).dropLast(2)))
      #expect(number == x, "copy \(i): \(written)")
      #expect(try m["x"]?.number() == Double(-i % 5) + 3 * 2 - Double(min(i, 3)) + 2)
    }
    let whole = try Self.items(#"[{"repeat": 2, "d": "M {i * 5} 1"}]"#)
    #expect(try whole[1].object(allowing: ["d"])["d"]?.string() == "M 5 1", "a whole number is written without a point")
  }

  @Test("values lists one value per copy, of any kind, and set the count; index renames i for nesting")
  func valuesAndNesting() throws {
    let items = try Self.items(
      #"""
      [{"repeat": {"index": "row", "values": {"tint": ["#F00", [0, 1, 0], {"named": "x"}]}}, "name": "row {row}",
        "backgroundColor": "{tint}",
        "sublayers": [{"repeat": 2, "name": "cell {row}.{i}", "opacity": "{(row * n + i) / 10}"}]}]
      """#)
    #expect(items.count == 3)
    let colours = try items.map {
      try $0.object(allowing: ["name", "backgroundColor", "sublayers"])["backgroundColor"]?.value
    }
    #expect(
      colours == [.string("#F00"), .array([.number(0), .number(1), .number(0)]), .object([("named", .string("x"))])])
    let cells = try #require(try items[2].object(allowing: ["name", "backgroundColor", "sublayers"])["sublayers"])
      .items()
    #expect(cells.map(\.path) == ["$.layers[0][row=2].sublayers[0][i=0]", "$.layers[0][row=2].sublayers[0][i=1]"])
    let second = try cells[1].object(allowing: ["name", "opacity"])
    #expect(try second["name"]?.string() == "cell 2.1")
    #expect(try second["opacity"]?.number() == (2.0 * 2 + 1) / 10)
  }

  @Test("{} and doubled braces stay as written; keys are filled; an item without repeat is untouched")
  func literalBraces() throws {
    let items = try Self.items(
      #"[{"repeat": 2, "format": "{}%", "text": "{{i}} is {i}", "set": {"dot{i}": 1}}, {"format": "{i}"}]"#)
    let m = try items[1].object(allowing: ["format", "text", "set"])
    #expect(try m["format"]?.string() == "{}%")
    #expect(try m["text"]?.string() == "{i} is 1")
    #expect(try m["set"]?.object(allowing: ["dot1"])["dot1"]?.number() == 1)
    #expect(try items[2].object(allowing: ["format"])["format"]?.string() == "{i}")
  }

  @Test("A count of 0 makes no copies; a repeated item inside a plain list is not expanded")
  func zeroAndPlainLists() throws {
    #expect(try Self.items(#"[{"repeat": 0, "name": "x"}]"#).isEmpty)
    let plain = try JSONCursor(JSONParser.parse(Data(#"[{"repeat": 2}]"#.utf8))).array()
    #expect(plain.count == 1)
  }

  @Test(
    "Each error names the copy's path and what is valid there",
    arguments: [
      (
        #"[{"repeat": 12, "opacity": "{i * x}"}]"#, "$.layers[0][i=0].opacity",
        #"in "{i * x}": unknown name "x" (did you mean "i"?); valid here: "i", "n", "pi""#
      ),
      (
        #"[{"repeat": 3, "opacity": "{1 / (i - 2)}"}]"#, "$.layers[0][i=2].opacity",
        #"in "{1 / (i - 2)}": division by zero"#
      ),
      (#"[{"repeat": 2, "name": "{i"}]"#, "$.layers[0][i=0].name", #"in "{i": a "{" with no "}""#),
      (
        #"[{"repeat": 2, "name": "a}"}]"#, "$.layers[0][i=0].name",
        #"in "a}": a "}" with no "{" (write "}}" for a brace)"#
      ),
      (
        #"[{"repeat": 2, "name": "{sin(i, 2)}"}]"#, "$.layers[0][i=0].name",
        #"in "{sin(i, 2)}": sin takes 1 argument, not 2"#
      ),
      (
        #"[{"repeat": 2, "name": "{i $ 2}"}]"#, "$.layers[0][i=0].name",
        #"in "{i $ 2}": "$" is not part of the arithmetic (numbers, names, + - * / %, parentheses)"#
      ),
      (#"[{"repeat": 1001}]"#, "$.layers[0].repeat", "expected a whole number in 0...1000, found 1001"),
      (
        #"[{"repeat": 200, "sublayers": [{"repeat": 100}]}]"#, "$.layers[0][i=0].sublayers[0].repeat",
        "100 copies inside 200 make more than 10000, the most a document may"
      ),
      (
        #"[{"repeat": {"count": 3, "values": {"c": [1, 2]}}}]"#, "$.layers[0].repeat",
        #""c" lists 2 values for 3 copies"#
      ),
      (
        #"[{"repeat": {"index": "2x", "count": 2}}]"#, "$.layers[0].repeat.index",
        #""2x" is not a name (letters, digits and _, not starting with a digit)"#
      ),
      (
        #"[{"repeat": {"values": {"n": [1]}}}]"#, "$.layers[0].repeat",
        #""n" names a list and is also the index, the count or a function"#
      ),
      (
        #"[{"repeat": {"cont": 2}}]"#, "$.layers[0].repeat.cont",
        #"unknown key (did you mean "count"?); valid here: "count", "index", "values""#
      ),
      (
        #"[{"repeat": {"values": {"k": ["a"]}}, "set": {"a": 1, "{k}": 2}}]"#, #"$.layers[0][i=0].set["{k}"]"#,
        #"the key becomes "a", which this object already has"#
      ),
      (
        #"[{"repeat": 2, "name": "x {tint}"}]"#, "$.layers[0][i=0].name",
        #"in "x {tint}": unknown name "tint"; valid here: "i", "n", "pi""#
      ),
    ])
  func errors(json: String, location: String, message: String) throws {
    let error = try #require(Self.error(json))
    #expect(error.location == location)
    #expect(error.message == message)
  }
}
