import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - ShapeItem

/// One item of a shape layer's `shapes` (or a group's `it`), as lottie-ios models it
/// (lottie-ios Sources/Private/Model/ShapeItems/*.swift, 4.6.1): what draws a path (rectangle, ellipse, path,
/// polystar), what paints the paths before it (fill, stroke, gradients), what modifies them (trim, rounded
/// corners, repeater, merge) and the group transform.
public enum ShapeItem {
  /// `gr`: a group of items with its own transform (its `tr` item).
  case group(ShapeGroup)
  /// `rc`: a rectangle, optionally with rounded corners.
  case rectangle(ShapeRectangle)
  /// `el`: an ellipse.
  case ellipse(ShapeEllipse)
  /// `sh`: a bezier path, possibly keyframed.
  case path(ShapePath)
  /// `sr`: a star or a polygon.
  case polystar(ShapePolystar)
  /// `fl`: a solid fill.
  case fill(ShapeFill)
  /// `st`: a solid stroke.
  case stroke(ShapeStroke)
  /// `gf`: a gradient fill.
  case gradientFill(ShapeGradientFill)
  /// `gs`: a gradient stroke.
  case gradientStroke(ShapeGradientStroke)
  /// `tm`: trim paths.
  case trim(ShapeTrim)
  /// `rp`: a repeater.
  case repeater(ShapeRepeater)
  /// `rd`: rounded corners.
  case roundedCorners(ShapeRoundedCorners)
  /// `tr`: the transform of the group it is in.
  case transform(ShapeTransform)
  /// `mm`: merge paths, which no iOS engine draws.
  case merge(ShapeMerge)
  /// An item type lottie-ios does not know (`ty` as written).
  case unknown(ShapeUnknown)

  /// Decodes a shape list (`shapes` of a shape layer, `it` of a group); a missing list is empty.
  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [ShapeItem] {
    var items: [ShapeItem] = []
    for item in try cursor.array() { items.append(try decode(item)) }
    return items
  }

  /// Decodes one item, by its `ty`.
  static func decode(_ cursor: JSONCursor) throws(DocumentError) -> ShapeItem {
    try cursor.requireObject()
    let info = ShapeItemInfo(name: try cursor.optionalString("nm") ?? "Layer", hidden: try cursor.flag("hd"))
    let type = try cursor.required("ty").string()
    switch type {
    case "gr": return .group(ShapeGroup(info: info, items: try cursor.member("it").map(decodeList) ?? []))
    case "rc": return .rectangle(try ShapeRectangle(info: info, cursor))
    case "el": return .ellipse(try ShapeEllipse(info: info, cursor))
    case "sh": return .path(try ShapePath(info: info, cursor))
    case "sr": return .polystar(try ShapePolystar(info: info, cursor))
    case "fl": return .fill(try ShapeFill(info: info, cursor))
    case "st": return .stroke(try ShapeStroke(info: info, cursor))
    case "gf": return .gradientFill(try ShapeGradientFill(info: info, cursor))
    case "gs": return .gradientStroke(try ShapeGradientStroke(info: info, cursor))
    case "tm": return .trim(try ShapeTrim(info: info, cursor))
    case "rp": return .repeater(try ShapeRepeater(info: info, cursor))
    case "rd": return .roundedCorners(ShapeRoundedCorners(info: info, radius: try keyframes("r", in: cursor)))
    case "tr": return .transform(try ShapeTransform(info: info, cursor))
    case "mm": return .merge(ShapeMerge(info: info, mode: try cursor.required("mm").integer(in: 0...5)))
    default: return .unknown(ShapeUnknown(info: info, type: type))
    }
  }

  /// The name and visibility every item has.
  var info: ShapeItemInfo {
    switch self {
    case .group(let x): x.info
    case .rectangle(let x): x.info
    case .ellipse(let x): x.info
    case .path(let x): x.info
    case .polystar(let x): x.info
    case .fill(let x): x.info
    case .stroke(let x): x.info
    case .gradientFill(let x): x.info
    case .gradientStroke(let x): x.info
    case .trim(let x): x.info
    case .repeater(let x): x.info
    case .roundedCorners(let x): x.info
    case .transform(let x): x.info
    case .merge(let x): x.info
    case .unknown(let x): x.info
    }
  }

