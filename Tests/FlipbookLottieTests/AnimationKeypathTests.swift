import FlipbookLottie
import Testing

/// Keypath matching as lottie-ios's Core Animation engine matches (ValueProviderStore.swift, 4.6.1); the cases are
/// lottie-ios's own `testKeypathMatches` (Tests/AnimationKeypathTests.swift) plus the documented examples.
@Suite struct AnimationKeypathTests {
  func path(_ text: String) -> [String] { AnimationKeypath(keypath: text).keys }

  @Test func matchesLottieIOSDocumentedCases() {
    let concrete = path("Layer.Shape Group.Stroke 1.Color")
    for pattern in [
      "Layer.Shape Group.Stroke 1.Color", "**.Color", "**.Stroke 1.Color", "**.Shape Group.Stroke 1.Color",
      "Layer.**.Color", "Layer.Shape Group.*.Color", "Layer.*.*.Color", "**", "Layer.**", "Layer.**.Shape Group.**",
      "**.Layer.Shape Group.Stroke 1.Color", "**.Layer.Shape Group.Stroke 1.**.Color",
    ] {
      #expect(AnimationKeypath(keypath: pattern).matches(concrete), "\(pattern) should match")
    }
    for pattern in [
      "Layer.*.Color", "*.Layer.Shape Group.Stroke 1.Color", "*.Layer.Shape Group.Stroke 1.*.Color",
      "Layer.Shape Group.Stroke 1.Color.*", "Layer.Shape Group.Stroke 1.Color.**",
    ] {
      #expect(!AnimationKeypath(keypath: pattern).matches(concrete), "\(pattern) should not match")
    }
  }

  @Test func starMatchesPartOfOneName() {
    let pin = path("pin.Group 1.fill-primary.Color")
    #expect(AnimationKeypath(keypath: "**.*primary.**.Color").matches(pin))
    #expect(AnimationKeypath(keypath: "**.*primary.Color").matches(pin))
    #expect(!AnimationKeypath(keypath: "*primary.**.Color").matches(pin))

    let fill = path("fill-primary.Stroke 1.Color")
    #expect(AnimationKeypath(keypath: "**.*primary.**.Color").matches(fill))
    #expect(!AnimationKeypath(keypath: "**.*primary.Color").matches(fill))
    #expect(AnimationKeypath(keypath: "*primary.**.Color").matches(fill))

    let ellipse = path("Ellipse 1-composition.Ellipse 1-stroke.Ellipse 1-stroke.Stroke 1.Color")
    #expect(AnimationKeypath(keypath: "**.Stroke 1.**.Color").matches(ellipse))
    #expect(AnimationKeypath(keypath: "**.Stroke 1.Color").matches(ellipse))
    #expect(!AnimationKeypath(keypath: "**.Stroke 1.*.Color").matches(ellipse))
  }

  @Test func namesWithRegularExpressionCharactersMeanThemselves() {
    #expect(AnimationKeypath(keypath: "a(1).b+[c]").matches(["a(1)", "b+[c]"]))
    #expect(!AnimationKeypath(keypath: "a(1).b+[c]").matches(["a1", "bb[c]"]))
    // A dot inside a pattern name is a separator, as lottie-ios splits at every dot.
    #expect(AnimationKeypath(keypath: "a.b").keys == ["a", "b"])
  }

  @Test func switchSampleKeypaths() {
    // lottie-ios's Switch sample recolours its checkmark by exact keypaths and not its sibling's stroke.
    let stroke = AnimationKeypath(keypath: "Checkmark Outlines.Group 1.Stroke 1.Color")
    #expect(stroke.matches(path("Checkmark Outlines.Group 1.Stroke 1.Color")))
    #expect(!stroke.matches(path("Checkmark Outlines 2.Group 1.Stroke 1.Color")))
    #expect(!stroke.matches(path("Checkmark Outlines.Group 1.Stroke 1.Opacity")))
  }
}
