import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - LayerInspector

/// Describes a layer tree as JSON for people and for text snapshots: every layer's `name`, `type`,
/// `position`, `bounds`, `anchorPoint`, `opacity`, `hidden`, `transform` (m11…m44 row by row) and
/// `sublayers`, then the properties particular to its type under Core Animation's names, and any other
/// property that differs from its default; a layer with a mask shows it as `mask`, described the same way. Numbers are rounded to 6 decimals so dumps are stable.
///
/// Timing (`beginTime`, `speed`, `timeOffset`) and the attached `animations` appear only when they are
/// not at their defaults, so a still tree's dump stays as short as before. A presentation copy carries no
/// animations of its own: they are read from its `modelLayer`, which is what `inspect --at` needs to say
/// what is moving at that instant.
public enum LayerInspector {
  /// The description of `layer` and its sublayers as a JSON value, which `JSONWriter` writes stably.
  public static func json(of layer: Layer) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", layer.name.map(JSONValue.string) ?? .null),
      ("type", .string(type(of: layer).typeName)),
      ("position", numbers([layer.position.x, layer.position.y])),
      ("bounds", rect(layer.bounds)),
      ("anchorPoint", numbers([layer.anchorPoint.x, layer.anchorPoint.y])),
      ("frame", rect(layer.frame)),
      ("opacity", number(layer.opacity)),
      ("hidden", .bool(layer.isHidden)),
      ("transform", numbers(layer.transform.values)),
    ]
    members += optionalMembers(of: layer)
    if let shape = layer as? ShapeLayer { members += shapeMembers(shape) }
    if let text = layer as? TextLayer { members += textMembers(text) }
    if let gradient = layer as? GradientLayer { members += gradientMembers(gradient) }
    if let replicator = layer as? ReplicatorLayer { members += replicatorMembers(replicator) }
    if let lottie = layer.modelLayer as? LottieAnimationLayer { members += lottieMembers(lottie) }
    if let mask = layer.mask { members.append(("mask", json(of: mask))) }
    members.append(("sublayers", .array(layer.sublayers.map(json(of:)))))
    return .object(members)
  }

  /// The dump as pretty JSON text.
  public static func text(of layer: Layer) -> String { json(of: layer).formatted() + "\n" }

  // MARK: Per type

  private static func optionalMembers(of layer: Layer) -> [(key: String, value: JSONValue)] {
    var m: [(key: String, value: JSONValue)] = []
    if layer.zPosition != 0 { m.append(("zPosition", number(layer.zPosition))) }
    if layer.anchorPointZ != 0 { m.append(("anchorPointZ", number(layer.anchorPointZ))) }
    if !layer.sublayerTransform.isIdentity { m.append(("sublayerTransform", numbers(layer.sublayerTransform.values))) }
    if layer.masksToBounds { m.append(("masksToBounds", .bool(true))) }
    if let color = layer.backgroundColor { m.append(("backgroundColor", .string(color.hex))) }
    if layer.cornerRadius != 0 { m.append(("cornerRadius", number(layer.cornerRadius))) }
    if layer.borderWidth != 0 {
      m.append(("borderWidth", number(layer.borderWidth)))
      m.append(("borderColor", .string(layer.borderColor.hex)))
    }
    if layer.shadowOpacity != 0 {
      m.append(("shadowColor", .string(layer.shadowColor.hex)))
      m.append(("shadowOpacity", number(layer.shadowOpacity)))
      m.append(("shadowOffset", numbers([layer.shadowOffset.width, layer.shadowOffset.height])))
      m.append(("shadowRadius", number(layer.shadowRadius)))
    }
    if let image = layer.contents {
      m.append(("contents", .object([("pixelSize", numbers([Double(image.width), Double(image.height)]))])))
      m.append(("contentsGravity", .string(layer.contentsGravity.rawValue)))
      m.append(("contentsScale", number(layer.contentsScale)))
    }
    if layer.contentsRect != Layer.unitRect { m.append(("contentsRect", rect(layer.contentsRect))) }
    if layer.contentsCenter != Layer.unitRect { m.append(("contentsCenter", rect(layer.contentsCenter))) }
    if let path = layer.shadowPath { m.append(("shadowPath", .string(roundedSVG(path)))) }
    if layer.beginTime != 0 { m.append(("beginTime", number(layer.beginTime))) }
    if layer.speed != 1 { m.append(("speed", number(layer.speed))) }
    if layer.timeOffset != 0 { m.append(("timeOffset", number(layer.timeOffset))) }
    let animations = layer.modelLayer.animations
    if !animations.isEmpty { m.append(("animations", .array(animations.map(animationMember)))) }
    return m
  }

  /// One attached animation: its key (null when added without one), its kind as a document names it,
  /// and the key paths it animates.
  private static func animationMember(_ entry: (key: String?, animation: any LayerAnimation)) -> JSONValue {
    .object([
      ("key", entry.key.map(JSONValue.string) ?? .null),
      ("type", .string(entry.animation.typeName)),
      ("keyPaths", .array(entry.animation.keyPathNames.map(JSONValue.string))),
    ])
  }

  private static func shapeMembers(_ s: ShapeLayer) -> [(key: String, value: JSONValue)] {
    var m: [(key: String, value: JSONValue)] = [
      ("path", s.path.map { .string(roundedSVG($0)) } ?? .null),
      ("fillColor", s.fillColor.map { .string($0.hex) } ?? .null),
      ("fillRule", .string(s.fillRule.rawValue)),
      ("strokeColor", s.strokeColor.map { .string($0.hex) } ?? .null),
      ("lineWidth", number(s.lineWidth)),
      ("lineCap", .string(s.lineCap.rawValue)),
      ("lineJoin", .string(s.lineJoin.rawValue)),
      ("miterLimit", number(s.miterLimit)),
      ("lineDashPattern", s.lineDashPattern.map(numbers) ?? .null),
      ("lineDashPhase", number(s.lineDashPhase)),
      ("strokeStart", number(s.strokeStart)),
      ("strokeEnd", number(s.strokeEnd)),
    ]
    if s.dashAnchoring != .path { m.append(("dashAnchoring", .string(s.dashAnchoring.rawValue))) }
    return m
  }

  private static func textMembers(_ t: TextLayer) -> [(key: String, value: JSONValue)] {
    var m: [(key: String, value: JSONValue)] = [
      ("string", .string(t.string)),
      ("fontFamily", .string(t.fontFamily)),
      ("fontSize", number(t.fontSize)),
      ("fontWeight", number(Double(t.fontWeight))),
      ("foregroundColor", .string(t.foregroundColor.hex)),
      ("alignmentMode", .string(t.alignmentMode.rawValue)),
    ]
    if let label = t as? Label {
      m.append(("numberOfLines", number(Double(label.numberOfLines))))
      m.append(("lineBreakMode", .string(label.lineBreakMode.rawValue)))
    } else {
      m.append(("wrapped", .bool(t.isWrapped)))
      m.append(("truncationMode", .string(t.truncationMode.rawValue)))
    }
    if let shadow = t.textShadowColor {
      m.append(("textShadowColor", .string(shadow.hex)))
      m.append(("textShadowOffset", numbers([t.textShadowOffset.width, t.textShadowOffset.height])))
    }
    if let language = t.language { m.append(("language", .string(language))) }
    return m
  }

  /// Where a Lottie layer's animation is, by lottie-ios's names, read from the model layer (a presentation copy
  /// does not play): its frame, progress and time now, and whether it is playing.
  private static func lottieMembers(_ l: LottieAnimationLayer) -> [(key: String, value: JSONValue)] {
    [
      ("currentFrame", number(l.currentFrame)), ("currentProgress", number(l.currentProgress)),
      ("currentTime", number(l.currentTime)), ("isAnimationPlaying", .bool(l.isAnimationPlaying)),
    ]
  }

  private static func gradientMembers(_ g: GradientLayer) -> [(key: String, value: JSONValue)] {
    [
      ("colors", .array(g.colors.map { .string($0.hex) })),
      ("locations", g.locations.map(numbers) ?? .null),
      ("startPoint", numbers([g.startPoint.x, g.startPoint.y])),
      ("endPoint", numbers([g.endPoint.x, g.endPoint.y])),
    ]
  }

  private static func replicatorMembers(_ r: ReplicatorLayer) -> [(key: String, value: JSONValue)] {
    [
      ("instanceCount", number(Double(r.instanceCount))),
      ("instanceTransform", numbers(r.instanceTransform.values)),
      ("instanceDelay", number(r.instanceDelay)),
      ("instanceColor", .string(r.instanceColor.hex)),
      ("instanceRedOffset", number(r.instanceRedOffset)),
      ("instanceGreenOffset", number(r.instanceGreenOffset)),
      ("instanceBlueOffset", number(r.instanceBlueOffset)),
      ("instanceAlphaOffset", number(r.instanceAlphaOffset)),
    ]
  }

  // MARK: Numbers

  /// Rounds to 6 decimals so that 1e-17 noise from trigonometry does not reach dumps.
  static func number(_ n: Double) -> JSONValue {
    let rounded = (n * 1e6).rounded() / 1e6
    return .number(rounded == 0 ? 0 : rounded)
  }

  static func numbers(_ values: [Double]) -> JSONValue { .array(values.map(number)) }

  /// The path in SVG form with coordinates rounded like every other number in the dump.
  static func roundedSVG(_ path: Path) -> String {
    func r(_ p: CGPoint) -> CGPoint {
      func round(_ v: Double) -> Double {
        let x = (v * 1e6).rounded() / 1e6
        return x == 0 ? 0 : x
      }
      return CGPoint(x: round(p.x), y: round(p.y))
    }
    var rounded = Path()
    for element in path.elements {
      switch element {
      case .move(let p): rounded.move(to: r(p))
      case .line(let p): rounded.addLine(to: r(p))
      case .quadCurve(let c, let p): rounded.addQuadCurve(to: r(p), control: r(c))
      case .curve(let c1, let c2, let p): rounded.addCurve(to: r(p), control1: r(c1), control2: r(c2))
      case .close: rounded.closeSubpath()
      }
    }
    return rounded.svgString
  }

  static func rect(_ r: CGRect) -> JSONValue { numbers([r.minX, r.minY, r.width, r.height]) }
}