  /// The item's name (`nm`; lottie-ios's default "Layer"), a keypath component of its properties.
  var name: String { info.name }
  /// Whether the item is hidden (`hd`): hidden items are left out entirely.
  var isHidden: Bool { info.hidden }
}

// MARK: - Decoding helpers

/// A required animatable property `key` of `object`.
func keyframes<V: LottieKeyframeValue>(_ key: String, in object: JSONCursor) throws(DocumentError) -> LottieKeyframes<V>
{
  try LottieKeyframes<V>(decoding: object.required(key))
}

/// An optional animatable property `key` of `object`, or `fallback` when absent.
func keyframes<V: LottieKeyframeValue>(_ key: String, in object: JSONCursor, default fallback: V) throws(DocumentError)
  -> LottieKeyframes<V>
{
  try LottieKeyframes<V>.decode(key, in: object) ?? LottieKeyframes(fallback)
}

/// One of lottie-ios's integer-coded enumerations (`d`, `lc`, `lj`, `r`, `t`, `sy`, `m`): absent is `fallback`,
/// an unknown code is an error naming it, as lottie-ios refuses the file.
func code<T: RawRepresentable & CaseIterable>(_ key: String, in object: JSONCursor, default fallback: T?)
  throws(DocumentError) -> T where T.RawValue == Int
{
  guard let member = object.member(key) else {
    guard let fallback else { throw object.error("missing required key \"\(key)\"") }
    return fallback
  }
  let raw = try member.integer(in: Int(Int32.min)...Int(Int32.max))
  guard let value = T(rawValue: raw) else {
    let allowed = T.allCases.map { String($0.rawValue) }.joined(separator: ", ")
    throw member.error("\(raw) is not one of \(allowed)")
  }
  return value
}

// MARK: - Items

/// The name and visibility shared by every shape item.
public struct ShapeItemInfo: Sendable {
  /// `nm`.
  var name: String
  /// `hd`.
  var hidden: Bool
}

/// `gr`: items drawn together under the group's transform.
public struct ShapeGroup {
  var info: ShapeItemInfo
  /// `it`, front to back as in the file.
  var items: [ShapeItem]
}

/// `rc`: a rectangle centred at `position`.
public struct ShapeRectangle {
  var info: ShapeItemInfo
  /// `d`.
  var direction: ShapeDirection
  /// `p`: the centre.
  var position: LottieKeyframes<LottieVector>
  /// `s`: width and height.
  var size: LottieKeyframes<LottieVector>
  /// `r`: the corner radius.
  var cornerRadius: LottieKeyframes<Double>

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    direction = try code("d", in: c, default: .clockwise)
    position = try keyframes("p", in: c)
    size = try keyframes("s", in: c)
    cornerRadius = try keyframes("r", in: c)
  }
}

/// `el`: an ellipse centred at `position`.
public struct ShapeEllipse {
  var info: ShapeItemInfo
  /// `d`.
  var direction: ShapeDirection
  /// `p`: the centre.
  var position: LottieKeyframes<LottieVector>
  /// `s`: the two diameters.
  var size: LottieKeyframes<LottieVector>

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    direction = try code("d", in: c, default: .clockwise)
    position = try keyframes("p", in: c)
    size = try keyframes("s", in: c)
  }
}

/// `sh`: a bezier path. Its direction `d` is read but, as in lottie-ios's Core Animation engine, not applied.
public struct ShapePath {
  var info: ShapeItemInfo
  /// `ks`.
  var path: LottieKeyframes<LottieBezierPath>

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    path = try keyframes("ks", in: c)
  }
}

