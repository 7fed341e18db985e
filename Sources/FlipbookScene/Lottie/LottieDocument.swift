import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookLottie
import FlipbookSupport
import Foundation

// MARK: - LottieDocument

/// Reading a Lottie animation as a document: a Lottie JSON file, a dotLottie archive, or an overrides document
/// (`{"lottie": "anim.json", "overrides": [...]}`) naming either. This is where Lottie meets files: image assets
/// beside the file (`u` + `p`, PNG, JPEG or WebP, inside the document's folder unless `--allow-outside-files`),
/// images inside a dotLottie archive, and the images an override names. FlipbookLottie itself only sees bytes and images.
enum LottieDocument {
  /// Whether a parsed document is a Lottie animation (bodymovin's top-level `fr`, `op` and `layers`) or an
  /// overrides document (`lottie`).
  static func isLottie(_ json: JSONValue) -> Bool {
    LottieOverridesDocument.isOverridesDocument(json)
      || (json["fr"] != nil && json["op"] != nil && json["layers"] != nil)
  }

  /// Decodes a parsed Lottie file or overrides document read from `folder`.
  static func decode(
    json: JSONValue, folder: URL, scale: Double?, settings: LottieSettings, allowFilesOutside: Bool
  ) throws(DocumentError) -> LottieScene {
    guard LottieOverridesDocument.isOverridesDocument(json) else {
      return try scene(
        LottieAnimation(json: json), images: folderImages(folder, allowOutside: allowFilesOutside),
        overrides: LottieOverrides(), scale: scale, settings: settings)
    }
    let document = try LottieOverridesDocument.decode(JSONCursor(json))
    for (index, name) in document.fonts.enumerated() {
      let (file, problem) = ContentsPath.file(name, in: folder, allowOutside: allowFilesOutside)
      guard let file else { throw DocumentError(location: "$.fonts[\(index)]", message: problem ?? name) }
      try registerFonts(at: file, location: "$.fonts[\(index)]")
    }
    let overrides = try document.overrides.resolvingImages { (name) throws(DocumentError) -> Image in
      let (file, problem) = ContentsPath.file(name, in: folder, allowOutside: allowFilesOutside)
      guard let file else { throw DocumentError(location: "$.overrides", message: problem ?? name) }
      do throws(GraphicsError) { return try Image(imageFile: file) } catch {
        throw DocumentError(location: "$.overrides", message: "\(name): \(error.description)")
      }
    }
    let (path, problem) = ContentsPath.file(document.lottie, in: folder, allowOutside: allowFilesOutside)
    guard let path else { throw DocumentError(location: "$.lottie", message: problem ?? document.lottie) }
    return try DocumentFile.decode(path) { (data) throws(DocumentError) in
      let (animation, images) = try contents(data, beside: path, allowOutside: allowFilesOutside)
      return try scene(animation, images: images, overrides: overrides, scale: scale, settings: settings)
    }
  }

  /// Decodes a dotLottie archive's first animation, with the images it holds.
  static func decode(archive data: Data, scale: Double?, settings: LottieSettings) throws(DocumentError)
    -> LottieScene
  {
    let (animation, images) = try archiveContents(data)
    return try scene(animation, images: images, overrides: LottieOverrides(), scale: scale, settings: settings)
  }

  /// A Lottie file's bytes as an animation and its images: a dotLottie archive with the images it holds, or Lottie
  /// JSON with the images beside `file` (inside its folder unless `allowOutside`). JSON that is not an animation
  /// (an overrides document, another kind of document) is an error at `$`.
  private static func contents(_ data: Data, beside file: String, allowOutside: Bool) throws(DocumentError)
    -> (LottieAnimation, LottieImageProvider)
  {
    if DotLottieFile.isArchive(data) { return try archiveContents(data) }
    let json = try DocumentFile.parse(data)
    guard isLottie(json), !LottieOverridesDocument.isOverridesDocument(json) else {
      throw DocumentError(
        location: "$",
        message: LottieOverridesDocument.isOverridesDocument(json)
          ? "an overrides document; name the Lottie file it names instead"
          : "not a Lottie animation (no \"fr\", \"op\" and \"layers\")")
    }
    let images = folderImages(DocumentFile.directory(of: file), allowOutside: allowOutside)
    return (try LottieAnimation(json: json), images)
  }

