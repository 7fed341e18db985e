import FlipbookGraphics
import Foundation

// MARK: - Replicator key paths

// `CAReplicatorLayer` documents all of these as animatable (Apple's pages for instanceTransform,
// instanceDelay, instanceColor and the four colour offsets); only replicators have them.

extension AnimationKeyPath where Value == Double {
  /// `instanceDelay`: how much later each copy plays the replicated animations, in seconds.
  public static let instanceDelay = replicator("instanceDelay", \.instanceDelay)
  /// `instanceRedOffset`: how much each copy's red component changes from the one before.
  public static let instanceRedOffset = replicator("instanceRedOffset", \.instanceRedOffset)
  /// `instanceGreenOffset`: how much each copy's green component changes from the one before.
  public static let instanceGreenOffset = replicator("instanceGreenOffset", \.instanceGreenOffset)
  /// `instanceBlueOffset`: how much each copy's blue component changes from the one before.
  public static let instanceBlueOffset = replicator("instanceBlueOffset", \.instanceBlueOffset)
  /// `instanceAlphaOffset`: how much each copy's alpha changes from the one before.
  public static let instanceAlphaOffset = replicator("instanceAlphaOffset", \.instanceAlphaOffset)
}

extension AnimationKeyPath where Value == Transform3D {
  /// `instanceTransform`: the transform each copy applies to the one before.
  public static let instanceTransform = replicator("instanceTransform", \.instanceTransform)
}

extension AnimationKeyPath where Value == Color {
  /// `instanceColor`: the colour the first copy is multiplied by.
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
