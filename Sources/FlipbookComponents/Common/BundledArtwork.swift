import FlipbookAssets
import FlipbookGraphics
import FlipbookImageFormats
import Foundation

// MARK: - BundledArtwork

/// The components' `UIImage(named:)`: the project's artwork in `Assets/Images` for a screen scale, the
/// `@Nx` file for that scale first, then larger ones, then smaller, and the scale the file declares (so
/// a 3x screen draws the 3x arrow, not the 2x one blown up). A missing image is an error naming it and
/// where it was looked for, never an empty layer.
enum BundledArtwork {
  static func image(named name: String, scale: Double, for owner: String) throws(ComponentError) -> (
    image: Image, scale: Double
  ) {
    let place = AssetCatalog.imagesDirectory?.path ?? "Assets/Images (not found)"
    guard let path = AssetCatalog.imagePath(named: name, scale: min(max(scale, 1), 3)) else {
      throw ComponentError("\(owner)'s image \"\(name)\" is missing from \(place)")
    }
    do {
      return (try Image(contentsOfFile: path), AssetCatalog.scaleSuffix(of: path) ?? 1)
    } catch {
      throw ComponentError("\(owner)'s image \"\(name)\" cannot be read: \(error)")
    }
  }
}
