import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Testing

/// The overrides document and the store's lookups (lottie-ios's ValueProviderStore and DictionaryTextProvider).
@Suite struct LottieOverridesTests {
  func decode(_ text: String) throws -> LottieOverridesDocument {
    try LottieOverridesDocument.decode(JSONCursor(try JSONParser.parse(text)))
  }

  func error(_ text: String) -> DocumentError? {
    do {
      _ = try decode(text)
      return nil
    } catch let error as DocumentError {
      return error
    } catch {
      return nil
    }
  }

  @Test func decodesEveryKindOfTheCorpusOverrides() throws {
    let document = try decode(
      """
      {"lottie": "Switch.json", "overrides": [
        {"keypath": "**.Fill 1.Color", "color": [1, 0, 0]},
        {"keypath": "**.Stroke 1.Color", "color": "#00000080"},
        {"keypath": "Switch Outline Outlines.Fill 1.Color", "color": {"keyframes": [
          {"frame": 0, "value": [0, 0, 0]}, {"frame": 75, "value": [0.76, 0.76, 0.76]}, {"frame": 150, "value": [0, 0, 0], "hold": true}]}},
        {"keypath": "Dark Gray Solid 1.Transform.Opacity", "number": 10},
        {"keypath": "H2.Transform.Scale", "point": [200, 150]},
        {"keypath": "H2.Transform.Size", "size": [20, 15]},
        {"keypath": "**.Colors", "gradient": [{"location": 0, "color": [0, 0, 0, 0]}, {"location": 0.3, "color": [1, 1, 1, 0.5]}]},
        {"keypath": "ENVELOPE-FRONT.sender_username", "text": "Lottie"},
        {"keypath": "From", "text": "Airbnb"},
        {"text": "Bounce-bounce"},
        {"image": "Images/dog.png"},
        {"asset": "image_1", "image": "Images/cat.png"},
        {"font": {"family": "DejaVu Sans", "size": 36}},
        {"fontName": "Helvetica-Bold", "font": {"family": "Inter"}}
      ]}
      """)
    #expect(document.lottie == "Switch.json")
    let overrides = document.overrides
    #expect(
      overrides.color(at: ["Layer", "Group 1", "Fill 1", "Color"]) == .constant(Color(red: 1, green: 0, blue: 0)))
    #expect(
      overrides.color(at: ["Stroke 1", "Color"]) == .constant(Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)))
    // The later, more specific entry wins for its own keypath; the earlier wildcard still serves the rest.
    #expect(
      overrides.color(at: ["Switch Outline Outlines", "Fill 1", "Color"])
        == .keyframes([
          LottieOverrideKeyframe(frame: 0, value: Color(white: 0)),
          LottieOverrideKeyframe(frame: 75, value: Color(white: 0.76)),
          LottieOverrideKeyframe(frame: 150, value: Color(white: 0), isHold: true),
        ]))
    #expect(overrides.number(at: ["Dark Gray Solid 1", "Transform", "Opacity"]) == .constant(10))
    #expect(overrides.number(at: ["Other", "Transform", "Opacity"]) == nil)
    #expect(overrides.vector(at: ["H2", "Transform", "Scale"]) == .constant(LottieVector(x: 200, y: 150)))
    #expect(overrides.vector(at: ["H2", "Transform", "Size"]) == .constant(LottieVector(x: 20, y: 15)))
    #expect(
      overrides.gradient(at: ["a", "b", "Colors"])
        == .constant([
          LottieGradientStop(location: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0)),
          LottieGradientStop(location: 0.3, color: Color(red: 1, green: 1, blue: 1, alpha: 0.5)),
        ]))
    // A colour provider is not a number: the property keeps the file's value.
    #expect(overrides.number(at: ["x", "Fill 1", "Color"]) == nil)
    #expect(overrides.text(forLayerAt: ["ENVELOPE-FRONT", "sender_username"]) == "Lottie")
    #expect(overrides.text(forLayerAt: ["ENVELOPE-BACK", "From"]) == "Airbnb")
    #expect(overrides.text(forLayerAt: ["Other"]) == "Bounce-bounce")
    #expect(overrides.image(forAsset: "image_0")?.source == .file("Images/dog.png"))
    #expect(overrides.image(forAsset: "image_1")?.source == .file("Images/cat.png"))
    #expect(overrides.imageFiles == ["Images/dog.png", "Images/cat.png"])
    #expect(
      overrides.font(forName: "Helvetica-Bold") == LottieFontOverride(fontName: "Helvetica-Bold", family: "Inter"))
    #expect(overrides.font(forName: "Arial")?.size == 36)
  }

  @Test func theLastRegisteredMatchWins() {
    var overrides = LottieOverrides()
    overrides.setValueProvider(.number(.constant(1)), keypath: "**.Opacity")
    overrides.setValueProvider(.number(.constant(2)), keypath: "Layer.**.Opacity")
    #expect(overrides.number(at: ["Layer", "Transform", "Opacity"]) == .constant(2))
    #expect(overrides.number(at: ["Other", "Transform", "Opacity"]) == .constant(1))
    // Setting a keypath again replaces its provider and moves it last (lottie-ios's setValueProvider).
    overrides.setValueProvider(.number(.constant(3)), keypath: "**.Opacity")
    #expect(overrides.number(at: ["Layer", "Transform", "Opacity"]) == .constant(3))
    #expect(overrides.valueProviders.count == 2)
  }

  @Test func fontsAndImagePlacementAreRead() throws {
    let document = try decode(
      #"{"lottie": "a.json", "fonts": ["Fonts", "b.ttf"], "overrides": [{"image": "dog.png", "contentsGravity": "resizeAspectFill"}]}"#
    )
    #expect(document.fonts == ["Fonts", "b.ttf"])
    #expect(document.overrides.images.map(\.contentsGravity) == [.resizeAspectFill])
    #expect(
      try decode(#"{"lottie": "a.json", "overrides": [{"image": "dog.png"}]}"#).overrides.images[0].contentsGravity
        == .resize)
    #expect(error(#"{"lottie": "a.json", "fonts": [""]}"#)?.location == "$.fonts[0]")
    #expect(error(#"{"lottie": "a.json", "fonts": "Fonts"}"#)?.location == "$.fonts")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"image": "a.png", "contentsGravity": "fill"}]}"#)?.location
        == "$.overrides[0].contentsGravity")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"text": "a", "contentsGravity": "resize"}]}"#)?.description
        == "$.overrides[0].contentsGravity: \"contentsGravity\" does not apply to a \"text\" override")
  }

  @Test func errorsNameTheirJSONPath() {
    #expect(error(#"{"overrides": []}"#)?.description == "$: missing \"lottie\", the animation's path")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"keypath": "**.Color", "color": [1, 0, 2]}]}"#)?.location
        == "$.overrides[0].color[2]")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"color": [1, 0, 0]}]}"#)?.description
        == "$.overrides[0]: a \"color\" override needs a \"keypath\" (e.g. \"**.Fill 1.Color\")")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"keypath": "a", "number": 1, "text": "x"}]}"#)?.message
        == "an override holds one value, found \"number\" and \"text\"")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"keypath": "a..b", "number": 1}]}"#)?.location
        == "$.overrides[0].keypath")
    #expect(
      error(
        #"{"lottie": "a.json", "overrides": [{"keypath": "a", "number": {"keyframes": [{"frame": 5, "value": 1}, {"frame": 2, "value": 1}]}}]}"#
      )?.location == "$.overrides[0].number.keyframes[1].frame")
    #expect(
      error(#"{"lottie": "a.json", "overrides": [{"image": "a.png", "keypath": "x"}]}"#)?.description
        == "$.overrides[0].keypath: \"keypath\" does not apply to a \"image\" override")
    #expect(
      error(#"{"lottie": "a.json", "overides": []}"#)?.description
        == "$.overides: unknown key (did you mean \"overrides\"?); valid here: \"fonts\", \"lottie\", \"overrides\"")
  }
}
