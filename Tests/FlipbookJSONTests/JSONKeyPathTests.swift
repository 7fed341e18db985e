import Testing

@testable import FlipbookJSON

@Suite("JSON key paths")
struct JSONKeyPathTests {
  func path(_ text: String) throws(DocumentError) -> JSONKeyPath { try JSONKeyPath(text, location: "$.variants") }

  @Test("Keys, indices and quoted keys read as the steps error messages name")
  func steps() throws {
    #expect(try path("refresh.arrowColor").steps == [.key("refresh"), .key("arrowColor")])
    #expect(try path("touches[0].up").steps == [.key("touches"), .index(0), .key("up")])
    #expect(try path(#"content["row height"]"#).steps == [.key("content"), .key("row height")])
    #expect(try path("viewport").lastKey == "viewport")
    #expect(try path("touches[1].track[2].y").lastKey == "y")
  }

  @Test(
    "A malformed path is refused where it is written",
    arguments: ["", ".a", "a.", "a..b", "a[x]", "a[1", #"a["b"#, "a[0]b"])
  func malformed(_ text: String) {
    #expect(throws: DocumentError.self) { try path(text) }
    do {
      _ = try path(text)
    } catch {
      #expect(error.location == "$.variants")
      #expect(error.message.hasPrefix("\(JSONValue.quote(text)) is not a key path"))
    }
  }

  @Test("Setting replaces a value, creates missing keys at the end, and keeps the other members in order")
  func setting() throws {
    let document = try JSONParser.parse(#"{"a": 1, "refresh": {"style": "ego"}, "touches": [{"up": 1}]}"#)
    let color = try path("refresh.arrowColor").setting(.string("gray"), in: document)
    #expect(
      color
        == (try JSONParser.parse(
          #"{"a": 1, "refresh": {"style": "ego", "arrowColor": "gray"}, "touches": [{"up": 1}]}"#)))
    let up = try path("touches[0].up").setting(.number(2), in: document)
    #expect(up["touches"] == .array([.object([("up", .number(2))])]))
    let created = try path("navigationBar.title").setting(.string("Inbox"), in: document)
    #expect(created["navigationBar"] == .object([("title", .string("Inbox"))]))
    #expect(try path("a").setting(.bool(true), in: document)["a"] == .bool(true))
  }

  @Test("Setting through a number or past an array's end names the JSON path reached")
  func settingErrors() throws {
    let document = try JSONParser.parse(#"{"a": 1, "touches": [{"up": 1}]}"#)
    #expect(throws: DocumentError(location: "$.a", message: "expected an object to set \"b\" in, found a number")) {
      try path("a.b").setting(.null, in: document)
    }
    #expect(
      throws: DocumentError(location: "$.touches", message: "item 3 does not exist (the array has 1 items)")
    ) { try path("touches[3].up").setting(.null, in: document) }
  }
}
