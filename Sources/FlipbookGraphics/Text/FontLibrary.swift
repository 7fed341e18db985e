import CFlipbook
import FlipbookSupport
import Foundation

// MARK: - FontLibrary

/// The fonts text is drawn with, loaded explicitly from files so that renders are identical on every
/// machine: Pango sees these files and nothing the machine happens to have installed.
///
/// The defaults come from Debian packages: Inter for Latin text (`fonts-inter`) and Noto Sans CJK for
/// Chinese, Japanese and Korean (`fonts-noto-cjk`), which Pango falls back to glyph by glyph. Noto Sans
/// CJK has a real bold, as PingFang does for `boldSystemFontOfSize:` (WenQuanYi Micro Hei, used before,
/// had one weight), and regional forms chosen by the text's language (see `CJKFamily`).
public enum FontLibrary {
  /// Inter's static weights, Thin to Black, upright and italic (`fonts-inter`).
  public static let interDirectory = "/usr/share/fonts/opentype/inter"
  /// Noto Sans CJK's collections, one file a weight holding every regional family (`fonts-noto-cjk`).
  public static let notoCJKDirectory = "/usr/share/fonts/opentype/noto"
  /// Regular (400) and Bold (700): the weights Debian's `fonts-noto-cjk` ships; other weights are
  /// drawn with the nearer of the two.
  public static let notoCJKFiles = ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"]

  /// The family name to ask for Latin text.
  public static let latinFamily = "Inter"
  /// The family of CJK characters in text with no language.
  public static let cjkFamily = CJKFamily(language: nil).rawValue
  /// Every family a text may name: Inter and Noto Sans CJK's regional families.
  public static let families = [latinFamily] + CJKFamily.allCases.map(\.rawValue)

  /// The family list Pango is given: `family`, then the CJK family for `language`, which supplies
  /// the characters `family` lacks.
  static func familyList(_ family: String, language: String?) -> String {
    let cjk = CJKFamily(language: language).rawValue
    return family == cjk ? family : "\(family),\(cjk)"
  }

  /// The default files: every `Inter-*.otf` (not the Display cut) plus Noto Sans CJK Regular and Bold.
  /// The directory can be moved with the `FLIPBOOK_FONT_DIR` environment variable (`override`) for
  /// machines that keep fonts elsewhere; it must then hold all these files.
  public static func defaultFiles(
    override: String? = ProcessInfo.processInfo.environment["FLIPBOOK_FONT_DIR"]
  ) throws(GraphicsError) -> [String] {
    let sets = try defaultFileSets(override: override)
    return sets.latin + sets.cjk
  }

  /// The default files in their two roles: Inter, registered a weight at a time as texts ask for them
  /// (`ensureConfigured` reads each file's face from its name), and Noto Sans CJK, registered the first
  /// time a text needs a character Inter lacks (see `configure(files:faces:fallbackFiles:)`).
  public static func defaultFileSets(
    override: String? = ProcessInfo.processInfo.environment["FLIPBOOK_FONT_DIR"]
  ) throws(GraphicsError) -> (latin: [String], cjk: [String]) {
    let interDir = override ?? interDirectory
    let cjkDir = override ?? notoCJKDirectory
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: interDir)
    } catch {
      throw .font(path: interDir, reason: "not found (install the Debian package fonts-inter)")
    }
    let inter = names.filter { $0.hasPrefix("Inter-") && $0.hasSuffix(".otf") }.sorted()
    guard !inter.isEmpty else {
      throw .font(path: interDir, reason: "holds no Inter-*.otf (install the Debian package fonts-inter)")
    }
    let cjk = notoCJKFiles.map { (cjkDir as NSString).appendingPathComponent($0) }
    for file in cjk where !FileManager.default.fileExists(atPath: file) {
      throw .font(path: file, reason: "not found (install the Debian package fonts-noto-cjk)")
    }
    return (inter.map { (interDir as NSString).appendingPathComponent($0) }, cjk)
  }

  private static let state = Mutex()
  nonisolated(unsafe) private static var configured = false

  /// Loads exactly `files`, then `faces` and `fallbackFiles` when first needed, for all text. Throws
  /// naming the first file that fails (every file must be readable now). A face is parsed when a text
  /// first asks for its weight or one next to it, a fallback file when a text first has a character the
  /// others lack: registering is what costs (Noto Sans CJK's two collections take longer than the rest of
  /// a one-frame render, Inter's eighteen files 7 ms). Which files a text registers depends only on
  /// that text, and registering more changes no other text (tested), so renders stay the same whatever
  /// was drawn before.
  public static func configure(
    files: [String] = [], faces: [FontFace] = [], fallbackFiles: [String] = []
  ) throws(GraphicsError) {
    var error = [CChar](repeating: 0, count: 512)
    let status = withCStrings(files) { pointers in
      withCStrings(fallbackFiles) { fallback in
        FontFace.withCFaces(faces) { cFaces in
          fb_fonts_configure(
            pointers, Int32(files.count), cFaces, Int32(faces.count), fallback, Int32(fallbackFiles.count), &error,
            error.count)
        }
      }
    }
    guard status == 0 else {
      let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .font(path: files.first ?? "", reason: message)
    }
    state.withLock { configured = true }
    try restoreRegisteredFonts()
  }

  /// True while the fallback files have not been registered: no text so far needed them.
  public static var isFallbackPending: Bool { fb_fonts_fallback_pending() > 0 }

  /// Configures the default fonts once per process; later calls return at once.
  public static func ensureConfigured() throws(GraphicsError) {
    let done = state.withLock { configured }
    if done { return }
    let sets = try defaultFileSets()
    let faces = sets.latin.compactMap(FontFace.init(interFile:))
    let unnamed = sets.latin.filter { FontFace(interFile: $0) == nil }
    try configure(files: unnamed, faces: faces, fallbackFiles: sets.cjk)
  }

  static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    // A trailing NULL keeps the buffer non-empty, so an empty list still has an address.
    let duplicated = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { duplicated.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return duplicated.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
