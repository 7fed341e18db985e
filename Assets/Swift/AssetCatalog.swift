import Foundation

// MARK: - AssetCatalog

/// The project's own bundled artwork, found by name like `UIImage(named:)`: `Assets/Images/NAME@2x.png`
/// and its 1x and 3x siblings. Every image here is drawn by Flipbook from a scene document in
/// `Assets/Sources/` (see Assets/README.md); none is copied from the originals.
public enum AssetCatalog {
  /// The folder holding the bundled images.
  public static var imagesDirectory: URL? {
    Bundle.module.resourceURL?.appendingPathComponent("Images")
  }

  /// The names of all bundled images (without scale suffix or extension), sorted.
  public static func imageNames() -> [String] {
    guard let dir = imagesDirectory,
      let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
    else { return [] }
    let names = files.filter { $0.hasSuffix(".png") }.map { file -> String in
      let stem = String(file.dropLast(4))
      if let at = stem.lastIndex(of: "@") { return String(stem[..<at]) }
      return stem
    }
    return Array(Set(names)).sorted()
  }

  /// The file for image `name` best suited to `scale`: the exact scale if present, else the next larger,
  /// else the largest smaller; at 1x an unsuffixed `NAME.png` serves too.
  public static func imagePath(named name: String, scale: Double) -> String? {
    guard let dir = imagesDirectory else { return nil }
    return imagePath(named: name, scale: scale, in: dir)
  }

  /// The file for image `name` in `directory` best suited to `scale`, by UIKit's `NAME@2x.png` convention: the
  /// exact scale, then larger ones, then smaller; at 1x `NAME.png` or `NAME@1x.png`. Nil for a name that would
  /// reach outside the folder.
  public static func imagePath(named name: String, scale: Double, in directory: URL) -> String? {
    // A name with a "/" or a ".." would reach outside the folder.
    guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else { return nil }
    let wanted = min(max(Int(scale.rounded(.up)), 1), 3)
    let order = [wanted] + Array((wanted + 1)..<4) + Array((1..<wanted).reversed())
    let files = order.flatMap { $0 == 1 ? ["\(name).png", "\(name)@1x.png"] : ["\(name)@\($0)x.png"] }
    return files.map { directory.appendingPathComponent($0).path }.first { FileManager.default.fileExists(atPath: $0) }
  }

  /// The range of scales a file name may declare: `contentsScale`'s range in scene documents.
  public static let fileNameScales: ClosedRange<Double> = 0.1...10

  /// The scale an `@2x`-style suffix in a file name declares, or nil (also for `@nanx`, `@0x`, `@1e9x`:
  /// see `fileNameScales`).
  public static func scaleSuffix(of path: String) -> Double? {
    guard let text = scaleSuffixText(of: path), let value = Double(text), fileNameScales.contains(value) else {
      return nil
    }
    return value
  }

  /// The text between the `@` and the `x` of a file name's scale suffix (`2` in `arrow@2x.png`), or nil.
  public static func scaleSuffixText(of path: String) -> String? {
    let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".png", with: "")
    guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x") else { return nil }
    return String(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)])
  }
}