/// `sr`: a star or a polygon.
public struct ShapePolystar {
  /// `sy`: 1 star, 2 polygon (0 draws nothing).
  enum Kind: Int, CaseIterable {
    case none = 0
    case star = 1
    case polygon = 2
  }
  var info: ShapeItemInfo
  /// `sy`.
  var kind: Kind
  /// `d`.
  var direction: ShapeDirection
  /// `p`: the centre.
  var position: LottieKeyframes<LottieVector>
  /// `or`.
  var outerRadius: LottieKeyframes<Double>
  /// `os`, percent.
  var outerRoundness: LottieKeyframes<Double>
  /// `ir` (stars only; 0 when absent).
  var innerRadius: LottieKeyframes<Double>
  /// `is`, percent (stars only; 0 when absent).
  var innerRoundness: LottieKeyframes<Double>
  /// `r`, degrees clockwise.
  var rotation: LottieKeyframes<Double>
  /// `pt`: the number of points, possibly fractional.
  var points: LottieKeyframes<Double>

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    kind = try code("sy", in: c, default: nil)
    direction = try code("d", in: c, default: .clockwise)
    position = try keyframes("p", in: c)
    outerRadius = try keyframes("or", in: c)
    outerRoundness = try keyframes("os", in: c)
    innerRadius = try keyframes("ir", in: c, default: 0)
    innerRoundness = try keyframes("is", in: c, default: 0)
    rotation = try keyframes("r", in: c)
    points = try keyframes("pt", in: c)
  }
}

/// A fill rule as Lottie codes it (`r`): 2 is even-odd, anything else non-zero.
enum ShapeFillRule: Int, CaseIterable {
  case none = 0
  case nonZero = 1
  case evenOdd = 2

  /// The rule Core Animation gets (lottie-ios `caFillRule`).
  var fillRule: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

/// `fl`: a solid fill of the paths before it.
public struct ShapeFill {
  var info: ShapeItemInfo
  /// `o`, percent.
  var opacity: LottieKeyframes<Double>
  /// `c`.
  var color: LottieKeyframes<Color>
  /// `r`.
  var fillRule: ShapeFillRule

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    opacity = try keyframes("o", in: c)
    color = try keyframes("c", in: c)
    fillRule = try code("r", in: c, default: .nonZero)
  }
}

/// Line caps as Lottie codes them (`lc`).
enum ShapeLineCap: Int, CaseIterable {
  case none = 0
  case butt = 1
  case round = 2
  case square = 3

  /// Core Animation's cap (lottie-ios `caLineCap`: none is butt).
  var lineCap: LineCap {
    switch self {
    case .none, .butt: .butt
    case .round: .round
    case .square: .square
    }
  }
}

/// Line joins as Lottie codes them (`lj`).
enum ShapeLineJoin: Int, CaseIterable {
  case none = 0
  case miter = 1
  case round = 2
  case bevel = 3

