// A dotLottie archive read into what drawing one of its animations needs: its JSON, its images, its fonts.
import FlipbookArchive
import FlipbookJSON
import Foundation

/// One animation of a dotLottie archive (`.lottie`: a zip holding `manifest.json`, the animations and their
/// images), read from the archive's bytes within `ArchiveLimits.dotLottie`: the animation's Lottie JSON as
/// bytes for the Lottie reader, and the archive's images (and dotLottie 2's fonts) by file name, so that an
/// image asset (`"u": "images/", "p": "img_0.png"`) finds its bytes with ``imageData(forAsset:)``.
///
/// As lottie-ios (`Sources/Public/DotLottie/DotLottieFile.swift`, 4.6.1) and dotlottie-rs do: the animation is
/// `animations/<id>.json` (dotLottie 2: `a/<id>.json`, or `.lot`), and images are the files of `images/`
/// (`i/`) named by the asset's `p`. Every problem is one ``DocumentError`` line saying what and where: the zip
/// entry, or the manifest's JSON path.
public struct DotLottieFile: Sendable, Equatable {
  /// The archive's manifest.
  public let manifest: DotLottieManifest
  /// The id of the animation read (the one asked for, else the manifest's initial one, else its first).
  public let animationID: String
  /// The zip entry the animation was read from (`animations/<id>.json`).
  public let animationPath: String
  /// The animation's Lottie JSON, as stored.
  public let animationJSON: Data
  /// The images folder's files by their path inside it (`img_0.png`), folders and hidden files left out.
  public let images: [String: Data]
  /// dotLottie 2's fonts folder's files by their path inside it (`Inter.ttf`); empty in version 1.
  public let fonts: [String: Data]

  /// The zip signature (`PK\u{3}\u{4}`, a local file header) every non-empty dotLottie starts with, which tells
  /// an archive from Lottie JSON (`.json`, or lottie-ios's `.lot`, which is JSON too).
  public static func isArchive(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

  /// Reads the animation `animationID` (nil: the manifest's initial animation, else its first) and the images
  /// of the archive in `data`.
  public init(_ data: Data, animationID: String? = nil, limits: ArchiveLimits = .dotLottie) throws(DocumentError) {
    let archive: ZipArchive
    do { archive = try ZipArchive(data, limits: limits) } catch { throw Self.documentError(error) }
    guard archive.entry(named: DotLottieManifest.fileName) != nil else {
      throw DocumentError(location: "dotLottie archive", message: "no manifest.json at its root: not a dotLottie file")
    }
    manifest = try DotLottieManifest(Self.read(archive, DotLottieManifest.fileName))
    let chosen = animationID ?? manifest.initialAnimationID ?? manifest.animations[0].id
    guard manifest.animations.contains(where: { $0.id == chosen }) else {
      let ids = manifest.animations.map { "\"\($0.id)\"" }.joined(separator: ", ")
      throw DocumentError(
        location: "manifest.json $.animations", message: "no animation \"\(chosen)\" (the manifest lists \(ids))")
    }
    self.animationID = chosen
    let folder = manifest.layout.animationsFolder
    guard
      let path = ["\(folder)\(chosen).json", "\(folder)\(chosen).lot"].first(where: { archive.entry(named: $0) != nil })
    else {
      throw DocumentError(
        location: "manifest.json $.animations",
        message:
          "lists animation \"\(chosen)\" but the archive has no \(folder)\(chosen).json (version \(manifest.version ?? "none") keeps animations in \(folder))"
      )
    }
    animationPath = path
    animationJSON = try Self.read(archive, path)
    images = try Self.files(in: manifest.layout.imagesFolder, of: archive)
    fonts =
      try manifest.layout.fontsFolder.map { folder throws(DocumentError) in try Self.files(in: folder, of: archive) }
      ?? [:]
  }

  /// The bytes of an image asset's file: its `p` (`img_0.png`) in the images folder, whatever its `u`
  /// (`images/`, `/images/` or empty, as exporters write it); nil for an embedded data URL or a missing file.
  public func imageData(forAsset p: String) -> Data? {
    if let data = images[p] { return data }
    return p.split(separator: "/").last.flatMap { images[String($0)] }
  }

  /// A font's bytes by its `fPath` (`/f/Inter.ttf`, dotLottie 2), or nil.
  public func fontData(forPath fPath: String) -> Data? {
    var path = Substring(fPath)
    if path.hasPrefix("/") { path = path.dropFirst() }
    if path.hasPrefix("f/") { path = path.dropFirst(2) }
    return fonts[String(path)]
  }

  private static func read(_ archive: ZipArchive, _ name: String) throws(DocumentError) -> Data {
    do { return try archive.read(named: name) } catch { throw documentError(error) }
  }

  /// The files directly or deeper under `folder`, keyed by their path inside it; macOS's `._` companions and
  /// other hidden files are left out, as lottie-ios's listing skips hidden files.
  private static func files(in folder: String, of archive: ZipArchive) throws(DocumentError) -> [String: Data] {
    var files: [String: Data] = [:]
    for entry in archive.entries where entry.name.hasPrefix(folder) && !entry.isFolder {
      let key = String(entry.name.dropFirst(folder.count))
      guard !key.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      do { files[key] = try archive.read(entry) } catch { throw documentError(error) }
    }
    return files
  }

  private static func documentError(_ error: ArchiveError) -> DocumentError {
    DocumentError(
      location: error.entry.map { "dotLottie entry \($0)" } ?? "dotLottie archive", message: error.message)
  }
}
