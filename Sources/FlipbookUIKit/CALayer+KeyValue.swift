import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Key-value coding of animatable properties

extension CALayer {
  /// The value of the animatable property at `keyPath` (`value(forKeyPath:)`), as Core Animation gives it:
  /// numbers as `NSNumber` (which `as? CGFloat` reads, as on iOS), points, sizes, rectangles, colours and transforms as
  /// themselves. `transform.rotation.z` reads the rotation the transform makes. A key path no layer here
  /// animates stops the program, naming it, where Core Animation would raise an exception.
  public func value(forKeyPath keyPath: String) -> Any? {
    func read<Value>(_ path: AnimationKeyPath<Value>) -> Value {
      precondition(
        path.isProperty(of: engineLayer), "value(forKeyPath: \"\(keyPath)\"): this layer has no such property")
      return path.value(of: engineLayer)
    }
    if let path = AnimationKeyPaths.doubles[keyPath] { return NSNumber(value: read(path)) }
    if let path = AnimationKeyPaths.points[keyPath] { return read(path) }
    if let path = AnimationKeyPaths.sizes[keyPath] { return read(path) }
    if let path = AnimationKeyPaths.rects[keyPath] { return read(path) }
    if let path = AnimationKeyPaths.colors[keyPath] { return read(path) }
    if let path = AnimationKeyPaths.transforms[keyPath] { return read(path) }
    preconditionFailure("value(forKeyPath: \"\(keyPath)\"): not a property layers here animate")
  }

  /// Sets the animatable property at `keyPath` (`setValue(_:forKeyPath:)`), as an assignment would: inside an
  /// animation block or with actions on, it animates. A key path no layer here animates, or a value of the
  /// wrong type, stops the program, naming them.
  public func setValue(_ value: Any?, forKeyPath keyPath: String) {
    func set<Value>(_ path: AnimationKeyPath<Value>, _ convert: (Any) -> Value?) {
      guard let value, let converted = convert(value) else {
        preconditionFailure(
          "setValue(_:forKeyPath: \"\(keyPath)\"): \(value.map { "a \(type(of: $0))" } ?? "nil") is not a \(Value.self)"
        )
      }
      precondition(
        path.isProperty(of: engineLayer), "setValue(_:forKeyPath: \"\(keyPath)\"): this layer has no such property")
      changing { path.assign(converted, to: engineLayer) }
    }
    if let path = AnimationKeyPaths.doubles[keyPath] { return set(path, ValueConversion.double) }
    if let path = AnimationKeyPaths.points[keyPath] { return set(path, ValueConversion.cast) }
    if let path = AnimationKeyPaths.sizes[keyPath] { return set(path, ValueConversion.cast) }
    if let path = AnimationKeyPaths.rects[keyPath] { return set(path, ValueConversion.cast) }
    if let path = AnimationKeyPaths.colors[keyPath] { return set(path, ValueConversion.cast) }
    if let path = AnimationKeyPaths.transforms[keyPath] { return set(path, ValueConversion.cast) }
    preconditionFailure("setValue(_:forKeyPath: \"\(keyPath)\"): not a property layers here animate")
  }
}