  /// Core Animation's join (lottie-ios `caLineJoin`: none is miter).
  var lineJoin: LineJoin {
    switch self {
    case .none, .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}

/// One entry of a stroke's dash list (`d`): a dash, a gap or the offset.
struct ShapeDash {
  enum Kind: String, CaseIterable {
    case dash = "d"
    case gap = "g"
    case offset = "o"
  }
  /// `n`.
  var kind: Kind
  /// `v`.
  var value: LottieKeyframes<Double>

  static func decodeList(_ cursor: JSONCursor) throws(DocumentError) -> [ShapeDash] {
    var result: [ShapeDash] = []
    for item in try cursor.array() {
      try item.requireObject()
      result.append(ShapeDash(kind: try item.required("n").choice(Kind.self), value: try keyframes("v", in: item)))
    }
    return result
  }
}

/// What solid and gradient strokes share (lottie-ios `StrokeShapeItem`).
struct ShapeStrokeStyle {
  /// `w`.
  var width: LottieKeyframes<Double>
  /// `lc` (round when absent, as lottie-ios reads it).
  var lineCap: ShapeLineCap
  /// `lj` (round when absent).
  var lineJoin: ShapeLineJoin
  /// `ml` (4 when absent).
  var miterLimit: Double
  /// `d`.
  var dashes: [ShapeDash]?

  init(_ c: JSONCursor) throws(DocumentError) {
    width = try keyframes("w", in: c)
    lineCap = try code("lc", in: c, default: .round)
    lineJoin = try code("lj", in: c, default: .round)
    miterLimit = try c.number("ml", default: 4)
    dashes = try c.member("d").map(ShapeDash.decodeList)
  }
}

/// `st`: a solid stroke of the paths before it.
public struct ShapeStroke {
  var info: ShapeItemInfo
  /// `o`, percent.
  var opacity: LottieKeyframes<Double>
  /// `c`.
  var color: LottieKeyframes<Color>
  /// Width, caps, joins, miter limit, dashes.
  var style: ShapeStrokeStyle

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    opacity = try keyframes("o", in: c)
    color = try keyframes("c", in: c)
    style = try ShapeStrokeStyle(c)
  }
}

/// What gradient fills and strokes share (lottie-ios `GradientShapeItem`).
struct ShapeGradient {
  /// `t`: linear or radial.
  enum Kind: Int, CaseIterable {
    case none = 0
    case linear = 1
    case radial = 2
  }
  /// `o`, percent.
  var opacity: LottieKeyframes<Double>
  /// `s`: where the gradient starts (a radial gradient's centre), in the shape's coordinates.
  var startPoint: LottieKeyframes<LottieVector>
  /// `e`: where it ends (a radial gradient's radius reaches it).
  var endPoint: LottieKeyframes<LottieVector>
  /// `t`.
  var kind: Kind
  /// `h`: the highlight length, percent (read; iOS's Core Animation engine does not draw it).
  var highlightLength: LottieKeyframes<Double>?
  /// `a`: the highlight angle, degrees (read; not drawn by iOS's Core Animation engine).
  var highlightAngle: LottieKeyframes<Double>?
  /// `g.p`: how many colour stops the packed `g.k` starts with.
  var colorCount: Int
  /// `g.k`: `colorCount` × (location, r, g, b), then optional (location, alpha) pairs.
  var colors: LottieKeyframes<[Double]>

  init(_ c: JSONCursor) throws(DocumentError) {
    opacity = try keyframes("o", in: c)
    startPoint = try keyframes("s", in: c)
    endPoint = try keyframes("e", in: c)
    kind = try code("t", in: c, default: nil)
    highlightLength = try LottieKeyframes<Double>.decode("h", in: c)
    highlightAngle = try LottieKeyframes<Double>.decode("a", in: c)
    let g = try c.required("g")
    colorCount = try g.required("p").integer(in: 0...ShapeGradient.maxColorCount)
    colors = try keyframes("k", in: g)
  }

  /// Whether a radial gradient moves its highlight (`h` not 0 somewhere), which iOS's Core Animation engine
  /// does not draw.
  var hasHighlight: Bool {
    kind == .radial && (highlightLength?.keyframes.contains { $0.value != 0 } ?? false)
  }

  /// How an ignored highlight is named.
  static let highlightIssue = "radial gradient highlight (iOS's Core Animation engine ignores it)"

  /// The most colour stops a gradient may declare: far more than After Effects offers, and a bound on what one
  /// keyframe's packed array must hold.
  static let maxColorCount = 10_000
}

/// `gf`: a gradient fill of the paths before it.
public struct ShapeGradientFill {
  var info: ShapeItemInfo
  /// Colours, stops, geometry, opacity.
  var gradient: ShapeGradient
  /// `r`.
  var fillRule: ShapeFillRule

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    gradient = try ShapeGradient(c)
    fillRule = try code("r", in: c, default: .nonZero)
  }
}

/// `gs`: a gradient stroke of the paths before it.
public struct ShapeGradientStroke {
  var info: ShapeItemInfo
  /// Colours, stops, geometry, opacity.
  var gradient: ShapeGradient
  /// Width, caps, joins, miter limit, dashes.
  var style: ShapeStrokeStyle

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    gradient = try ShapeGradient(c)
    style = try ShapeStrokeStyle(c)
  }
}

