import FlipbookGraphics
import Foundation

// MARK: - Replicator key paths

// `CAReplicatorLayer` documents all of these as animatable (Apple's pages for instanceTransform,
// instanceDelay, instanceColor and the four colour offsets); only replicators have them.

extension AnimationKeyPath where Value == Double {
  public static let instanceDelay = replicator("instanceDelay", \.instanceDelay)
  public static let instanceRedOffset = replicator("instanceRedOffset", \.instanceRedOffset)
  public static let instanceGreenOffset = replicator("instanceGreenOffset", \.instanceGreenOffset)
  public static let instanceBlueOffset = replicator("instanceBlueOffset", \.instanceBlueOffset)
  public static let instanceAlphaOffset = replicator("instanceAlphaOffset", \.instanceAlphaOffset)
}

extension AnimationKeyPath where Value == Transform3D {
  public static let instanceTransform = replicator("instanceTransform", \.instanceTransform)
}

extension AnimationKeyPath where Value == Color {
  public static let instanceColor = replicator("instanceColor", \.instanceColor)
}

extension AnimationKeyPath {
  /// A key path to a property only replicators have.
  static func replicator(_ name: String, _ property: ReferenceWritableKeyPath<ReplicatorLayer, Value>)
    -> AnimationKeyPath<Value>
  {
    AnimationKeyPath(
      name, applies: { $0 is ReplicatorLayer },
      get: { layer in (layer as? ReplicatorLayer)?[keyPath: property] ?? ReplicatorLayer()[keyPath: property] },
      set: { ($0 as? ReplicatorLayer)?[keyPath: property] = $1 })
  }
}
