import CFlipbook
import CWebP
import FlipbookGraphics
import Foundation

// MARK: - AnimatedWebP.singleFrame

extension AnimatedWebP {
  /// An animation of one stored frame, written by libwebp's own animation encoder: it compresses the frame
  /// both as an animation frame and as a still image of the whole canvas and keeps the smaller
  /// (OptimizeSingleFrame in src/mux/anim_encode.c,
  /// https://github.com/webmproject/libwebp/blob/v1.2.4/src/mux/anim_encode.c), so a still comes out
  /// exactly as before. One frame has nothing to share between threads.
  ///
  /// `image` shows from 0 to `endMilliseconds` (less than 2^24 ms); `options` and `config` are the
  /// encoder's.
  static func singleFrame(
    _ image: Image, endMilliseconds: Int, loopCount: Int, config: WebPConfig
  ) throws(GraphicsError) -> Data {
    var options = WebPAnimEncoderOptions()
    var picture = WebPPicture()
    guard WebPAnimEncoderOptionsInit(&options) != 0, WebPPictureInit(&picture) != 0 else {
      throw .webpEncode(reason: "libwebpmux does not match the headers it was built with")
    }
    defer { WebPPictureFree(&picture) }
    options.anim_params.loop_count = Int32(loopCount)
    options.anim_params.bgcolor = 0
    options.allow_mixed = 0
    options.minimize_size = 0
    picture.use_argb = 1
    picture.width = Int32(image.width)
    picture.height = Int32(image.height)
    guard WebPPictureAlloc(&picture) != 0 else {
      throw .webpEncode(reason: "out of memory for a \(image.width)x\(image.height) frame")
    }
    image.pixels.withUnsafeBufferPointer { source in
      fb_pixels_to_straight_argb(
        source.baseAddress, picture.width, picture.height, Int32(image.width * 4), picture.argb,
        picture.argb_stride * 4)
    }
    guard let encoder = WebPAnimEncoderNew(picture.width, picture.height, &options) else {
      throw .webpEncode(reason: "libwebp could not start a \(image.width)x\(image.height) animation")
    }
    defer { WebPAnimEncoderDelete(encoder) }
    var config = config
    var output = WebPData()
    defer { WebPDataClear(&output) }
    guard WebPAnimEncoderAdd(encoder, &picture, 0, &config) != 0,
      WebPAnimEncoderAdd(encoder, nil, Int32(endMilliseconds), nil) != 0,
      WebPAnimEncoderAssemble(encoder, &output) != 0, let bytes = output.bytes
    else {
      let message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
      throw .webpEncode(reason: message.isEmpty ? "libwebp failed (error \(picture.error_code.rawValue))" : message)
    }
    return Data(bytes: bytes, count: output.size)
  }
}