/// `tm`: trims the strokes of the paths before it.
public struct ShapeTrim {
  /// `m`: whether several paths are trimmed each on its own or as one.
  enum Mode: Int, CaseIterable {
    case simultaneously = 1
    case individually = 2
  }
  var info: ShapeItemInfo
  /// `s`, percent of the length.
  var start: LottieKeyframes<Double>
  /// `e`, percent of the length.
  var end: LottieKeyframes<Double>
  /// `o`, degrees (360° is the whole length).
  var offset: LottieKeyframes<Double>
  /// `m` (individually when absent, as lottie-ios reads it).
  var mode: Mode

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    start = try keyframes("s", in: c)
    end = try keyframes("e", in: c)
    offset = try keyframes("o", in: c)
    mode = try code("m", in: c, default: .individually)
  }

  /// Whether the trim is a constant 0…100 %, which lottie-ios treats as no trim at all (`Trim.isEmpty`,
  /// lottie-ios Sources/Private/Model/ShapeItems/Trim.swift, 4.6.1; the offset is not looked at).
  var isEmpty: Bool {
    start.keyframes.count == 1 && start.keyframes[0].value == 0 && end.keyframes.count == 1
      && end.keyframes[0].value == 100
  }
}

/// `rp`: draws the items before it `copies` times, each copy transformed a step further.
public struct ShapeRepeater {
  var info: ShapeItemInfo
  /// `c` (0 when absent).
  var copies: LottieKeyframes<Double>
  /// `o` (read; iOS's Core Animation engine ignores it).
  var offset: LottieKeyframes<Double>
  /// `tr.a`.
  var anchorPoint: LottieKeyframes<LottieVector>
  /// `tr.p`: added once more for every copy.
  var position: LottieKeyframes<LottieVector>
  /// `tr.s`, percent: applied to every copy alike, as lottie-ios's Core Animation engine does.
  var scale: LottieKeyframes<LottieVector>
  /// `tr.r` or `tr.rz`, degrees: added once more for every copy.
  var rotationZ: LottieKeyframes<Double>
  /// `tr.rx`.
  var rotationX: LottieKeyframes<Double>
  /// `tr.ry`.
  var rotationY: LottieKeyframes<Double>
  /// `tr.so`, percent (read; iOS's Core Animation engine ignores it).
  var startOpacity: LottieKeyframes<Double>
  /// `tr.eo`, percent (read; ignored likewise).
  var endOpacity: LottieKeyframes<Double>

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    copies = try keyframes("c", in: c, default: 0)
    offset = try keyframes("o", in: c, default: 0)
    let t = try c.required("tr")
    try t.requireObject()
    anchorPoint = try keyframes("a", in: t, default: LottieVector(x: 0, y: 0))
    position = try keyframes("p", in: t, default: LottieVector(x: 0, y: 0))
    scale = try keyframes("s", in: t, default: LottieVector(x: 100, y: 100, z: 100))
    if let r = try LottieKeyframes<Double>.decode("r", in: t) {
      rotationZ = r
    } else {
      rotationZ = try keyframes("rz", in: t, default: 0)
    }
    rotationX = try keyframes("rx", in: t, default: 0)
    rotationY = try keyframes("ry", in: t, default: 0)
    startOpacity = try keyframes("so", in: t, default: 100)
    endOpacity = try keyframes("eo", in: t, default: 100)
  }
}

/// `rd`: rounds the corners of the paths before it.
public struct ShapeRoundedCorners {
  var info: ShapeItemInfo
  /// `r`.
  var radius: LottieKeyframes<Double>
}

/// `tr`: the transform of the group holding it (`a`, `p`, `s`, `r`/`rz`, `rx`, `ry`, `o`, `sk`, `sa`), decoded as a
/// layer's transform is.
public struct ShapeTransform {
  var info: ShapeItemInfo
  /// Anchor, position, scale, rotations, opacity, skew.
  var transform: LottieTransform

  init(info: ShapeItemInfo, _ c: JSONCursor) throws(DocumentError) {
    self.info = info
    transform = try LottieTransform(decoding: c)
  }
}

/// `mm`: merge paths (`mm` mode 1…5), which neither of lottie-ios's engines draws.
public struct ShapeMerge {
  var info: ShapeItemInfo
  /// `mm`.
  var mode: Int
}

/// An item whose `ty` lottie-ios does not know: kept so the issue log can name it.
public struct ShapeUnknown {
  var info: ShapeItemInfo
  /// `ty` as written.
  var type: String
}
