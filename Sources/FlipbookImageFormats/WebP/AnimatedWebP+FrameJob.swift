import CFlipbook
import CWebP
import FlipbookGraphics

// MARK: - AnimatedWebP.FrameJob

extension AnimatedWebP {
  /// One planned frame, ready to be compressed on any thread: its pixels, the canvas it is drawn over,
  /// and how it is stored (`fb_webp_plan_frame`). Its bitstream depends on nothing else, so frames are
  /// compressed in parallel and the file does not depend on which thread compressed which.
  struct FrameJob: Sendable {
    /// This frame's straight ARGB, `width` pixels a row.
    let current: [UInt32]
    /// The previous stored frame's straight ARGB; nil for the first frame (a transparent canvas).
    let previous: [UInt32]?
    /// The rectangle of `previous` cleared before this frame is drawn (empty when none is).
    let cleared: fb_webp_rect
    let plan: fb_webp_frame_plan
    let width: Int

    /// Plans the frame `current` (straight ARGB, `width` x `height`) after `previous`, whose planned
    /// rectangle was `previousRect`; the plan says whether it is skipped.
    static func plan(
      current: [UInt32], previous: [UInt32]?, previousRect: fb_webp_rect, width: Int, height: Int,
      lossless: Bool, quality: Float
    ) -> fb_webp_frame_plan {
      var plan = fb_webp_frame_plan()
      current.withUnsafeBufferPointer { current in
        withOptionalBuffer(previous) { previous in
          fb_webp_plan_frame(
            previous, previousRect, current.baseAddress, Int32(width), Int32(height), lossless ? 1 : 0, quality,
            &plan)
        }
      }
      return plan
    }

    /// A 1x1 transparent frame drawn with blending: it changes nothing, and stands in where one frame
    /// must show longer than an ANMF chunk's duration can say (libwebp's animation encoder does the same,
    /// IncreasePreviousDuration in src/mux/anim_encode.c).
    static let transparentPixel = FrameJob(
      current: [0], previous: nil, cleared: fb_webp_rect(),
      plan: fb_webp_frame_plan(
        skip: 0, rect: fb_webp_rect(x: 0, y: 0, width: 1, height: 1), dispose_previous: 0, blend: 1),
      width: 1)

    /// The frame's bitstream (a whole still WebP file, which `WebPMuxPushFrame` takes), compressed on the
    /// calling thread with `config` (libwebp's `thread_level` stays 0: parallelism is across frames).
    func encode(config: WebPConfig) -> Result<[UInt8], GraphicsError> {
      var config = config
      let lossless = config.lossless != 0
      // libwebp turns the loop filter off for blended lossy frames, whose edges would otherwise smear
      // across the transparent blocks (EncodeCandidate in src/mux/anim_encode.c).
      if !lossless && plan.blend != 0 {
        config.autofilter = 0
        config.filter_strength = 0
      }
      var picture = WebPPicture()
      guard WebPPictureInit(&picture) != 0 else {
        return .failure(.webpEncode(reason: "libwebp does not match the headers it was built with"))
      }
      defer { WebPPictureFree(&picture) }
      picture.use_argb = 1
      picture.width = plan.rect.width
      picture.height = plan.rect.height
      guard WebPPictureAlloc(&picture) != 0, picture.argb_stride == picture.width, let argb = picture.argb else {
        return .failure(.webpEncode(reason: "out of memory for a \(plan.rect.width)x\(plan.rect.height) frame"))
      }
      var plan = self.plan
      current.withUnsafeBufferPointer { current in
        withOptionalBuffer(previous) { previous in
          fb_webp_frame_pixels(
            previous, cleared, current.baseAddress, Int32(width), &plan, lossless ? 1 : 0, config.quality, argb)
        }
      }
      var writer = WebPMemoryWriter()
      WebPMemoryWriterInit(&writer)
      defer { WebPMemoryWriterClear(&writer) }
      let encoded = withUnsafeMutablePointer(to: &writer) { writer in
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        return WebPEncode(&config, &picture)
      }
      guard encoded != 0, let bytes = writer.mem else {
        return .failure(.webpEncode(reason: "libwebp failed (error \(picture.error_code.rawValue))"))
      }
      return .success(Array(UnsafeBufferPointer(start: bytes, count: writer.size)))
    }
  }
}

/// Runs `body` with `array`'s storage, or with nil for no array.
private func withOptionalBuffer<R>(_ array: [UInt32]?, _ body: (UnsafePointer<UInt32>?) -> R) -> R {
  guard let array else { return body(nil) }
  return array.withUnsafeBufferPointer { body($0.baseAddress) }
}
