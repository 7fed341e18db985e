import FlipbookGraphics
import FlipbookSupport
import Foundation

// MARK: - EncodedImageFormat

/// The still-image formats Flipbook decodes, told apart by the bytes' signature, never by a file name or a media
/// type, which may lie (Lottie files label JPEG data URLs `image/png`).
public enum EncodedImageFormat: String, Sendable {
  /// Portable Network Graphics.
  case png = "PNG"
  /// JPEG (JFIF or Exif), baseline or progressive.
  case jpeg = "JPEG"
  /// WebP, lossy or lossless.
  case webP = "WebP"

  /// The format `data` starts as: PNG's eight-byte signature (ISO/IEC 15948, 5.2), JPEG's start-of-image marker
  /// followed by a marker (FF D8 FF, ITU-T T.81 B.2.1), or WebP's RIFF header of form type `WEBP`; nil for others.
  public init?(signatureOf data: [UInt8]) {
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if Image.isWebP(data) {
      self = .webP
    } else {
      return nil
    }
  }
}

extension Image {
  /// Decodes a PNG, JPEG or WebP, told apart by signature (``EncodedImageFormat``); anything else is decoded as a
  /// PNG, whose error says what the bytes are not. `source` names the data in error messages.
  public init(imageData data: [UInt8], source: String = "data") throws(GraphicsError) {
    switch EncodedImageFormat(signatureOf: data) {
    case .jpeg: try self.init(jpegData: data, source: source)
    case .webP: try self.init(webPData: data, source: source)
    case .png, nil: try self.init(pngData: data, source: source)
    }
  }

  /// Reads and decodes a PNG, JPEG or WebP file (``init(imageData:source:)``); errors name the path.
  public init(imageFile path: String) throws(GraphicsError) {
    try self.init(
      imageData: try GraphicsError.files { () throws(FileError) in try SafeFile.read(path, kind: .image) }, source: path
    )
  }
}
