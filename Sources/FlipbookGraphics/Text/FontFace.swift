import CFlipbook
import Foundation

/// A font file of the main family with the weight and slant it is registered for, so that it can be
/// registered only when a text first asks for that weight (see `FontLibrary.configure`): fontconfig reads
/// every character of a file it registers, about 0.4 ms for each of Inter's eighteen.
public struct FontFace: Hashable, Sendable {
  /// The font file's path.
  public var path: String
  /// CSS weight, as `TextStyle.weight`: 100 (thin) ... 900 (black).
  public var weight: Int
  /// Whether the file is the italic of its weight.
  public var italic: Bool

  /// A face for the file at `path`, registered for `weight` and slant as given (nothing is read yet).
  public init(path: String, weight: Int, italic: Bool) {
    self.path = path
    self.weight = weight
    self.italic = italic
  }

  /// The weight names of OpenType's `usWeightClass` (OS/2 table specification), as Inter's file names
  /// spell them: `Inter-SemiBoldItalic.otf` is 600 italic, `Inter-Italic.otf` 400 italic.
  static let interWeights: [String: Int] = [
    "Thin": 100, "ExtraLight": 200, "Light": 300, "Regular": 400, "Medium": 500, "SemiBold": 600, "Bold": 700,
    "ExtraBold": 800, "Black": 900,
  ]

  /// The face an `Inter-<Weight>[Italic].otf` file holds, read from its name; nil for any other name.
  public init?(interFile path: String) {
    let name = (path as NSString).lastPathComponent
    guard name.hasPrefix("Inter-"), name.hasSuffix(".otf") else { return nil }
    var style = String(name.dropFirst("Inter-".count).dropLast(".otf".count))
    let italic = style.hasSuffix("Italic")
    if italic { style = String(style.dropLast("Italic".count)) }
    guard let weight = Self.interWeights[style.isEmpty ? "Regular" : style] else { return nil }
    self.init(path: path, weight: weight, italic: italic)
  }

  /// The weight class and slant fontconfig reads from the file itself (parsing it: for tests and checks).
  public static func declaredStyle(ofFile path: String) -> (weight: Int, italic: Bool)? {
    var weight: Int32 = 0
    var italic: Int32 = 0
    guard fb_font_file_style(path, &weight, &italic) == 0 else { return nil }
    return (Int(weight), italic != 0)
  }

  /// Which of `faces` a text of `weight` and slant needs, and the weight it is laid out at: the face
  /// fontconfig would match from all of them (the nearest weight on its scale, the first on a tie) and
  /// that weight's faces in the other slant.
  public static func needed(from faces: [FontFace], weight: Int, italic: Bool) -> (faces: [FontFace], weight: Int) {
    var chosen = [Int32](repeating: 0, count: max(faces.count, 1))
    var matched: Int32 = Int32(weight)
    let count = withCFaces(faces) { candidates in
      fb_font_faces_select(candidates, Int32(faces.count), Int32(weight), italic ? 1 : 0, &chosen, &matched)
    }
    return (chosen.prefix(Int(count)).map { faces[Int($0)] }, Int(matched))
  }

  /// `faces` as the C layer takes them, valid inside `body`.
  static func withCFaces<T>(_ faces: [FontFace], _ body: ([fb_font_face]) -> T) -> T {
    let paths = faces.map { strdup($0.path) }
    defer { paths.forEach { free($0) } }
    return body(
      zip(faces, paths).map { face, path in
        fb_font_face(path: path, weight: Int32(face.weight), italic: face.italic ? 1 : 0)
      })
  }
}
