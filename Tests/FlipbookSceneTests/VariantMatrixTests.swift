import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookScene

@Suite("Variant matrices")
struct VariantMatrixTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")
  static let matrix = examples.appendingPathComponent("variants/ego-matrix.json").path

  /// A temporary copy of the matrix example with `edit` applied to its text.
  func edited(_ edit: (String) -> String) throws -> String {
    let text = edit(try String(contentsOfFile: Self.matrix, encoding: .utf8))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString).json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("3 x 2 x 2 values are 12 variants, named from their values in the keys' order, first key slowest")
  func crossProduct() throws {
    let file = try DocumentVariants(path: Self.matrix)
    #expect(file.hasMatrix)
    let names = file.variants.map(\.name)
    #expect(names.count == 12)
    #expect(Set(names).count == 12)
    #expect(
      names.prefix(4) == [
        "language=en,viewport=320x480@2,arrowColor=blue", "language=en,viewport=320x480@2,arrowColor=gray",
        "language=en,viewport=375x667@3,arrowColor=blue", "language=en,viewport=375x667@3,arrowColor=gray",
      ])
    #expect(names.last == "language=zh-Hans,viewport=375x667@3,arrowColor=gray")
    // Each variant is the document with its values set: decoded, it has the viewport and language asked for.
    let variant = try #require(file.variants.first { $0.name == "language=zh-Hant,viewport=375x667@3,arrowColor=gray" })
    let document = try file.decode(variant)
    #expect(document.pixelSize == (1125, 2001))
    #expect(variant.document["refresh"]?["language"] == .string("zh-Hant"))
    #expect(variant.document["variants"] == nil)
  }

  @Test("A name depends on the value, not on its place in the list")
  func stableNames() throws {
    let reordered = try edited {
      $0.replacingOccurrences(of: #"["en", "zh-Hant", "zh-Hans"]"#, with: #"["zh-Hans", "en"]"#)
    }
    let names = Set(try DocumentVariants(path: reordered).variants.map(\.name))
    let original = Set(try DocumentVariants(path: Self.matrix).variants.map(\.name))
    #expect(names.count == 8 && names.isSubset(of: original))
  }

  @Test("Values are named safely as folders: sizes, numbers, objects, and escapes for everything else")
  func valueNames() throws {
    func name(_ json: String) throws -> String { VariantName.name(of: try JSONParser.parse(json)) }
    #expect(try name(#"{"width": 375, "height": 667, "scale": 3}"#) == "375x667@3")
    #expect(try name(#"{"width": 320, "height": 480}"#) == "320x480")
    #expect(try name("0.5") == "0.5")
    #expect(try name("true") == "true")
    #expect(try name(#"{"style": "ego", "arrowColor": "gray"}"#) == "ego-gray")
    #expect(try name(##""#009ADE""##) == "%23009ADE")
    #expect(try name(#""a/b c,d=e""#) == "a%2Fb%20c%2Cd%3De")
    #expect(try name(#""中""#) == "%E4%B8%AD")
    // Two keys ending in the same key are written whole.
    let paths = [try JSONKeyPath("refresh.language", location: "$"), try JSONKeyPath("other.language", location: "$")]
    #expect(VariantName.labels(of: paths) == ["refresh.language", "other.language"])
  }

  @Test("A key path the schema does not have is the decoder's error, naming the variant and the path")
  func unknownKeyPath() throws {
    let path = try edited { $0.replacingOccurrences(of: #""refresh.arrowColor""#, with: #""refresh.arowColor""#) }
    let file = try DocumentVariants(path: path)
    #expect(
      throws: DocumentError(
        location: "\(path): variant language=en,viewport=320x480@2,arowColor=blue: $.refresh.arowColor",
        message:
          "unknown key (did you mean \"arrowColor\"?);"
          + " valid here: \"arrowColor\", \"backgroundColor\", \"language\", \"lastUpdated\", \"listKey\", \"now\", \"style\", \"textColor\", \"timeZone\""
      )
    ) { try file.decode(file.variants[0]) }
  }

  @Test("A value the schema refuses names the variant that holds it")
  func badValue() throws {
    let path = try edited { $0.replacingOccurrences(of: #"["blue", "gray"]"#, with: #"["blue", "grey"]"#) }
    let file = try DocumentVariants(path: path)
    let bad = try #require(file.variants.first { $0.name.hasSuffix("arrowColor=grey") })
    do {
      _ = try file.decode(bad)
      Issue.record("grey decoded")
    } catch {
      #expect(error.location == "\(path): variant \(bad.name): $.refresh.arrowColor")
      #expect(error.message.contains("(did you mean \"gray\"?)"))
    }
  }

  @Test("Malformed matrices are refused at $.variants")
  func malformed() throws {
    func error(_ variants: String) -> DocumentError? {
      do {
        _ = try VariantMatrix.split(try JSONParser.parse(#"{"viewport": {}, "variants": \#(variants)}"#))
        return nil
      } catch let error as DocumentError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error("[]")?.location == "$.variants")
    #expect(error(#"{"fps": []}"#)?.description == "$.variants.fps: the list of values is empty")
    #expect(error(#"{"fps": 30}"#)?.description == "$.variants.fps: expected a list of values, found a number")
    #expect(error(#"{"a..b": [1]}"#)?.location == #"$.variants["a..b"]"#)
    let many = "[" + (1...40).map(String.init).joined(separator: ",") + "]"
    #expect(error(#"{"a": \#(many), "b": \#(many)}"#)?.message.contains("more than 1000 variants") == true)
  }

  @Test("Two values that give the same name are refused, naming both items")
  func sameName() throws {
    let json = try JSONParser.parse(#"{"variants": {"viewport": [{"width": 1, "height": 2}, "1x2"]}}"#)
    let (base, matrix) = try VariantMatrix.split(json)
    #expect(
      throws: DocumentError(
        location: "$.variants.viewport", message: "items 0 and 1 give the same variant name viewport=1x2")
    ) { try matrix?.variants(of: base) }
  }

  @Test("Alone, a document with variants loads as its base")
  func baseLoads() throws {
    let document = try Document.load(path: Self.matrix)
    #expect(document.pixelSize == (640, 960))
  }
}
