import CWebP
import FlipbookGraphics
import Foundation

// MARK: - Reading WebP

extension Image {
  /// Whether `data` starts as a WebP file does: a RIFF container of form type `WEBP` (Google's WebP container
  /// specification, https://developers.google.com/speed/webp/docs/riff_container).
  public static func isWebP(_ data: [UInt8]) -> Bool {
    data.count >= 12 && data[0..<4].elementsEqual("RIFF".utf8) && data[8..<12].elementsEqual("WEBP".utf8)
  }

  /// Decodes a still WebP (lossy or lossless, with or without alpha) through libwebp; an animated WebP shows its
  /// first frame. Lottie files may embed their images as WebP data URLs (lottie-ios decodes them with the
  /// system's image decoder). The size is checked against `ImageLimits` before the pixels are allocated.
  /// `source` names the data in error messages.
  public init(webPData: [UInt8], source: String = "data") throws(GraphicsError) {
    var width: Int32 = 0
    var height: Int32 = 0
    let known = webPData.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
    guard known != 0, width > 0, height > 0 else {
      throw .file(path: source, reason: "is not a WebP image libwebp can read")
    }
    try self.init(
      decodingWidth: Int(width), height: Int(height),
      failure: .file(path: source, reason: "is a WebP image whose pixels do not decode")
    ) { out, stride in
      webPData.withUnsafeBufferPointer { data in
        WebPDecodeRGBAInto(data.baseAddress, data.count, out.baseAddress, out.count, Int32(stride)) != nil
      }
    }
  }
}
