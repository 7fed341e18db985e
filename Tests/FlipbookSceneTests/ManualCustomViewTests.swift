import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation
import Testing

@testable import FlipbookScene

/// The manual's "Your own refresh view" article shows real things: its JSON is the bundled example's
/// `refresh` object, the error it quotes is the one that example's sibling gives, and its list of the
/// properties a binding can drive is the decoder's, layer type by layer type.
@Suite("Manual: your own refresh view")
struct ManualCustomViewTests {
  static func article() throws -> String { try ManualText.article("CustomRefreshViews") }

  @Test("The article's JSON is examples/custom/pull-bar.json's refresh object, key for key")
  func jsonIsTheExample() throws {
    let shown = try #require(ManualText.jsonBlocks(try Self.article()).first)
    let block = try JSONParser.parse(Data(("{" + shown + "}").utf8))
    let example = try JSONParser.parse(Data(try ManualText.file("examples/custom/pull-bar.json").utf8))
    #expect(block["refresh"] != nil)
    #expect(block["refresh"] == example["refresh"])
  }

  @Test("The Repetition section's JSON is examples/custom/ego.json's spokes item, which expands to twelve spokes")
  func repetitionIsTheExample() throws {
    let section = try ManualText.section("## Repetition", in: try Self.article())
    let shown = try JSONParser.parse(Data(try #require(ManualText.jsonBlocks(section).first).utf8))
    let example = try JSONParser.parse(Data(try ManualText.file("examples/custom/ego.json").utf8))
    func item(_ list: JSONValue?, _ index: Int) -> JSONValue? {
      guard case .array(let items)? = list, items.indices.contains(index) else { return nil }
      return items[index]
    }
    let spinner = try #require(item(item(example["refresh"]?["view"]?["layers"], 3)?["sublayers"], 0))
    #expect(spinner["name"] == .string("spokes"))
    #expect(spinner["sublayers"] == .array([shown]))
    let spokes = try JSONCursor(.array([shown])).items()
    #expect(spokes.count == 12)
  }

  @Test("The error the article quotes is what a misspelt property in the progress ring gives")
  func quotedErrorIsReal() throws {
    let article = try Self.article()
    let quoted = try #require(article.range(of: "`Error: ring.json: ")).upperBound
    let end = try #require(article[quoted...].range(of: "`)")).lowerBound
    let message = article[quoted..<end].replacingOccurrences(of: "\n", with: " ")
    let ring = try ManualText.file("examples/custom/progress-ring.json")
    let misspelt = try #require(ring.range(of: "\"property\": \"strokeEnd\""))
    let broken = ring.replacingCharacters(in: misspelt, with: "\"property\": \"strokeEnds\"")
    #expect(throws: DocumentError.self) { try GestureScript.decode(Data(broken.utf8)) }
    do {
      _ = try GestureScript.decode(Data(broken.utf8))
    } catch {
      #expect(error.description == message)
    }
  }

  /// One layer of each type a document can declare, by its `type` name; made afresh for every use.
  static func layerTypes() -> [(name: String, layer: Layer)] {
    [
      ("layer", Layer()), ("shape", ShapeLayer()), ("text", TextLayer()), ("label", Label()),
      ("gradient", GradientLayer()), ("replicator", ReplicatorLayer()), ("lottie", lottieLayer()),
    ]
  }

  /// A Lottie layer showing an empty ten-frame animation.
  static func lottieLayer() -> Layer {
    let json = #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#
    guard let animation = try? LottieAnimation(data: Data(json.utf8)) else { return Layer() }
    return LottieAnimationLayer(animation: animation)
  }

  /// The article's table: each layer type's row, the names in backquotes after the type.
  static func listedProperties() throws -> [String: Set<String>] {
    let section = try ManualText.section("## Properties a binding can drive", in: try Self.article())
    var rows: [String: Set<String>] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 2 else { continue }
      let type = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let names = cells[1].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      rows[type] = Set(names).subtracting(["layer"])
    }
    return rows
  }

  @Test("The article lists, for every layer type, exactly the properties the decoder lets a binding drive")
  func propertyListIsTheDecoders() throws {
    let listed = try Self.listedProperties()
    #expect(Set(listed.keys) == Set(Self.layerTypes().map(\.name)))
    let plain = BindingDecoder.drivableProperties(of: Layer())
    #expect(listed["layer"] == plain, "the plain layer's row: \(plain.sorted())")
    for (name, layer) in Self.layerTypes() where name != "layer" {
      let own = BindingDecoder.drivableProperties(of: layer).subtracting(plain)
      #expect(listed[name] == own, "the \(name) row should list \(own.sorted())")
    }
  }

  @Test("A binding decodes exactly for the properties the table gives its layer's type")
  func tableIsWhatDecodes() throws {
    let candidates = AnimationKeyPaths.allNames.union(["string"]).union(BindingDecoder.lottieProperties.keys)
    for (type, layer) in Self.layerTypes() {
      layer.name = "target"
      let template = Layer()
      template.addSublayer(layer)
      let decoder = BindingDecoder(template: template, layerNames: ["target"])
      let drivable = BindingDecoder.drivableProperties(of: layer)
      for property in candidates.sorted() {
        let binding: JSONValue = .object([
          ("layer", .string("target")), ("property", .string(property)), ("input", .string("progress")),
          ("apply", .string("set")),
        ])
        var refused = false
        do {
          _ = try decoder.binding(JSONCursor(binding))
        } catch {
          // Other errors ask for a map ("give \"to\""): the property itself is accepted.
          refused = ["is not a property", "belongs to text layers", "is set in the layer's declaration"].contains {
            error.description.contains($0)
          }
        }
        #expect(refused == !drivable.contains(property), "\(property) on a \(type) layer")
      }
    }
  }
}
