import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - LottieReader

/// Reads a Lottie JSON document (bodymovin 4.x and 5.x as After Effects exports it) into a ``LottieAnimation``,
/// with one `DocumentError` naming the JSON path for anything malformed or beyond ``LottieLimits``.
enum LottieReader {
  /// Parses and decodes `data`.
  static func read(_ data: Data) throws(DocumentError) -> LottieAnimation {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw DocumentError(location: "line \(error.line), column \(error.column)", message: error.message)
    }
    return try read(JSONCursor(root))
  }

  /// Decodes a parsed document.
  static func read(_ root: JSONCursor) throws(DocumentError) -> LottieAnimation {
    try root.requireObject()
    let framerate = try root.required("fr").number()
    guard framerate > 0, framerate <= LottieLimits.maxFramerate else {
      throw try root.required("fr").error(
        "frame rate \(JSONValue.format(framerate)) is outside 0…\(JSONValue.format(LottieLimits.maxFramerate))")
    }
    let startFrame = try root.required("ip").number()
    let endFrame = try root.required("op").number()
    guard endFrame > startFrame else {
      throw try root.required("op").error(
        "the out point \(JSONValue.format(endFrame)) must come after the in point \(JSONValue.format(startFrame))")
    }
    guard endFrame - startFrame <= LottieLimits.maxFrameCount else {
      throw try root.required("op").error(
        "\(JSONValue.format(endFrame - startFrame)) frames is more than the \(JSONValue.format(LottieLimits.maxFrameCount)) a file may hold"
      )
    }
    let width = try dimension(root, "w")
    let height = try dimension(root, "h")

    var precompositions: [String: LottiePrecomposition] = [:]
    var images: [String: LottieImageAsset] = [:]
    if let assets = root.member("assets") {
      for asset in try assets.array() {
        try asset.requireObject()
        let id = try idString(try asset.required("id"))
        if let layers = asset.member("layers") {
          precompositions[id] = LottiePrecomposition(id: id, layers: try readLayers(layers), path: asset.path)
        } else if asset.member("p") != nil {
          images[id] = try readImage(asset, id: id)
        }
      }
    }
    let layers = try readLayers(try root.required("layers"))
    try LottieStructureCheck(precompositions: precompositions, images: images).check(layers, at: root)

    var markers: [LottieMarker] = []
    if let list = root.member("markers") {
      for marker in try list.array() {
        try marker.requireObject()
        markers.append(
          LottieMarker(
            name: try marker.optionalString("cm") ?? "", frame: try marker.required("tm").number(),
            duration: try marker.number("dr", default: 0)))
      }
    }
    var fonts: [String: LottieFont] = [:]
    if let list = root.member("fonts")?.member("list") {
      for font in try list.array() {
        try font.requireObject()
        let name = try font.required("fName").string()
        fonts[name] = LottieFont(
          name: name, family: try font.optionalString("fFamily") ?? name,
          style: try font.optionalString("fStyle") ?? "Regular", ascent: try font.number("ascent", default: 0))
      }
    }
    return LottieAnimation(
      version: try root.optionalString("v") ?? "", framerate: framerate, startFrame: startFrame, endFrame: endFrame,
      width: width, height: height, layers: layers, precompositions: precompositions, images: images,
      markers: markers, fonts: fonts, glyphCount: try root.member("chars")?.array().count ?? 0)
  }

  /// A width or height in `0 < v ≤ maxDimension`.
  static func dimension(_ object: JSONCursor, _ key: String) throws(DocumentError) -> Double {
    let cursor = try object.required(key)
    let value = try cursor.number()
    guard value > 0, value <= LottieLimits.maxDimension else {
      throw cursor.error(
        "\(JSONValue.format(value)) is outside 0…\(JSONValue.format(LottieLimits.maxDimension)) points")
    }
    return value
  }

  /// An asset id: a string, though some exporters write numbers.
  static func idString(_ cursor: JSONCursor) throws(DocumentError) -> String {
    if case .number = cursor.value { return JSONValue.format(try cursor.number()) }
    return try cursor.string()
  }

  static func readImage(_ asset: JSONCursor, id: String) throws(DocumentError) -> LottieImageAsset {
    let name = try asset.required("p").string()
    var embedded: Data?
    if name.hasPrefix("data:") {
      guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64"),
        let data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
      else { throw try asset.required("p").error("an embedded image must be a base64 data URL") }
      embedded = data
    }
    return LottieImageAsset(
      id: id, name: name, directory: try asset.optionalString("u") ?? "", width: try asset.number("w", default: 0),
      height: try asset.number("h", default: 0), embeddedData: embedded)
  }

  /// A layer list (`layers` of the root or of a precomposition), front to back as in the file.
  static func readLayers(_ cursor: JSONCursor) throws(DocumentError) -> [LottieLayer] {
    var layers: [LottieLayer] = []
    for item in try cursor.array() { layers.append(try readLayer(item)) }
    return layers
  }

  static func readLayer(_ layer: JSONCursor) throws(DocumentError) -> LottieLayer {
    try layer.requireObject()
    let type = try layer.required("ty").integer(in: 0...1000)
    let content: LottieLayer.Content
    switch type {
    case 0:
      content = .precomp(
        refId: try idString(try layer.required("refId")), width: try dimension(layer, "w"),
        height: try dimension(layer, "h"), timeRemapping: try LottieKeyframes<Double>.decode("tm", in: layer))
    case 1:
      let hex = try layer.required("sc")
      guard let color = Color(hex: try hex.string()) else { throw hex.error("expected a colour as \"#rrggbb\"") }
      content = .solid(
        color: color, width: try layer.number("sw", default: 0), height: try layer.number("sh", default: 0))
    case 2:
      content = .image(refId: try idString(try layer.required("refId")))
    case 3:
      content = .null
    case 4:
      content = .shape(
        try layer.member("shapes").map { (c) throws(DocumentError) in try ShapeItem.decodeList(c) } ?? [])
    case 5:
      content = .text(try LottieTextDocument.decode(try layer.required("t")))
    default:
      content = .unsupported(type: type)
    }
    let stretch = try layer.member("sr")
    let timeStretch = try stretch?.number() ?? 1
    if let stretch, timeStretch <= 0 {
      throw stretch.error("time stretch \(JSONValue.format(timeStretch)) must be positive")
    }
    var effects: [LottieEffect] = []
    if let ef = layer.member("ef") { effects += try LottieEffect.decodeList(ef) }
    if let sy = layer.member("sy") { effects += try LottieEffect.decodeStyles(sy) }
    return LottieLayer(
      name: try layer.optionalString("nm") ?? "Layer",
      index: try layer.member("ind")?.integer(in: Int(Int32.min)...Int(Int32.max)),
      parent: try layer.member("parent")?.integer(in: Int(Int32.min)...Int(Int32.max)),
      content: content, inFrame: try layer.required("ip").number(), outFrame: try layer.required("op").number(),
      startTime: try layer.number("st", default: 0), timeStretch: timeStretch,
      transform: try layer.member("ks").map { (c) throws(DocumentError) in try LottieTransform(decoding: c) }
        ?? LottieTransform(),
      isHidden: try layer.flag("hd"), blendMode: try layer.member("bm")?.integer(in: 0...100) ?? 0,
      is3D: try layer.flag("ddd"), autoOrient: try layer.flag("ao"),
      matte: try layer.member("tt").flatMap { (c) throws(DocumentError) in try LottieMatteType.decode(c) },
      isMatteSource: try layer.flag("td"),
      masks: try layer.member("masksProperties").map { (c) throws(DocumentError) in try LottieMask.decodeList(c) }
        ?? [],
      effects: effects,
      path: layer.path)
  }
}
