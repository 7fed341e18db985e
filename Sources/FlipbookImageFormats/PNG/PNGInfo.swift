import FlipbookGraphics
import FlipbookSupport
import Foundation

// MARK: - PNGInfo

/// What a PNG file's chunks say before any pixel is inflated: its size and whether it can hold
/// transparency. Reading a thousand frames' headers costs little, so a preview can check a whole folder
/// up front and then decode one frame at a time.
public struct PNGInfo: Hashable, Sendable {
  /// The image's width in pixels.
  public var width: Int
  /// The image's height in pixels.
  public var height: Int
  /// True for grey+alpha, RGBA and palette images, and for any image with a `tRNS` chunk.
  public var hasAlpha: Bool

  /// Reads the file's chunks (signature, lengths and CRCs checked) and its IHDR.
  public init(contentsOfFile path: String) throws(GraphicsError) {
    try self.init(
      pngBytes: try GraphicsError.files { () throws(FileError) in try SafeFile.read(path, kind: .image) }, source: path)
  }

  /// Reads the chunks of a PNG's bytes (signature, lengths and CRCs checked) and its IHDR; `source` names them
  /// in errors.
  public init(pngBytes bytes: [UInt8], source path: String) throws(GraphicsError) {
    if bytes.starts(with: Image.lfsPointerPrefix) {
      throw .pngDecode(source: path, reason: "is a Git LFS pointer, not a PNG; run git lfs pull")
    }
    let chunks = try PNGContainer.readChunks(bytes, source: path)
    guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw .pngDecode(source: path, reason: "does not start with an IHDR chunk")
    }
    let field = bytes[ihdr.data]
    func uint32(_ at: Int) -> Int {
      field[field.startIndex + at..<field.startIndex + at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    width = uint32(0)
    height = uint32(4)
    let colorType = field[field.startIndex + 9]
    hasAlpha = colorType == 3 || colorType == 4 || colorType == 6 || chunks.contains { $0.type == "tRNS" }
  }
}
