import FlipbookAssets
import FlipbookGraphics
import FlipbookImageFormats
import Foundation

// MARK: - UIImage

/// The bitmap type Core Graphics names (`CGImage`): Flipbook's `Image`.
public typealias CGImage = Image

/// `UIImage`: a bitmap and its scale, so its `size` is in points. `UIImage(named:)` finds PNGs as UIKit
/// does, `NAME@2x.png` and its siblings, the variant for the screen's scale first.
open class UIImage: @unchecked Sendable {
  /// The bitmap.
  public let cgImage: CGImage?
  /// Pixels per point.
  public let scale: CGFloat

  /// The size in points: the bitmap's pixels over `scale`.
  open var size: CGSize {
    guard let cgImage else { return .zero }
    return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
  }

  /// An image of `cgImage` at `scale` pixels per point (`UIImage(cgImage:scale:orientation:)`; only `.up`).
  public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
    self.cgImage = cgImage
    self.scale = scale
  }

  /// How an image is turned (`UIImage.Orientation`); only upright images are drawn here.
  public enum Orientation: Sendable {
    /// Upright.
    case up
  }

  /// The PNG or JPEG at `path`, its scale from an `@2x`-style suffix; nil when it is missing or unreadable, as in
  /// UIKit.
  public convenience init?(contentsOfFile path: String) {
    let lowered = path.lowercased()
    let image: Image?
    if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") {
      image = (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { try? Image(jpegData: [UInt8]($0)) }
    } else {
      image = try? Image(contentsOfFile: path)
    }
    guard let image else { return nil }
    self.init(cgImage: image, scale: CGFloat(AssetCatalog.scaleSuffix(of: path) ?? 1))
  }

  /// The image called `name` (`UIImage(named:)`), looked for in the folder of the host that installed the view
  /// (its `assets`, while it installs the view or hears `dataLoaded`), then in the main bundle, then among
  /// Flipbook's bundled artwork; nil when none has it.
  public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }

  /// The image called `name` in `bundle` (the same search as `init(named:)` when nil), the variant for
  /// `traitCollection`'s scale (the screen's when nil) first: a SwiftPM target's images are in `Bundle.module`.
  public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
    let scale = Double(traitCollection?.displayScale ?? UIScreen.main.scale)
    let folders: [URL]
    if let bundle {
      folders = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
    } else {
      folders = [UIImage.assetFolder, Bundle.main.resourceURL, AssetCatalog.imagesDirectory].compactMap { $0 }
    }
    guard let path = folders.lazy.compactMap({ UIImage.path(of: name, scale: scale, in: $0) }).first else {
      return nil
    }
    self.init(contentsOfFile: path)
  }

  /// The file for `name` in `folder`: a name with its extension as it is; else UIKit's variants, the one for
  /// `scale` first (`NAME.png` or `NAME@1x.png` at 1x, `NAME@2x.png` at 2x…), then larger ones, then smaller.
  /// Nil for a name reaching outside the folder.
  static func path(of name: String, scale: Double, in folder: URL) -> String? {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
    guard [".png", ".jpg", ".jpeg"].contains(where: name.lowercased().hasSuffix) else {
      // "Some.bundle/arrow": the variants of "arrow" in that subfolder.
      let parts = name.split(separator: "/").map(String.init)
      let subfolder = parts.dropLast().reduce(folder) { $0.appendingPathComponent($1) }
      return AssetCatalog.imagePath(named: parts.last ?? name, scale: scale, in: subfolder)
    }
    let path = folder.appendingPathComponent(name).path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// The folder `init(named:)` looks in first: the installing host's `assets`.
  @TaskLocal static var assetFolder: URL?

  /// Runs `body` with `init(named:)` looking in `folder` first.
  static func lookingIn<T>(_ folder: URL?, _ body: () throws -> T) rethrows -> T {
    try $assetFolder.withValue(folder ?? assetFolder, operation: body)
  }
}

// MARK: - UIScreen and UITraitCollection

/// The screen (`UIScreen.main`): only its `scale`, which picks images' variants.
public final class UIScreen: Sendable {
  /// The screen the views are drawn for.
  public static let main = UIScreen()
  /// Pixels per point the images are picked for: 2, the iPhone 5's and 8's, whose screens Flipbook's examples
  /// draw (chosen; a render at another scale resamples the image the view was given).
  public let scale: CGFloat = 2
}

/// The traits images are picked for (`UITraitCollection`): only `displayScale`.
public final class UITraitCollection: Sendable {
  /// Pixels per point.
  public let displayScale: CGFloat
  /// Traits of `scale` pixels per point (`UITraitCollection(displayScale:)`).
  public init(displayScale scale: CGFloat) { displayScale = scale }
}
