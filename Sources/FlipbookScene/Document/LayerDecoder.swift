import FlipbookAssets
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - LayerDecoder

/// Builds layers from scene-document objects. Each layer type accepts Core Animation's property names;
/// anything else is an "unknown key" error at its JSON path.
struct LayerDecoder {
  let baseDirectory: URL
  let scale: Double
  /// Whether `contents` files may lie outside `baseDirectory` (`--allow-outside-files`).
  var allowsFilesOutside = false
  /// Animations found while decoding, added once the tree has its clock (so their begin times and
  /// completions belong to the scene's timeline).
  let pending = PendingAnimations()
  /// The Lottie files `"lottie"` layers name, read once however many times the layers are built.
  var lottieFiles = LottieFileCache()

  static let commonKeys: Set<String> = [
    "type", "name", "frame", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
    "sublayerTransform", "opacity", "hidden", "masksToBounds", "backgroundColor", "cornerRadius", "borderWidth",
    "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contents",
    "contentsGravity", "contentsScale", "sublayers", "animations", "viewLayer", "beginTime", "speed", "timeOffset",
    "mask", "contentsRect", "contentsCenter",
  ]
  static let shapeKeys: Set<String> = [
    "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
    "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd", "dashAnchoring",
  ]
  static let textKeys: Set<String> = [
    "string", "fontFamily", "fontSize", "fontWeight", "foregroundColor", "alignmentMode", "wrapped",
    "truncationMode", "textShadowColor", "textShadowOffset", "language",
  ]
  /// A label is a text layer that lays out as UILabel: lines and line breaks instead of CATextLayer's
  /// `wrapped` and `truncationMode`.
  static let labelKeys = textKeys.subtracting(["wrapped", "truncationMode"]).union(["numberOfLines", "lineBreakMode"])
  static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]
  static let replicatorKeys: Set<String> = [
    "instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
    "instanceBlueOffset", "instanceAlphaOffset",
  ]
  /// The most layers one frame of a document may draw, counting a replicator's sublayers once per
  /// instance and masks: a hundred thousand is a hundred times a busy screen, and refuses replicators
  /// nested into millions of copies before a frame is drawn.
  static let maxDrawnLayers = 100_000.0

  func layer(_ cursor: JSONCursor) throws(DocumentError) -> Layer {
    let typeName =
      try cursor.value["type"].map { v throws(DocumentError) in
        try JSONCursor(v, path: cursor.path + ".type").string()
      } ?? "layer"
    let layer: Layer
    let keys: Set<String>
    switch typeName {
    case "layer": (layer, keys) = (Layer(), Self.commonKeys)
    case "shape": (layer, keys) = (ShapeLayer(), Self.commonKeys.union(Self.shapeKeys))
    case "text": (layer, keys) = (TextLayer(), Self.commonKeys.union(Self.textKeys))
    case "label": (layer, keys) = (Label(), Self.commonKeys.union(Self.labelKeys))
    case "gradient": (layer, keys) = (GradientLayer(), Self.commonKeys.union(Self.gradientKeys))
    case "replicator": (layer, keys) = (ReplicatorLayer(), Self.commonKeys.union(Self.replicatorKeys))
    case "lottie": (layer, keys) = (try lottieLayer(cursor), Self.commonKeys.union(Self.lottieKeys))
    default:
      throw DocumentError(
        location: cursor.path + ".type",
        message:
          "\"\(typeName)\" is not one of \"layer\", \"shape\", \"text\", \"label\", \"gradient\", \"replicator\", "
          + "\"lottie\"")
    }
    let members = try cursor.object(allowing: keys)
    if layer is LottieAnimationLayer, let c = members["frame"], let problem = Self.lottieChangeProblem("frame", c.value)
    {
      throw c.error(problem)
    }
    try common(members, into: layer)
    if let lottie = layer as? LottieAnimationLayer {
      try lottieProperties(members, into: lottie, sized: members["frame"] != nil || members["bounds"] != nil)
    }
    if let shape = layer as? ShapeLayer { try shapeProperties(members, into: shape) }
    if let text = layer as? TextLayer { try textProperties(members, into: text) }
    if let gradient = layer as? GradientLayer { try gradientProperties(members, into: gradient) }
    if let replicator = layer as? ReplicatorLayer { try replicatorProperties(members, into: replicator) }
    if let sublayers = members["sublayers"] {
      for item in try sublayers.items() { layer.addSublayer(try self.layer(item)) }
    }
    if let c = members["mask"], !c.isNull {
      guard case .object = c.value else { throw c.error("expected a layer object, found \(c.value.kindDescription)") }
      layer.mask = try self.layer(c)
    }
    if layer is ReplicatorLayer, let problem = Self.drawnLayersProblem(of: layer, what: "the replicator") {
      throw (members["instanceCount"] ?? cursor).error(problem)
    }
    if let animations = members["animations"] {
      let decoder = AnimationDecoder(layers: self)
      for item in try animations.items() {
        let (key, animation) = try decoder.animation(item)
        pending.items.append((layer, key, animation, item.path))
      }
    }
    return layer
  }

  /// Applies the properties in `m` (the keys a layer of this type accepts, except structure) to an
  /// existing layer: how timed events change the model, which may start implicit animations.
  func set(_ cursor: JSONCursor, on layer: Layer) throws(DocumentError) {
    var keys = Self.commonKeys.subtracting(["type", "name", "sublayers", "animations", "viewLayer", "mask"])
    if layer is ShapeLayer { keys.formUnion(Self.shapeKeys) }
    if layer is Label {
      keys.formUnion(Self.labelKeys)
    } else if layer is TextLayer {
      keys.formUnion(Self.textKeys)
    }
    if layer is GradientLayer { keys.formUnion(Self.gradientKeys) }
    if layer is ReplicatorLayer { keys.formUnion(Self.replicatorKeys) }
    if layer is LottieAnimationLayer { keys.formUnion(Self.lottieMomentKeys) }
    if case .object(let pairs) = cursor.value {
      // A property of another kind of layer says so, rather than just "unknown key".
      let kinds = [
        ("shape", Self.shapeKeys), ("text", Self.textKeys), ("label", Self.labelKeys), ("gradient", Self.gradientKeys),
        ("replicator", Self.replicatorKeys), ("Lottie", Self.lottieKeys),
      ]
      for (key, value) in pairs {
        if layer is LottieAnimationLayer, let problem = Self.lottieChangeProblem(key, value) {
          throw DocumentError(location: cursor.path + "." + key, message: problem)
        }
        guard !keys.contains(key) else { continue }
        if let kind = kinds.first(where: { $0.1.contains(key) })?.0 {
          throw DocumentError(
            location: cursor.path + "." + key,
            message:
              "\"\(key)\" belongs to \(kind) layers; \"\(layer.name ?? "this layer")\" is \(layer.kindDescription)")
        }
      }
    }
    let members = try cursor.object(allowing: keys)
    try common(members, into: layer)
    if let shape = layer as? ShapeLayer { try shapeProperties(members, into: shape) }
    if let text = layer as? TextLayer { try textProperties(members, into: text) }
    if let gradient = layer as? GradientLayer { try gradientProperties(members, into: gradient) }
    if let replicator = layer as? ReplicatorLayer { try replicatorProperties(members, into: replicator) }
    if let lottie = layer as? LottieAnimationLayer { try lottieMoment(members, on: lottie) }
  }

  // MARK: Common properties

  func common(_ m: [String: JSONCursor], into layer: Layer) throws(DocumentError) {
    if let c = m["name"] { layer.name = try c.string() }
    if let c = m["viewLayer"] { layer.isViewLayer = try c.bool() }
    if let c = m["beginTime"] { layer.beginTime = try TimingLimits.timeShift(c) }
    if let c = m["speed"] { layer.speed = try TimingLimits.speed(c) }
    if let c = m["timeOffset"] { layer.timeOffset = try TimingLimits.timeShift(c) }
    if let c = m["anchorPoint"] { layer.anchorPoint = try Self.point(c) }
    if let c = m["frame"], m["bounds"] != nil || m["position"] != nil {
      throw c.error("give either \"frame\" or \"bounds\" and \"position\", not both")
    }
    if let c = m["frame"] { layer.frame = try Self.rect(c, nonNegativeSize: true) }
    if let c = m["bounds"] { layer.bounds = try Self.rect(c, nonNegativeSize: true) }
    if let c = m["position"] { layer.position = try Self.point(c) }
    if let c = m["anchorPointZ"] { layer.anchorPointZ = try c.number() }
    if let c = m["zPosition"] { layer.zPosition = try c.number() }
    if let c = m["transform"] { layer.transform = try Self.transform(c) }
    if let c = m["sublayerTransform"] { layer.sublayerTransform = try Self.transform(c) }
    if let c = m["opacity"] { layer.opacity = try c.number(in: 0...1) }
    if let c = m["hidden"] { layer.isHidden = try c.bool() }
    if let c = m["masksToBounds"] { layer.masksToBounds = try c.bool() }
    if let c = m["backgroundColor"] { layer.backgroundColor = try Self.optionalColor(c) }
    if let c = m["cornerRadius"] { layer.cornerRadius = try c.number(in: 0...Double.greatestFiniteMagnitude) }
    if let c = m["borderWidth"] { layer.borderWidth = try c.number(in: 0...Double.greatestFiniteMagnitude) }
    if let c = m["borderColor"] { layer.borderColor = try Self.color(c) }
    if let c = m["shadowColor"] { layer.shadowColor = try Self.color(c) }
    if let c = m["shadowOpacity"] { layer.shadowOpacity = try c.number(in: 0...1) }
    if let c = m["shadowOffset"] { layer.shadowOffset = try Self.size(c) }
    if let c = m["shadowRadius"] { layer.shadowRadius = try c.number(in: 0...1000) }
    if let c = m["shadowPath"] { layer.shadowPath = try Self.path(c) }
    if let c = m["contentsGravity"] { layer.contentsGravity = try c.choice(ContentsGravity.self) }
    if let c = m["contents"] {
      let (image, imageScale) = try contents(c)
      layer.contents = image
      layer.contentsScale = imageScale
    }
    if let c = m["contentsScale"] { layer.contentsScale = try c.number(in: 0.1...10) }
    if let c = m["contentsRect"] { layer.contentsRect = try Self.contentsRect(c) }
    if let c = m["contentsCenter"] { layer.contentsCenter = try Self.rect(c, nonNegativeSize: true) }
  }

  /// A `contentsRect`: unit coordinates, any position (past the image its edge pixels extend), but not
  /// empty, which Core Animation leaves undefined.
  static func contentsRect(_ c: JSONCursor) throws(DocumentError) -> CGRect {
    let rect = try Self.rect(c, nonNegativeSize: false)
    guard rect.width > 0, rect.height > 0 else {
      throw c.error("width and height must be more than 0 (Core Animation leaves an empty contentsRect undefined)")
    }
    return rect
  }

  // MARK: Shape, text, gradient, replicator

  func shapeProperties(_ m: [String: JSONCursor], into shape: ShapeLayer) throws(DocumentError) {
    if let c = m["path"] { shape.path = try Self.path(c) }
    if let c = m["fillColor"] { shape.fillColor = try Self.optionalColor(c) }
    if let c = m["fillRule"] { shape.fillRule = try c.choice(FillRule.self) }
    if let c = m["strokeColor"] { shape.strokeColor = try Self.optionalColor(c) }
    if let c = m["lineWidth"] { shape.lineWidth = try c.number(in: 0...10_000) }
    if let c = m["lineCap"] { shape.lineCap = try c.choice(LineCap.self) }
    if let c = m["lineJoin"] { shape.lineJoin = try c.choice(LineJoin.self) }
    if let c = m["miterLimit"] { shape.miterLimit = try c.number(in: 0...10_000) }
    if let c = m["lineDashPattern"] {
      if c.isNull {
        shape.lineDashPattern = nil
      } else {
        let dashes = try c.numbers()
        guard dashes.allSatisfy({ $0 >= 0 }) else { throw c.error("dash lengths must not be negative") }
        shape.lineDashPattern = dashes
      }
    }
    if let c = m["lineDashPhase"] { shape.lineDashPhase = try c.number() }
    if let c = m["strokeStart"] { shape.strokeStart = try c.number() }
    if let c = m["strokeEnd"] { shape.strokeEnd = try c.number() }
    if let c = m["dashAnchoring"] { shape.dashAnchoring = try c.choice(ShapeLayer.DashAnchoring.self) }
  }

  func textProperties(_ m: [String: JSONCursor], into text: TextLayer) throws(DocumentError) {
    if let c = m["string"] { text.string = try DateDecoder.text(c) }
    if let c = m["fontFamily"] {
      let family = try c.string()
      guard FontLibrary.families.contains(family) else {
        let hint = JSONCursor.closest(to: family, in: Set(FontLibrary.families)).map { " (did you mean \"\($0)\"?)" }
        throw c.error(
          "\"\(family)\" is not a bundled font; use one of "
            + FontLibrary.families.map { "\"\($0)\"" }.joined(separator: ", ") + (hint ?? ""))
      }
      text.fontFamily = family
    }
    if let c = m["language"] { text.language = c.isNull ? nil : try Self.languageTag(c) }
    if let c = m["fontSize"] { text.fontSize = try c.number(in: 1...1000) }
    if let c = m["fontWeight"] { text.fontWeight = try c.integer(in: 100...900) }
    if let c = m["foregroundColor"] { text.foregroundColor = try Self.color(c) }
    if let c = m["alignmentMode"] { text.alignmentMode = try c.choice(TextAlignment.self) }
    if let c = m["wrapped"] { text.isWrapped = try c.bool() }
    if let c = m["truncationMode"] { text.truncationMode = try c.choice(TextTruncation.self) }
    if let c = m["textShadowColor"] { text.textShadowColor = try Self.optionalColor(c) }
    if let c = m["textShadowOffset"] { text.textShadowOffset = try Self.size(c) }
    if let label = text as? Label {
      if let c = m["numberOfLines"] { label.numberOfLines = try c.integer(in: 0...10_000) }
      if let c = m["lineBreakMode"] { label.lineBreakMode = try c.choice(LineBreakMode.self) }
    }
  }

  func gradientProperties(_ m: [String: JSONCursor], into gradient: GradientLayer) throws(DocumentError) {
    if let c = m["colors"] {
      var colors: [Color] = []
      for item in try c.array() { colors.append(try Self.color(item)) }
      gradient.colors = colors
    }
    if let c = m["locations"] {
      let locations = try c.numbers()
      guard locations.count == gradient.colors.count else {
        throw c.error("expected one location per colour (\(gradient.colors.count)), found \(locations.count)")
      }
      gradient.locations = locations
    }
    if let c = m["startPoint"] { gradient.startPoint = try Self.point(c) }
    if let c = m["endPoint"] { gradient.endPoint = try Self.point(c) }
  }

  /// Why `layer`'s tree draws too much to accept, or nil: more than `maxDrawnLayers` a frame.
  static func drawnLayersProblem(of layer: Layer, what: String) -> String? {
    let count = layer.drawnLayerCount
    guard count > maxDrawnLayers else { return nil }
    return "\(what) would draw \(NumberLimits.describe(count.rounded())) layers a frame (a replicator's sublayers "
      + "once per instance), more than \(Int(maxDrawnLayers))"
  }

  func replicatorProperties(_ m: [String: JSONCursor], into replicator: ReplicatorLayer) throws(DocumentError) {
    if let c = m["instanceCount"] { replicator.instanceCount = try c.integer(in: 0...ReplicatorLayer.maxInstanceCount) }
    if let c = m["instanceTransform"] { replicator.instanceTransform = try Self.transform(c) }
    if let c = m["instanceDelay"] { replicator.instanceDelay = try TimingLimits.timeShift(c) }
    if let c = m["instanceColor"] { replicator.instanceColor = try Self.color(c) }
    // Colour components live in 0...1, so an offset past ±1 saturates at the first copy.
    if let c = m["instanceRedOffset"] { replicator.instanceRedOffset = try c.number(in: -1...1) }
    if let c = m["instanceGreenOffset"] { replicator.instanceGreenOffset = try c.number(in: -1...1) }
    if let c = m["instanceBlueOffset"] { replicator.instanceBlueOffset = try c.number(in: -1...1) }
    if let c = m["instanceAlphaOffset"] { replicator.instanceAlphaOffset = try c.number(in: -1...1) }
  }

  // MARK: Contents

  /// An image from `{"file": "relative/or/absolute.png"}` (relative to the scene document) or
  /// `{"asset": "name"}` (the project's bundled artwork, the variant for the render scale), and the
  /// contents scale it implies (from an `@2x`-style suffix, else 1).
  func contents(_ cursor: JSONCursor) throws(DocumentError) -> (Image?, Double) {
    if cursor.isNull { return (nil, 1) }
    let m = try cursor.object(allowing: ["file", "asset"])
    let path: String
    if let file = m["file"] {
      let name = try file.string()
      let resolved = ContentsPath.file(name, in: baseDirectory, allowOutside: allowsFilesOutside)
      guard let found = resolved.path else { throw file.error(resolved.problem ?? "") }
      path = found
      DocumentReads.note(found)
      if let suffix = AssetCatalog.scaleSuffixText(of: name), Double(suffix) != nil,
        AssetCatalog.scaleSuffix(of: name) == nil
      {
        throw file.error("the file name's scale @\(suffix)x must be a number from 0.1 to 10")
      }
    } else if let asset = m["asset"] {
      let name = try asset.string()
      if let problem = ContentsPath.assetNameProblem(name) { throw asset.error(problem) }
      guard let found = AssetCatalog.imagePath(named: name, scale: scale) else {
        throw asset.error(
          "no bundled image named \"\(name)\" (available: \(AssetCatalog.imageNames().joined(separator: ", ")))")
      }
      path = found
    } else {
      throw cursor.error("expected {\"file\": …} or {\"asset\": …}")
    }
    do {
      let image = try Image(contentsOfFile: path)
      return (image, AssetCatalog.scaleSuffix(of: path) ?? 1)
    } catch {
      throw cursor.error(error.description)
    }
  }

  // MARK: Values

  /// `#RRGGBB`, `#RRGGBBAA`, or components 0...1 as `[r, g, b]` or `[r, g, b, a]` for values eight bits
  /// cannot hold (UIKit's `whiteColor: 0.9` is 229.5/255).
  static func color(_ c: JSONCursor) throws(DocumentError) -> Color {
    if case .array(let items) = c.value {
      guard items.count == 3 || items.count == 4 else {
        throw c.error("expected [r, g, b] or [r, g, b, a] with components from 0 to 1, found \(items.count) values")
      }
      var v: [Double] = []
      for item in try c.array() { v.append(try item.number(in: 0...1)) }
      return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
    }
    guard case .string(let text) = c.value else {
      throw c.error("expected a colour (#RRGGBB, #RRGGBBAA or [r, g, b, a]), found \(c.value.kindDescription)")
    }
    guard let color = Color(hex: text) else { throw c.error("\"\(text)\" is not a colour; write #RRGGBB or #RRGGBBAA") }
    return color
  }

  static func optionalColor(_ c: JSONCursor) throws(DocumentError) -> Color? {
    c.isNull ? nil : try color(c)
  }

  static func point(_ c: JSONCursor) throws(DocumentError) -> CGPoint {
    let v = try c.numbers(count: 2)
    return CGPoint(x: v[0], y: v[1])
  }

  static func size(_ c: JSONCursor) throws(DocumentError) -> CGSize {
    let v = try c.numbers(count: 2)
    return CGSize(width: v[0], height: v[1])
  }

  /// A BCP 47 language tag's shape: a two- or three-letter language, then subtags of one to eight
  /// letters or digits after hyphens (`zh-Hant`, `zh-Hant-TW`, `en`). Whether Flipbook has forms for
  /// the language is `CJKFamily`'s business; others are laid out with their default forms.
  static func languageTag(_ c: JSONCursor) throws(DocumentError) -> String {
    let tag = try c.string()
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    let wellFormed =
      (2...3).contains(subtags[0].count) && subtags[0].allSatisfy { $0.isASCII && $0.isLetter }
      && subtags.dropFirst().allSatisfy {
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
    guard wellFormed else {
      throw c.error("\"\(tag)\" is not a BCP 47 language tag; write e.g. \"zh-Hant\", \"zh-Hans\" or \"en\"")
    }
    return tag
  }

  static func rect(_ c: JSONCursor, nonNegativeSize: Bool) throws(DocumentError) -> CGRect {
    let v = try c.numbers(count: 4)
    if nonNegativeSize, v[2] < 0 || v[3] < 0 { throw c.error("width and height must not be negative") }
    return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  static func path(_ c: JSONCursor) throws(DocumentError) -> Path? {
    if c.isNull { return nil }
    let text = try c.string()
    do {
      return try Path(svg: text)
    } catch {
      throw c.error("bad path: \(error.description)")
    }
  }

  /// A transform: 16 numbers (m11…m44 row by row), or a list of steps applied to the layer in order:
  /// `{"translate": [x, y] or [x, y, z]}`, `{"scale": s or [sx, sy]}`, `{"rotate": degrees}` (about z,
  /// clockwise on screen), `{"rotateX": degrees}`, `{"rotateY": degrees}`, `{"perspective": d}`
  /// (m34 = −1/d, the eye d points in front of the plane).
  static func transform(_ c: JSONCursor) throws(DocumentError) -> Transform3D {
    let items = try c.array()
    if items.count == 16, items.allSatisfy({ if case .number = $0.value { true } else { false } }) {
      return Transform3D(try c.numbers(count: 16))
    }
    var result = Transform3D.identity
    for item in items {
      let m = try item.object(allowing: ["translate", "scale", "rotate", "rotateX", "rotateY", "perspective"])
      guard m.count == 1, let (key, value) = m.first else {
        throw item.error("each step has exactly one of translate, scale, rotate, rotateX, rotateY, perspective")
      }
      let step: Transform3D
      switch key {
      case "translate":
        let v = try value.numbers()
        guard v.count == 2 || v.count == 3 else { throw value.error("expected [x, y] or [x, y, z]") }
        step = Transform3D(translationX: v[0], y: v[1], z: v.count == 3 ? v[2] : 0)
      case "scale":
        if case .number(let s) = value.value {
          step = Transform3D(scaleX: s, y: s)
        } else {
          let v = try value.numbers(count: 2)
          step = Transform3D(scaleX: v[0], y: v[1])
        }
      case "rotate": step = Transform3D(rotationAngle: try value.number() * .pi / 180, x: 0, y: 0, z: 1)
      case "rotateX": step = Transform3D(rotationAngle: try value.number() * .pi / 180, x: 1, y: 0, z: 0)
      case "rotateY": step = Transform3D(rotationAngle: try value.number() * .pi / 180, x: 0, y: 1, z: 0)
      default:
        let d = try value.number()
        guard d > 0 else { throw value.error("the eye distance must be more than 0") }
        var p = Transform3D.identity
        p.m34 = -1 / d
        step = p
      }
      result = result.concatenating(step)
    }
    return result
  }
}

/// Animations waiting to be added: (layer, key, animation, JSON path).
final class PendingAnimations {
  var items: [(Layer, String?, any LayerAnimation, String)] = []
  /// Playback waiting for the tree's clock (a Lottie layer's `play`), run after the animations are added: it starts
  /// at the local time the layer has then, so a view built mid-scene starts its playback when it is installed.
  var starts: [() -> Void] = []
  /// How long each finite playback in `starts` lasts, in seconds: a scene with no `duration` lasts until the last
  /// one ends, as it does for its animations.
  var playDurations: [Double] = []
  /// What the renderer approximates, by JSON path: reported to the user, never silently ignored.
  var notes: [String] = []
}
