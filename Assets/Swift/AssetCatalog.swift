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
  /// else the largest smaller, else an unsuffixed `NAME.png`.
  public static func imagePath(named name: String, scale: Double) -> String? {
    // A name with a "/" or a ".." would reach outside the bundle.
    guard let dir = imagesDirectory, !name.isEmpty, !name.contains("/"), name != "..", name != "." else { return nil }
    let wanted = Int(scale.rounded(.up))
    let larger = wanted < 3 ? Array(wanted + 1...3) : []
    let order = [wanted] + larger + (1..<max(wanted, 1)).reversed()
    for s in order {
      let path = dir.appendingPathComponent("\(name)@\(s)x.png").path
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    let plain = dir.appendingPathComponent("\(name).png").path
    return FileManager.default.fileExists(atPath: plain) ? plain : nil
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
