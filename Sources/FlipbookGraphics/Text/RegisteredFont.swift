import CFlipbook
import FlipbookSupport
import Foundation

// MARK: - RegisteredFont

/// A font file registered beside the default fonts, and the names it answers to: an app's own font, such as
/// the fonts a Lottie animation is given with (iOS apps register theirs with `UIAppFonts` or
/// `CTFontManagerRegisterFontsForURL`, and lottie-ios then finds them by name).
public struct RegisteredFont: Equatable, Sendable {
  /// The file it was read from.
  public let path: String
  /// The family texts name to use it (the file's own family name).
  public let family: String
  /// The PostScript name (`Pacifico-Regular`), which `UIFont(name:size:)` takes.
  public let postScriptName: String
  /// The full name (`Pacifico Regular`), which `UIFont(name:size:)` also takes.
  public let fullName: String
  /// The CSS weight (100…900) fontconfig reads from the file.
  public let weight: Int
  /// Whether the face is italic or oblique.
  public let isItalic: Bool

  /// Whether `name` is this font's PostScript name or full name, as `UIFont(name:size:)` matches them.
  public func answers(to name: String) -> Bool {
    name == postScriptName || name == fullName
  }
}

extension FontLibrary {
  /// The file extensions of the font files ``fontFiles(in:)`` finds.
  public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc"]

  private static let registrations = Mutex()
  nonisolated(unsafe) private static var registered: [RegisteredFont] = []

  /// The fonts registered so far with ``register(fontFileAt:)``, in the order they were.
  public static var registeredFonts: [RegisteredFont] { registrations.withLock { registered } }

  /// Registers the font file at `path` for all text drawn after, under its own family name, beside the default
  /// fonts (which it never replaces: a text in another family lays out as before). Registering the same file again
  /// returns it at once. Throws naming the file when it cannot be read as a font.
  ///
  /// Registration lasts for the process, as an app's registered fonts do.
  @discardableResult
  public static func register(fontFileAt path: String) throws(GraphicsError) -> RegisteredFont {
    let path = (path as NSString).standardizingPath
    if let known = registrations.withLock({ registered.first { $0.path == path } }) { return known }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .font(path: path, reason: "not found or not readable")
    }
    guard let font = describe(fontFileAt: path) else { throw .font(path: path, reason: "not a font file") }
    try ensureConfigured()
    try add([path])
    registrations.withLock { if !registered.contains(where: { $0.path == path }) { registered.append(font) } }
    return font
  }

  /// The registered font `name` stands for (its PostScript name or full name), or nil.
  public static func registeredFont(named name: String) -> RegisteredFont? {
    registrations.withLock { registered.first { $0.answers(to: name) } }
  }

  /// The font files directly in `folder` (``fontFileExtensions``, any case), sorted by name. Throws naming the
  /// folder when it cannot be listed.
  public static func fontFiles(in folder: String) throws(GraphicsError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .font(path: folder, reason: "not a readable folder")
    }
    return names.filter { fontFileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
  }

  /// Adds the registered files again after ``configure(files:faces:fallbackFiles:)`` replaced the set.
  static func restoreRegisteredFonts() throws(GraphicsError) {
    let paths = registrations.withLock { registered.map(\.path) }
    if !paths.isEmpty { try add(paths) }
  }

  /// What fontconfig reads from the file's first face, or nil when it is not a font.
  static func describe(fontFileAt path: String) -> RegisteredFont? {
    var family = [CChar](repeating: 0, count: 256)
    var postScript = [CChar](repeating: 0, count: 256)
    var fullName = [CChar](repeating: 0, count: 256)
    var weight: Int32 = 0
    var italic: Int32 = 0
    guard
      fb_font_file_describe(
        path, &family, family.count, &postScript, postScript.count, &fullName, fullName.count, &weight, &italic) == 0
    else { return nil }
    func text(_ buffer: [CChar]) -> String {
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return RegisteredFont(
      path: path, family: text(family), postScriptName: text(postScript), fullName: text(fullName),
      weight: Int(weight), isItalic: italic != 0)
  }

  private static func add(_ paths: [String]) throws(GraphicsError) {
    var error = [CChar](repeating: 0, count: 512)
    let status = withCStrings(paths) { fb_fonts_add_files($0, Int32(paths.count), &error, error.count) }
    guard status == 0 else {
      let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .font(path: paths.first ?? "", reason: message)
    }
  }
}
