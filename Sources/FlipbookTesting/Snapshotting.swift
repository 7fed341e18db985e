import Foundation

// MARK: - Snapshotting

/// How to snapshot a value: turn it into a comparable `Format`, stored in files ending in `pathExtension`
/// and compared by `diffing` — the design of pointfree's swift-snapshot-testing, so its users feel at home.
///
/// New strategies are built from existing ones with `pullback`: a layer tree is snapshotted as an image by
/// pulling the image strategy back along "render the layer":
///
/// ```swift
/// extension Snapshotting where Value == Layer, Format == Image {
///   static let screen = Snapshotting<Image, Image>.image.pullback { layer in try LayerRenderer().render(layer) }
/// }
/// ```
public struct Snapshotting<Value, Format> {
  /// The reference file's extension (`png`, `txt`).
  public var pathExtension: String
  /// How the format is written to a reference file, read back and compared.
  public var diffing: Diffing<Format>
  /// Makes the comparable form of a value (rendering, dumping); may throw with a message for the test.
  public var snapshot: (Value) throws -> Format

  /// A strategy from its file extension, its format's diffing and the step that makes the format from a value.
  public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping (Value) throws -> Format) {
    self.pathExtension = pathExtension
    self.diffing = diffing
    self.snapshot = snapshot
  }

  /// A strategy for `NewValue` that first turns it into a `Value` with `transform`.
  public func pullback<NewValue>(_ transform: @escaping (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
    let snapshot = self.snapshot
    return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
      try snapshot(transform(value))
    }
  }
}

/// A strategy whose value is already its format (an image snapshotted as itself).
public typealias SimplySnapshotting<Format> = Snapshotting<Format, Format>

extension Snapshotting where Value == Format {
  /// Snapshots the value as it is.
  public init(pathExtension: String, diffing: Diffing<Format>) {
    self.init(pathExtension: pathExtension, diffing: diffing) { $0 }
  }
}
