import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScene

/// The document schemas stay as strict as the decoders: each object's keys are the decoder's own key
/// set, and each closed set is the enumeration the decoder reads. (Whether documents validate is
/// `JSONSchemaTests`' business, with an independent validator.)
@Suite struct DocumentSchemaTests {
  /// A schema as parsed JSON, with `$defs` lookups.
  struct Schema {
    let root: [String: Any]

    init(_ kind: DocumentSchema) throws {
      let text = try #require(kind.text, "the \(kind.fileName) resource")
      root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func definition(_ path: String) throws -> [String: Any] {
      var node: Any = root["$defs"] as Any
      for part in path.split(separator: "/") {
        node = try #require((node as? [String: Any])?[String(part)], "$defs/\(path)")
      }
      return try #require(node as? [String: Any], "$defs/\(path)")
    }

    /// The keys a definition lists under `properties`.
    func keys(_ path: String) throws -> Set<String> {
      Set(try #require(try definition(path)["properties"] as? [String: Any], "$defs/\(path).properties").keys)
    }

    /// The values of an `enum`, at a definition or one of its properties.
    func values(_ path: String, property: String? = nil) throws -> Set<String> {
      var node = try definition(path)
      if let property {
        node = try #require((node["properties"] as? [String: Any])?[property] as? [String: Any], "\(path).\(property)")
      }
      return Set(try #require(node["enum"] as? [String], "enum at \(path) \(property ?? "")"))
    }
  }

  static func names<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> Set<String> where T.RawValue == String {
    Set(T.allCases.map(\.rawValue))
  }

  @Test func everyKindHasItsSchemaResource() throws {
    for kind in DocumentSchema.allCases {
      let schema = try Schema(kind)
      #expect((schema.root["$id"] as? String)?.hasSuffix("/" + kind.fileName) == true)
    }
  }

  @Test func layerKeysAreTheDecoders() throws {
    let scene = try Schema(.scene)
    #expect(try scene.keys("layerStructure").union(scene.keys("commonProperties")) == LayerDecoder.commonKeys)
    #expect(try scene.keys("shapeProperties") == LayerDecoder.shapeKeys)
    #expect(try scene.keys("textProperties").union(scene.keys("textOnlyProperties")) == LayerDecoder.textKeys)
    #expect(try scene.keys("textProperties").union(scene.keys("labelOnlyProperties")) == LayerDecoder.labelKeys)
    #expect(try scene.keys("gradientProperties") == LayerDecoder.gradientKeys)
    #expect(try scene.keys("replicatorProperties") == LayerDecoder.replicatorKeys)
    #expect(try scene.values("layerType") == ["layer", "shape", "text", "label", "gradient", "replicator", "lottie"])
    #expect(try scene.keys("lottieProperties").union(scene.keys("lottieMoment")) == LayerDecoder.lottieKeys)
    #expect(try scene.keys("lottieMoment") == LayerDecoder.lottieMomentKeys)
    #expect(try scene.keys("lottieRangeKeys") == LottieRangeDecoder.rangeKeys)
    #expect(try scene.values("lottieContentMode") == Self.names(LottieContentMode.self))
  }

  @Test func animationKeysAreTheDecoders() throws {
    let scene = try Schema(.scene)
    #expect(try scene.keys("animation") == AnimationDecoder.timingKeys)
    #expect(try scene.keys("propertyAnimation") == AnimationDecoder.propertyKeys)
    #expect(try scene.keys("basicAnimation") == AnimationDecoder.basicKeys)
    #expect(try scene.keys("springAnimation") == AnimationDecoder.springKeys)
    #expect(try scene.keys("keyframeAnimation") == AnimationDecoder.keyframeKeys)
    var keyPaths: Set<String> = []
    for group in ["numbers", "points", "sizes", "rects", "colors", "transforms"] {
      keyPaths.formUnion(try scene.values("keyPaths/" + group))
    }
    #expect(keyPaths.union(["hidden", "contents", "path"]) == AnimationKeyPaths.allNames)
    #expect(try scene.values("keyPaths/numbers") == Set(AnimationKeyPaths.doubles.keys))
    #expect(try scene.values("keyPaths/points") == Set(AnimationKeyPaths.points.keys))
    #expect(try scene.values("keyPaths/sizes") == Set(AnimationKeyPaths.sizes.keys))
    #expect(try scene.values("keyPaths/rects") == Set(AnimationKeyPaths.rects.keys))
    #expect(try scene.values("keyPaths/colors") == Set(AnimationKeyPaths.colors.keys))
    #expect(try scene.values("keyPaths/transforms") == Set(AnimationKeyPaths.transforms.keys))
  }

  @Test func sceneEnumsAreTheDecoders() throws {
    let scene = try Schema(.scene)
    #expect(try scene.values("commonProperties", property: "contentsGravity") == Self.names(ContentsGravity.self))
    #expect(try scene.values("shapeProperties", property: "fillRule") == Self.names(FillRule.self))
    #expect(try scene.values("shapeProperties", property: "lineCap") == Self.names(LineCap.self))
    #expect(try scene.values("shapeProperties", property: "lineJoin") == Self.names(LineJoin.self))
    #expect(try scene.values("shapeProperties", property: "dashAnchoring") == Self.names(ShapeLayer.DashAnchoring.self))
    #expect(try scene.values("textProperties", property: "fontFamily") == Set(FontLibrary.families))
    #expect(try scene.values("textProperties", property: "alignmentMode") == Self.names(TextAlignment.self))
    #expect(try scene.values("textOnlyProperties", property: "truncationMode") == Self.names(TextTruncation.self))
    #expect(try scene.values("labelOnlyProperties", property: "lineBreakMode") == Self.names(LineBreakMode.self))
    #expect(try scene.values("animation", property: "fillMode") == Self.names(FillMode.self))
    #expect(try scene.values("keyframeAnimation", property: "calculationMode") == Self.names(CalculationMode.self))
    #expect(try scene.values("keyframeAnimation", property: "rotationMode") == Self.names(RotationMode.self))
  }

  @Test func scriptKeysAndEnumsAreTheDecoders() throws {
    let script = try Schema(.script)
    let top = Set(try #require(script.root["properties"] as? [String: Any]).keys)
    #expect(
      top == [
        DocumentFile.schemaKey, "viewport", "fps", "duration", "background", "tableStyle", "content", "refresh",
        "touches", "events", "statusBar", "navigationBar", "scrollIndicator", "variants",
      ])
    #expect(try script.keys("touch") == TouchDecoder.touchKeys)
    #expect(try script.keys("refreshView") == RefreshViewDecoder.keys)
    #expect(try script.keys("binding") == BindingDecoder.keys)
    let on = try #require(
      (try script.definition("refreshView")["properties"] as? [String: Any])?["on"] as? [String: Any])
    #expect(Set((on["properties"] as? [String: Any] ?? [:]).keys) == Self.names(RefreshMoment.self))
    #expect(try script.values("binding", property: "input") == Self.names(RefreshInput.self))
    #expect(try script.values("binding", property: "apply") == Self.names(RefreshBinding.Application.self))
    #expect(try script.values("phase") == Self.names(RefreshPhase.self))
    #expect(try script.values("barStyle") == Self.names(BarStyle.self))
    #expect(try script.values("egoRefresh", property: "arrowColor") == Self.names(EGOArrowColor.self))
    #expect(try script.values("egoRefresh", property: "language") == Set(EGOStrings.byLanguage.keys))
    #expect(try script.values("airplaneRefresh", property: "variant") == Self.names(AirplaneRefreshView.Variant.self))
    let now = try #require(
      (try script.definition("egoRefresh")["properties"] as? [String: Any])?["now"] as? [String: Any])
    #expect((now["default"] as? String).flatMap(InternetDateTime.date(from:)) == RefreshDecoder.defaultNow)
    let styles = try #require(
      (script.definition("refresh")["properties"] as? [String: Any])?["style"] as? [String: Any])
    #expect(Set(styles["enum"] as? [String] ?? []) == Set(RefreshDecoder.styles))
    #expect(try script.keys("lottieHeader") == RefreshDecoder.lottieViewKeys)
    #expect(try script.keys("refreshBehaviour") == RefreshDecoder.behaviourKeys)
    #expect(try script.keys("systemRefresh") == RefreshDecoder.systemKeys)
    #expect(try script.values("systemRefresh", property: "look") == Self.names(UIRefreshControl.Look.self))
    #expect(try script.values("event", property: "event") == Set(GestureScript.eventNames))
    #expect(try script.keys("mjRefresh") == RefreshDecoder.mjKeys)
    #expect(try script.keys("mjFooter") == RefreshDecoder.mjFooterKeys)
    #expect(try script.values("mjRefresh", property: "header") == Self.names(RefreshDecoder.MJHeaderKind.self))
    #expect(try script.values("mjRefresh", property: "language") == Set(MJRefreshStrings.byLanguage.keys))
    #expect(try script.values("mjFooter", property: "kind") == Self.names(MJRefreshFooter.Behaviour.self))
    #expect(try script.values("mjFooter", property: "look") == Self.names(MJRefreshFooter.Look.self))
    let tableStyle = try #require((script.root["properties"] as? [String: Any])?["tableStyle"] as? [String: Any])
    #expect(Set(tableStyle["enum"] as? [String] ?? []) == Self.names(TableStyle.Era.self))
  }
}
