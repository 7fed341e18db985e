import Foundation

// MARK: - LottieImageAsset

/// An image asset (`assets[]` with `w`, `h`, `p`): a file beside the animation (`u` + `p`), or embedded as a data
/// URL in `p` (with `e: 1`).
public struct LottieImageAsset: Hashable, Sendable {
  /// The asset's id (`id`), which image layers reference with `refId`.
  public var id: String
  /// The file name (`p`), or the whole data URL when embedded.
  public var name: String
  /// The folder (`u`), relative to the animation; empty when embedded.
  public var directory: String
  /// Its size in points (`w`, `h`): the image layer's bounds.
  public var width: Double
  /// See `width`.
  public var height: Double
  /// The embedded bytes of a `data:` URL (base64), decoded; nil for a file reference.
  public var embeddedData: Data?

  /// An image asset.
  public init(id: String, name: String, directory: String, width: Double, height: Double, embeddedData: Data?) {
    self.id = id
    self.name = name
    self.directory = directory
    self.width = width
    self.height = height
    self.embeddedData = embeddedData
  }
}
