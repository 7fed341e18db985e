import FlipbookGraphics
import Foundation

// MARK: - AnimationKeyPath

/// A typed key path to an animatable property of a layer, named as in Core Animation (`"opacity"`,
/// `"transform.rotation.z"`, `"strokeEnd"`). Its `Value` type fixes what an animation on it may hold, so
/// a basic animation of `strokeEnd` cannot be given a colour.
///
/// Sub-key paths of `transform` read and write one part of the decomposed matrix (see
/// `Transform3D.Components`), so `transform.rotation.z` from 0 to 2π is a full visible turn, which an
/// animation of the whole matrix cannot express.
public struct AnimationKeyPath<Value: Animatable>: @unchecked Sendable, CustomStringConvertible {
  /// The Core Animation name of the property.
  public let name: String
  /// The property of the layer that an animation under this key path replaces (used for implicit
  /// animations and for replacing animations added under the same key).
  public let property: String
  let get: (Layer) -> Value
  let set: (Layer, Value) -> Void
  /// Whether the layer has the property at all (shape properties on a plain layer do not).
  let applies: (Layer) -> Bool

  /// A key path for a property of a layer subclass: its Core Animation name, the stored property it
  /// replaces (for implicit animations and keys), which layers have it, and how to read and write it.
  public init(
    _ name: String, property: String? = nil, applies: @escaping (Layer) -> Bool = { _ in true },
    get: @escaping (Layer) -> Value, set: @escaping (Layer, Value) -> Void
  ) {
    self.name = name
    self.property = property ?? name
    self.get = get
    self.set = set
    self.applies = applies
  }

  public var description: String { name }

  /// Reads the property of `layer`.
  public func value(of layer: Layer) -> Value { get(layer) }

  /// Writes the property of `layer`'s model, as assigning it in code would (which may start its implicit
  /// animation).
  public func assign(_ value: Value, to layer: Layer) { set(layer, value) }

  /// Whether `layer` has the property (`strokeEnd` belongs to shape layers only).
  public func isProperty(of layer: Layer) -> Bool { applies(layer) }
}

// MARK: - Layer properties

