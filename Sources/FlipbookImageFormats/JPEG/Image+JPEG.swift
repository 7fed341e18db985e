import CTurboJPEG
import FlipbookGraphics
import Foundation

// MARK: - Reading JPEG

extension Image {
  /// Decodes a baseline or progressive JPEG (greyscale, YCbCr or CMYK) through libjpeg-turbo's TurboJPEG API into
  /// opaque pixels. Lottie files embed photographs as JPEG data URLs (often labelled `image/png`), and lottie-ios
  /// decodes them with the system's image decoder. The size is checked against `ImageLimits` before the pixels are
  /// allocated. The EXIF orientation is not applied: `UIImage(data:)` records it as `imageOrientation` but the
  /// `CGImage` a layer's `contents` takes is the stored one. `source` names the data in error messages.
  public init(jpegData: [UInt8], source: String = "data") throws(GraphicsError) {
    guard let handle = tjInitDecompress() else {
      throw .file(path: source, reason: "is a JPEG image, and libjpeg-turbo could not start a decoder")
    }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let known = jpegData.withUnsafeBufferPointer { data in
      tjDecompressHeader3(handle, data.baseAddress, UInt(data.count), &width, &height, &subsampling, &colorspace)
    }
    guard known == 0, width > 0, height > 0 else {
      throw .file(path: source, reason: "is not a JPEG image libjpeg-turbo can read")
    }
    try self.init(
      decodingWidth: Int(width), height: Int(height),
      failure: .file(
        path: source,
        reason: "is a JPEG image whose pixels do not decode (\(String(cString: tjGetErrorStr2(handle))))")
    ) { out, stride in
      // TJFLAG_STOPONWARNING: a truncated or corrupt stream is an error, not a grey-filled picture.
      jpegData.withUnsafeBufferPointer { data in
        tjDecompress2(
          handle, data.baseAddress, UInt(data.count), out.baseAddress, width, Int32(stride), height,
          Int32(TJPF_RGBA.rawValue), TJFLAG_STOPONWARNING) == 0
      }
    }
  }
}
