import CFlipbook
import CWebP
import Foundation

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - libwebp's animation encoder, as a reference

/// Encodes frames with libwebp's own `WebPAnimEncoder`, one frame after another on this thread, the way
/// `AnimatedWebP.Encoder` did before it compressed frames in parallel: default animation options (no key
/// frames, no mixing, no exhaustive search), a transparent background colour, `WebPConfigInit`'s settings
/// with lossless or the lossy quality, and consecutive identical frames merged before libwebp sees them.
/// The parallel encoder promises the very same bytes.
enum LibwebpAnimation {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The file for `frames`, each starting at its whole-millisecond time (the first at 0), ending at
  /// `end` ms.
  static func encode(
    _ frames: [(image: Image, start: Int)], end: Int, loopCount: Int = 0, quality: AnimatedWebP.Quality = .lossless
  ) throws -> Data {
    var config = WebPConfig()
    var options = WebPAnimEncoderOptions()
    guard WebPConfigInit(&config) != 0, WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw Failure(description: "libwebp headers do not match")
    }
    switch quality {
    case .lossless: config.lossless = 1
    case .lossy(let value): config.quality = Float(value)
    }
    options.anim_params.loop_count = Int32(loopCount)
    options.anim_params.bgcolor = 0
    options.allow_mixed = 0
    options.minimize_size = 0
    let first = frames[0].image
    guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options) else {
      throw Failure(description: "WebPAnimEncoderNew failed")
    }
    defer { WebPAnimEncoderDelete(encoder) }
    var previous: Image?
    for (image, start) in frames {
      if let previous, previous.pixels == image.pixels { continue }
      previous = image
      var picture = WebPPicture()
      guard WebPPictureInit(&picture) != 0 else { throw Failure(description: "WebPPictureInit failed") }
      defer { WebPPictureFree(&picture) }
      picture.use_argb = 1
      picture.width = Int32(image.width)
      picture.height = Int32(image.height)
      guard WebPPictureAlloc(&picture) != 0 else { throw Failure(description: "WebPPictureAlloc failed") }
      image.pixels.withUnsafeBufferPointer { source in
        fb_pixels_to_straight_argb(
          source.baseAddress, picture.width, picture.height, Int32(image.width * 4), picture.argb,
          picture.argb_stride * 4)
      }
      guard WebPAnimEncoderAdd(encoder, &picture, Int32(start), &config) != 0 else {
        throw Failure(description: "WebPAnimEncoderAdd failed at \(start) ms")
      }
    }
    var output = WebPData()
    defer { WebPDataClear(&output) }
    guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0, WebPAnimEncoderAssemble(encoder, &output) != 0,
      let bytes = output.bytes
    else { throw Failure(description: "WebPAnimEncoderAssemble failed") }
    return Data(bytes: bytes, count: output.size)
  }
}