extension AnimationKeyPath where Value == Double {
  /// `opacity`: how opaque the layer and its sublayers are, 0...1.
  public static let opacity = AnimationKeyPath("opacity", get: { $0.opacity }, set: { $0.opacity = $1 })
  /// `cornerRadius`: the radius of the background's and border's rounded corners.
  public static let cornerRadius = AnimationKeyPath(
    "cornerRadius", get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 })
  /// `borderWidth`: the border's width in points.
  public static let borderWidth = AnimationKeyPath("borderWidth", get: { $0.borderWidth }, set: { $0.borderWidth = $1 })
  /// `zPosition`: the layer's place on the z axis, which orders siblings and feeds perspective.
  public static let zPosition = AnimationKeyPath("zPosition", get: { $0.zPosition }, set: { $0.zPosition = $1 })
  /// `shadowOpacity`: the shadow's opacity, 0...1.
  public static let shadowOpacity = AnimationKeyPath(
    "shadowOpacity", get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 })
  /// `shadowRadius`: the shadow's blur radius in points.
  public static let shadowRadius = AnimationKeyPath(
    "shadowRadius", get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 })
  /// `position.x`: the position's x alone; animating it animates `position`.
  public static let positionX = AnimationKeyPath(
    "position.x", property: "position", get: { $0.position.x }, set: { $0.position.x = $1 })
  /// `position.y`: the position's y alone; animating it animates `position`.
  public static let positionY = AnimationKeyPath(
    "position.y", property: "position", get: { $0.position.y }, set: { $0.position.y = $1 })
  /// `bounds.size.width`: the bounds' width alone.
  public static let boundsWidth = AnimationKeyPath(
    "bounds.size.width", property: "bounds", get: { $0.bounds.width }, set: { $0.bounds.size.width = $1 })
  /// `bounds.size.height`: the bounds' height alone.
  public static let boundsHeight = AnimationKeyPath(
    "bounds.size.height", property: "bounds", get: { $0.bounds.height }, set: { $0.bounds.size.height = $1 })

  // Transform parts.
  /// `transform.rotation`: the rotation about z, as Core Animation reads the bare name.
  public static let rotation = transformPart("transform.rotation", \.rotation.z)
  /// `transform.rotation.x`: the rotation about x, in radians, of the decomposed transform.
  public static let rotationX = transformPart("transform.rotation.x", \.rotation.x)
  /// `transform.rotation.y`: the rotation about y, in radians, of the decomposed transform.
  public static let rotationY = transformPart("transform.rotation.y", \.rotation.y)
  /// `transform.rotation.z`: the rotation about z, in radians; values past 2π turn more than once.
  public static let rotationZ = transformPart("transform.rotation.z", \.rotation.z)
  /// `transform.scale.x`: the scale along x of the decomposed transform.
  public static let scaleX = transformPart("transform.scale.x", \.scale.x)
  /// `transform.scale.y`: the scale along y of the decomposed transform.
  public static let scaleY = transformPart("transform.scale.y", \.scale.y)
  /// `transform.scale.z`: the scale along z of the decomposed transform.
  public static let scaleZ = transformPart("transform.scale.z", \.scale.z)
  /// `transform.translation.x`: the translation along x, in points.
  public static let translationX = transformPart("transform.translation.x", \.translation.x)
  /// `transform.translation.y`: the translation along y, in points.
  public static let translationY = transformPart("transform.translation.y", \.translation.y)
  /// `transform.translation.z`: the translation along z, in points.
  public static let translationZ = transformPart("transform.translation.z", \.translation.z)
  /// `transform.scale`: both x and y (and z) at once.
  public static let scale = AnimationKeyPath(
    "transform.scale", property: "transform", get: { $0.transform.components.scale.x },
    set: { layer, value in
      var c = layer.transform.components
      c.scale = (value, value, value)
      layer.transform = Transform3D(c)
    })

  static func transformPart(
    _ name: String, _ part: WritableKeyPath<Transform3D.Components, Double>
  ) -> AnimationKeyPath<Double> {
    AnimationKeyPath(
      name, property: "transform", get: { $0.transform.components[keyPath: part] },
      set: { layer, value in
        var c = layer.transform.components
        c[keyPath: part] = value
        layer.transform = Transform3D(c)
      })
  }

  // Shape layer properties.
  /// `strokeStart` of a shape layer: where along the path the stroke begins, 0...1.
  public static let strokeStart = shape("strokeStart", \.strokeStart)
  /// `strokeEnd` of a shape layer: where along the path the stroke ends, 0...1.
  public static let strokeEnd = shape("strokeEnd", \.strokeEnd)
  /// `lineWidth` of a shape layer, in points.
  public static let lineWidth = shape("lineWidth", \.lineWidth)
  /// `lineDashPhase` of a shape layer: how far into the dash pattern the stroke starts.
  public static let lineDashPhase = shape("lineDashPhase", \.lineDashPhase)
  /// `miterLimit` of a shape layer.
  public static let miterLimit = shape("miterLimit", \.miterLimit)

  static func shape(_ name: String, _ property: ReferenceWritableKeyPath<ShapeLayer, Double>) -> AnimationKeyPath<
    Double
  > {
    AnimationKeyPath(
      name, applies: { $0 is ShapeLayer }, get: { ($0 as? ShapeLayer)?[keyPath: property] ?? 0 },
      set: { ($0 as? ShapeLayer)?[keyPath: property] = $1 })
  }

  /// `fontSize` of a text layer.
  public static let fontSize = AnimationKeyPath(
    "fontSize", applies: { $0 is TextLayer }, get: { ($0 as? TextLayer)?.fontSize ?? 0 },
    set: { ($0 as? TextLayer)?.fontSize = $1 })
}

extension AnimationKeyPath where Value == CGPoint {
  /// `position`: where the anchor point sits in the superlayer.
  public static let position = AnimationKeyPath("position", get: { $0.position }, set: { $0.position = $1 })
  /// `anchorPoint`: the point of the bounds, in unit coordinates, that `position` places.
  public static let anchorPoint = AnimationKeyPath("anchorPoint", get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 })
  /// `transform.translation` given as a point (Core Animation takes an `NSValue` of a `CGPoint` or a `CGSize` for
  /// it; `translation` is the size form): x and y of the transform's translation at once, so a keyframe animation
  /// can move it along a `path`, as lottie-ios moves a Lottie layer's position (lottie-ios
  /// `Sources/Private/CoreAnimation/Animations/LayerProperty.swift`, 4.6.1).
  public static let translationPoint = AnimationKeyPath(
    "transform.translation", property: "transform",
    get: { CGPoint(x: $0.transform.components.translation.x, y: $0.transform.components.translation.y) },
    set: { layer, value in
      var c = layer.transform.components
      c.translation.x = value.x
      c.translation.y = value.y
      layer.transform = Transform3D(c)
    })
  /// `bounds.origin`: the bounds' origin, which scrolls the sublayers.
  public static let boundsOrigin = AnimationKeyPath(
    "bounds.origin", property: "bounds", get: { $0.bounds.origin }, set: { $0.bounds.origin = $1 })
}

