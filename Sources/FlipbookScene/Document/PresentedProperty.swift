import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import FlipbookTiming
import Foundation

// MARK: - PresentedProperty

/// One animatable property of a named layer as the screen presents it, read at any time: what `flipbook
/// plot --layer NAME --key KEY` samples, so a timing curve or a paced path can be checked by eye.
///
/// The value is read from the presentation tree (`Layer.presentation(at:)`), the same evaluation that
/// rendering uses, so a plot shows exactly the numbers the frames were drawn with. Key paths are Core
/// Animation's names, the ones scene documents animate (`opacity`, `strokeEnd`, `transform.rotation.z`,
/// `position`); a point or size gives two curves (`position.x`, `position.y`).
public struct PresentedProperty {
  /// The `name` of the layer read, as the document gives it.
  public let layerName: String
  /// The Core Animation key path read (`opacity`, `transform.rotation.z`).
  public let key: String
  /// The name of each number a sample has: the key for a number, `key.x`/`key.y` for a point,
  /// `key.width`/`key.height` for a size.
  public let components: [String]
  /// `pt` for lengths, `rad` for angles, empty for plain numbers (opacity, strokeEnd, scale).
  public let unit: String
  private let read: (Layer) -> [Double]

  /// Every key path with numbers to plot, sorted.
  public static var keyNames: [String] {
    (Array(AnimationKeyPaths.doubles.keys) + Array(AnimationKeyPaths.points.keys) + Array(AnimationKeyPaths.sizes.keys)
      + Array(lottieKeys.keys)).sorted()
  }

  /// Where a Lottie layer's animation is, by lottie-ios's names: read from the model layer, which plays on the
  /// document's clock (the document is advanced to the sample's time first), as `inspect` reads it.
  static let lottieKeys: [String: @Sendable (LottieAnimationLayer) -> Double] = [
    "currentFrame": { $0.currentFrame }, "currentProgress": { $0.currentProgress },
    "currentTime": { $0.currentTime },
  ]

  /// The property `key` of the layer named `layerName` in `document`'s model tree. An unknown layer or
  /// key, or a key the layer does not have (`strokeEnd` on a plain layer), is an error at `--layer` or
  /// `--key`, with the nearest name when one is a slip away.
  public init(layer layerName: String, key: String, in document: Document) throws(DocumentError) {
    guard let layer = document.root.layer(named: layerName) else {
      let names = Set(Self.names(in: document.root))
      // A slip gets the nearest name; a part of a longer name (`airplane` for `airplaneLayer`) the names
      // that contain it.
      let containing = names.filter { $0.localizedCaseInsensitiveContains(layerName) }.sorted().prefix(3)
      let hint =
        JSONCursor.closest(to: layerName, in: names).map { " (did you mean \"\($0)\"?)" }
        ?? (containing.isEmpty
          ? "" : " (did you mean " + containing.map { "\"\($0)\"" }.joined(separator: " or ") + "?)")
      let known = names.isEmpty ? "; the document names none" : ""
      throw DocumentError(location: "--layer", message: "no layer named \"\(layerName)\"\(hint)\(known)")
    }
    self.layerName = layerName
    self.key = key
    unit = Self.unit(of: key)
    let applies: (Layer) -> Bool
    if let path = AnimationKeyPaths.doubles[key] {
      components = [key]
      read = { [path.value(of: $0)] }
      applies = path.isProperty(of:)
    } else if let path = AnimationKeyPaths.points[key] {
      components = [key + ".x", key + ".y"]
      read = { layer in
        let point = path.value(of: layer)
        return [point.x, point.y]
      }
      applies = path.isProperty(of:)
    } else if let path = AnimationKeyPaths.sizes[key] {
      components = [key + ".width", key + ".height"]
      read = { layer in
        let size = path.value(of: layer)
        return [size.width, size.height]
      }
      applies = path.isProperty(of:)
    } else if let value = Self.lottieKeys[key] {
      components = [key]
      read = { layer in (layer.modelLayer as? LottieAnimationLayer).map { [value($0)] } ?? [.nan] }
      applies = { $0 is LottieAnimationLayer }
    } else if AnimationKeyPaths.allNames.contains(key) {
      throw DocumentError(
        location: "--key", message: "\"\(key)\" is not a number, a point or a size, so it cannot be plotted")
    } else {
      let hint = JSONCursor.closest(to: key, in: Set(Self.keyNames)).map { " (did you mean \"\($0)\"?)" } ?? ""
      throw DocumentError(location: "--key", message: "unknown key path \"\(key)\"\(hint)")
    }
    guard applies(layer) else {
      throw DocumentError(
        location: "--key", message: "the layer \"\(layerName)\" is \(layer.kindDescription), which has no \(key)")
    }
  }

  /// The property at `time`: the document advanced to it, the value read from the presentation tree.
  /// Times must not go backwards (a document only runs forward).
  public func sample(_ document: Document, at time: Rational) -> [Double] {
    document.advance(to: time)
    guard let layer = document.root.presentation(at: time.seconds).layer(named: layerName) else {
      return components.map { _ in .nan }
    }
    return read(layer)
  }

  /// Every layer name in the tree, masks included.
  static func names(in layer: Layer) -> [String] {
    (layer.name.map { [$0] } ?? []) + layer.sublayers.flatMap(names(in:)) + (layer.mask.map(names(in:)) ?? [])
  }

  static func unit(of key: String) -> String {
    if key.hasPrefix("transform.rotation") { return "rad" }
    if key == "currentTime" { return "s" }
    if lottieKeys[key] != nil { return "" }
    let plain = ["opacity", "strokeStart", "strokeEnd", "shadowOpacity", "transform.scale", "instance", "zPosition"]
    return plain.contains { key.hasPrefix($0) } ? "" : "pt"
  }
}
