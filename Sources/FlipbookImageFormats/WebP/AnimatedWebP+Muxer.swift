import CFlipbook
import CWebP
import FlipbookGraphics
import Foundation

// MARK: - AnimatedWebP.Muxer

extension AnimatedWebP {
  /// libwebpmux's `WebPMux`, given the frames' bitstreams in order (each one copied in, so the caller's
  /// bytes can go) and assembled into the file: the same container calls libwebp's animation encoder
  /// makes (FlushFrames and WebPAnimEncoderAssemble in src/mux/anim_encode.c,
  /// https://github.com/webmproject/libwebp/blob/v1.2.4/src/mux/anim_encode.c).
  ///
  /// A class because it owns the `WebPMux` and deletes it in `deinit`.
  final class Muxer {
    private let mux: OpaquePointer
    /// Frames pushed so far.
    private(set) var frameCount = 0

    init() throws(GraphicsError) {
      guard let mux = WebPMuxNew() else {
        throw .webpEncode(reason: "libwebpmux does not match the headers it was built with")
      }
      self.mux = mux
    }

    deinit {
      WebPMuxDelete(mux)
    }

    /// Appends a frame: `bitstream` drawn at `rect`'s corner (even offsets) for `duration` ms, blended
    /// or not, and its rectangle cleared afterwards or not.
    func push(
      _ bitstream: [UInt8], rect: fb_webp_rect, duration: Int, disposeToBackground: Bool, blend: Bool
    ) throws(GraphicsError) {
      let status = bitstream.withUnsafeBufferPointer { bytes in
        var frame = WebPMuxFrameInfo()
        frame.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        frame.x_offset = rect.x
        frame.y_offset = rect.y
        frame.duration = Int32(duration)
        frame.id = WEBP_CHUNK_ANMF
        frame.dispose_method = disposeToBackground ? WEBP_MUX_DISPOSE_BACKGROUND : WEBP_MUX_DISPOSE_NONE
        frame.blend_method = blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
        return WebPMuxPushFrame(mux, &frame, 1)
      }
      guard status == WEBP_MUX_OK else {
        throw .webpEncode(reason: "frame \(frameCount) was refused by libwebpmux (error \(status.rawValue))")
      }
      frameCount += 1
    }

    /// The file: a `width` x `height` canvas, looping `loopCount` times (0: forever), on a transparent
    /// background colour.
    func assemble(width: Int, height: Int, loopCount: Int) throws(GraphicsError) -> Data {
      var status = WebPMuxSetCanvasSize(mux, Int32(width), Int32(height))
      if status == WEBP_MUX_OK {
        var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(loopCount))
        status = WebPMuxSetAnimationParams(mux, &parameters)
      }
      var output = WebPData()
      defer { WebPDataClear(&output) }
      if status == WEBP_MUX_OK { status = WebPMuxAssemble(mux, &output) }
      guard status == WEBP_MUX_OK, let bytes = output.bytes else {
        throw .webpEncode(reason: "assembling the file: libwebpmux error \(status.rawValue)")
      }
      return Data(bytes: bytes, count: output.size)
    }
  }
}