extension AnimationKeyPath where Value == CGSize {
  /// `bounds.size`: the bounds' size.
  public static let boundsSize = AnimationKeyPath(
    "bounds.size", property: "bounds", get: { $0.bounds.size }, set: { $0.bounds.size = $1 })
  /// `shadowOffset`: where the shadow falls, in points.
  public static let shadowOffset = AnimationKeyPath(
    "shadowOffset", get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 })
  /// `transform.translation`: x and y at once.
  public static let translation = AnimationKeyPath(
    "transform.translation", property: "transform",
    get: { CGSize(width: $0.transform.components.translation.x, height: $0.transform.components.translation.y) },
    set: { layer, value in
      var c = layer.transform.components
      c.translation.x = value.width
      c.translation.y = value.height
      layer.transform = Transform3D(c)
    })
}

extension AnimationKeyPath where Value == CGRect {
  /// `bounds`: the layer's own rectangle.
  public static let bounds = AnimationKeyPath("bounds", get: { $0.bounds }, set: { $0.bounds = $1 })
  /// Sprite sheets step it with discrete keyframes.
  public static let contentsRect = AnimationKeyPath(
    "contentsRect", get: { $0.contentsRect }, set: { $0.contentsRect = $1 })
  /// `contentsCenter`: the stretchable part of the contents image, in unit coordinates.
  public static let contentsCenter = AnimationKeyPath(
    "contentsCenter", get: { $0.contentsCenter }, set: { $0.contentsCenter = $1 })
}

extension AnimationKeyPath where Value == Transform3D {
  /// `transform`: the whole 3D transform, interpolated through its decomposition as Core Animation does.
  public static let transform = AnimationKeyPath("transform", get: { $0.transform }, set: { $0.transform = $1 })
  /// `sublayerTransform`: the transform applied to the sublayers.
  public static let sublayerTransform = AnimationKeyPath(
    "sublayerTransform", get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 })
}

extension AnimationKeyPath where Value == Color {
  /// Colours that may be nil animate from or to their transparent self.
  public static let backgroundColor = AnimationKeyPath(
    "backgroundColor", get: { $0.backgroundColor ?? .clear }, set: { $0.backgroundColor = $1 })
  /// `borderColor`: the border's colour.
  public static let borderColor = AnimationKeyPath("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
  /// `shadowColor`: the shadow's colour.
  public static let shadowColor = AnimationKeyPath("shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
  /// `strokeColor` of a shape layer.
  public static let strokeColor = AnimationKeyPath(
    "strokeColor", applies: { $0 is ShapeLayer }, get: { ($0 as? ShapeLayer)?.strokeColor ?? .clear },
    set: { ($0 as? ShapeLayer)?.strokeColor = $1 })
  /// `fillColor` of a shape layer.
  public static let fillColor = AnimationKeyPath(
    "fillColor", applies: { $0 is ShapeLayer }, get: { ($0 as? ShapeLayer)?.fillColor ?? .clear },
    set: { ($0 as? ShapeLayer)?.fillColor = $1 })
  /// `foregroundColor` of a text layer.
  public static let foregroundColor = AnimationKeyPath(
    "foregroundColor", applies: { $0 is TextLayer }, get: { ($0 as? TextLayer)?.foregroundColor ?? .clear },
    set: { ($0 as? TextLayer)?.foregroundColor = $1 })
}

extension AnimationKeyPath where Value == Discrete<Image?> {
  /// `contents` switches images at the midpoint (Core Animation cross-fades).
  public static let contents = AnimationKeyPath(
    "contents", get: { Discrete($0.contents) }, set: { $0.contents = $1.value })
}

extension AnimationKeyPath where Value == Discrete<Bool> {
  /// `hidden`: shows or hides the layer; it switches, it does not fade.
  public static let hidden = AnimationKeyPath("hidden", get: { Discrete($0.isHidden) }, set: { $0.isHidden = $1.value })
}

extension AnimationKeyPath where Value == Path {
  /// `path` of a shape layer. It morphs as Core Animation's does: paths drawn with the same elements blend point
  /// by point, others switch at the midpoint (see `Path: Animatable`). No path reads as the empty path, and
  /// writing the empty path removes the path.
  public static let path = AnimationKeyPath(
    "path", applies: { $0 is ShapeLayer }, get: { ($0 as? ShapeLayer)?.path ?? Path() },
    set: { ($0 as? ShapeLayer)?.path = $1.isEmpty ? nil : $1 })
}