  /// A dotLottie archive's first animation and the images it holds.
  private static func archiveContents(_ data: Data) throws(DocumentError)
    -> (LottieAnimation, LottieImageProvider)
  {
    let archive = try DotLottieFile(data)
    let animation = try LottieAnimation(json: try DocumentFile.parse(archive.animationJSON))
    let images: LottieImageProvider = { asset in
      archive.imageData(forAsset: asset.name).flatMap { try? Image(imageData: [UInt8]($0), source: asset.name) }
    }
    return (animation, images)
  }

  /// The scene for `animation`, its images from `images`, with `overrides` applied, fitted into `settings`' box.
  private static func scene(
    _ animation: LottieAnimation, images: @escaping LottieImageProvider, overrides: LottieOverrides,
    scale: Double?, settings: LottieSettings
  ) throws(DocumentError) -> LottieScene {
    for path in settings.fonts { try registerFonts(at: path, location: "--fonts") }
    let layer = LottieAnimationLayer(animation: animation, options: options(images: images, overrides: overrides))
    let unsupported = layer.issues.filter { $0.kind == .unsupported }
    if settings.strict, let first = unsupported.first {
      throw DocumentError(
        location: first.location,
        message: "\(first.feature) is not drawn by iOS (--strict)"
          + (unsupported.count > 1 ? ", and \(unsupported.count - 1) more" : ""))
    }
    return LottieScene(
      animation: animation, layer: layer, size: settings.screen(for: animation.size), scale: scale ?? 2)
  }

  /// The build options for images from `images` with `overrides` applied.
  private static func options(images: @escaping LottieImageProvider, overrides: LottieOverrides) -> LottieBuildOptions {
    LottieBuildOptions(
      imageProvider: overrides.imageProvider(fallback: images), fontProvider: overrides.fontProvider(fallback: nil),
      valueProviders: overrides.isEmpty ? nil : overrides)
  }

  /// The Lottie file at `file`, which another document names `name` (a `"lottie"` layer's `file`, a Lottie refresh
  /// header's `animation`; nil for `LottieFile`, whose errors are located at the path itself):
  /// a Lottie JSON file with its images beside it, or a dotLottie archive with the images it holds. Errors are
  /// located at `location`, the JSON path of the name, and say the name (and where in the file, when it is the
  /// file's content that is wrong). `LottieFileCache` keeps what it reads.
  static func animation(atPath file: String, named name: String?, allowOutside: Bool, location: String)
    throws(DocumentError) -> (animation: LottieAnimation, options: LottieBuildOptions)
  {
    let data: Data
    do throws(DocumentError) { data = try DocumentFile.read(file) } catch {
      throw DocumentError(location: location, message: (name.map { "\($0): " } ?? "") + error.message)
    }
    do throws(DocumentError) {
      let (animation, images) = try contents(data, beside: file, allowOutside: allowOutside)
      return (animation, options(images: images, overrides: LottieOverrides()))
    } catch {
      let within = error.location == "$" ? "" : "\(error.location): "
      throw DocumentError(location: location, message: (name.map { "\($0): " } ?? "") + within + error.message)
    }
  }

  /// Registers the font file at `path`, or every font file in the folder at `path` (an error naming `location`
  /// when there is none, or one is not a font).
  private static func registerFonts(at path: String, location: String) throws(DocumentError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw DocumentError(location: location, message: "\(path): no such font file or folder")
    }
    do throws(GraphicsError) {
      let files = isFolder.boolValue ? try FontLibrary.fontFiles(in: path) : [path]
      guard !files.isEmpty else {
        throw GraphicsError.font(path: path, reason: "holds no font file (.ttf, .otf or .ttc)")
      }
      for file in files { try FontLibrary.register(fontFileAt: file) }
    } catch {
      throw DocumentError(location: location, message: error.description)
    }
  }

  /// Image assets read from files beside the animation (the asset's folder `u` and name `p`; PNG only), inside
  /// `folder` unless `allowOutside`.
  private static func folderImages(_ folder: URL, allowOutside: Bool) -> LottieImageProvider {
    { asset in
      let (path, _) = ContentsPath.file(asset.directory + asset.name, in: folder, allowOutside: allowOutside)
      return path.flatMap { try? Image(imageFile: $0) }
    }
  }
}
