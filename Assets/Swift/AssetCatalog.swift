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
    guard let dir = imagesDirectory else { return nil }
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

  /// The scale an `@2x`-style suffix in a file name declares, or nil.
  public static func scaleSuffix(of path: String) -> Double? {
    let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".png", with: "")
    guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
      let value = Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)])
    else { return nil }
    return value
  }
}
