import CFlipbook
import Foundation

// MARK: - FontLibrary

/// The fonts text is drawn with, loaded explicitly from files so that renders are identical on every
/// machine: Pango sees these files and nothing the machine happens to have installed.
///
/// The defaults come from Debian packages: Inter for Latin text (`fonts-inter`) and WenQuanYi Micro Hei
/// for Chinese (`fonts-wqy-microhei`), which Pango falls back to glyph by glyph.
public enum FontLibrary {
  /// Inter's static weights, Thin to Black, upright and italic (`fonts-inter`).
  public static let interDirectory = "/usr/share/fonts/opentype/inter"
  /// WenQuanYi Micro Hei, a CJK sans-serif (`fonts-wqy-microhei`).
  public static let wenQuanYiMicroHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

  /// The family name to ask for Latin text.
  public static let latinFamily = "Inter"
  /// The family name of the CJK fallback.
  public static let cjkFamily = "WenQuanYi Micro Hei"

  /// The default files: every `Inter-*.otf` (not the Display cut) plus WenQuanYi Micro Hei. The
  /// directory can be moved with the `FLIPBOOK_FONT_DIR` environment variable for machines that keep
  /// fonts elsewhere; it must then hold the same files.
  public static func defaultFiles() throws(GraphicsError) -> [String] {
    let environment = ProcessInfo.processInfo.environment
    let override = environment["FLIPBOOK_FONT_DIR"]
    let interDir = override ?? interDirectory
    let cjk = override.map { ($0 as NSString).appendingPathComponent("wqy-microhei.ttc") } ?? wenQuanYiMicroHei
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
    guard FileManager.default.fileExists(atPath: cjk) else {
      throw .font(path: cjk, reason: "not found (install the Debian package fonts-wqy-microhei)")
    }
    return inter.map { (interDir as NSString).appendingPathComponent($0) } + [cjk]
  }

  private static let state = Mutex()
  nonisolated(unsafe) private static var configured = false

  /// Loads exactly `files` for all text. Throws naming the first file that fails.
  public static func configure(files: [String]) throws(GraphicsError) {
    var error = [CChar](repeating: 0, count: 512)
    let status = withCStrings(files) { pointers in
      fb_fonts_configure(pointers, Int32(files.count), &error, error.count)
    }
    guard status == 0 else {
      let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .font(path: files.first ?? "", reason: message)
    }
    state.withLock { configured = true }
  }

  /// Configures the default fonts once per process; later calls return at once.
  public static func ensureConfigured() throws(GraphicsError) {
    let done = state.withLock { configured }
    if done { return }
    try configure(files: defaultFiles())
  }

  private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let duplicated = strings.map { UnsafePointer(strdup($0)) }
    defer { duplicated.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return duplicated.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
