import CFlipbook
import CWebP
import FlipbookGraphics
import Foundation

// MARK: - AnimatedWebP.Encoder

extension AnimatedWebP {
  /// Builds an animated WebP one frame at a time. libwebp compresses each frame as it is appended
  /// (only the rectangle that changed, choosing blending and disposal itself), so memory stays at a few
  /// frames however long the animation is.
  ///
  /// ```swift
  /// let encoder = try AnimatedWebP.Encoder(quality: .lossless)
  /// for (index, image) in frames.enumerated() {
  ///   try encoder.append(image, timestampMilliseconds: Double(index) * 1000 / 60)
  /// }
  /// let webp = try encoder.finish(endMilliseconds: Double(frames.count) * 1000 / 60)
  /// ```
  ///
  /// A frame identical to the one before it is not handed to libwebp: the earlier frame shows on
  /// until the next different one (libwebp would merge it too, after converting and diffing it).
  /// Output is deterministic: libwebp runs on the calling thread (`thread_level` 0). An animation
  /// whose frames are all identical comes out as a still WebP, which is how libwebp stores one frame.
  ///
  /// A class, not a struct, because it owns libwebp's encoder and frame buffer and frees them in
  /// `deinit`. Not thread-safe.
  public final class Encoder {
    /// The loop count written to the file: 0 loops forever.
    public let loopCount: Int
    /// Lossless, or lossy at a quality, for every frame.
    public let quality: Quality
    private var config = WebPConfig()
    /// Created with the first frame, whose size becomes the canvas's.
    private var animation: OpaquePointer?
    /// The straight-ARGB buffer every frame is converted into before it is handed to libwebp.
    private var picture = WebPPicture()
    private var timeline = Timeline()
    /// The last frame handed to libwebp, which an identical successor merges into.
    private var previous: Image?
    private var finished = false

    /// - Parameters:
    ///   - loopCount: how many times viewers play the animation, 0 (forever) through 65535.
    ///   - quality: `.lossless`, or `.lossy(q)` with q in 0...100.
    /// - Throws: `GraphicsError.webpEncode` for a setting out of range.
    public init(loopCount: Int = 0, quality: Quality = .lossless) throws(GraphicsError) {
      guard (0...AnimatedWebP.maxLoopCount).contains(loopCount) else {
        throw .webpEncode(reason: "loop count \(loopCount) is not in 0...\(AnimatedWebP.maxLoopCount)")
      }
      self.loopCount = loopCount
      self.quality = quality
      guard WebPConfigInit(&config) != 0 else {
        throw .webpEncode(reason: "libwebp's library does not match the headers it was built with")
      }
      switch quality {
      case .lossless:
        config.lossless = 1
      case .lossy(let value):
        guard (0...100).contains(value) else {
          throw .webpEncode(reason: "lossy quality \(value) is not in 0...100")
        }
        config.quality = Float(value)
      }
      // One thread: the bytes then cannot depend on scheduling.
      config.thread_level = 0
      guard WebPValidateConfig(&config) != 0 else { throw .webpEncode(reason: "libwebp refused the settings") }
    }

    deinit {
      if let animation { WebPAnimEncoderDelete(animation) }
      WebPPictureFree(&picture)
    }

    /// Adds the next frame, which starts at `timestampMilliseconds` (exactly: fractions are rounded
    /// here, from the first frame's time, so their errors do not add up; see `Timeline`).
    ///
    /// - Throws: `GraphicsError.webpEncode` when the frame's size differs from the first frame's, the
    ///   first frame is wider or taller than 16383 pixels, the time is not after the previous frame's
    ///   (by enough to round to a later millisecond), libwebp fails, or `finish` was called.
    public func append(_ image: Image, timestampMilliseconds: Double) throws(GraphicsError) {
      guard !finished else { throw .webpEncode(reason: "a frame was appended after finish") }
      let index = timeline.frameCount
      if animation != nil, image.width != Int(picture.width) || image.height != Int(picture.height) {
        throw .webpEncode(
          reason: "frame \(index) is \(image.width)x\(image.height) but frame 0 is \(picture.width)x\(picture.height); "
            + "every frame of an animated WebP must have the same size")
      }
      // Placed on a copy, kept only once the frame is in: a refused frame changes nothing.
      var placing = timeline
      let startMilliseconds = try placing.place(timestampMilliseconds)
      if animation == nil { try createEncoder(width: image.width, height: image.height) }
      if let previous, previous.pixels == image.pixels {
        timeline = placing
        return
      }
      image.pixels.withUnsafeBufferPointer { source in
        fb_pixels_to_straight_argb(
          source.baseAddress, picture.width, picture.height, Int32(image.width * 4), picture.argb,
          picture.argb_stride * 4)
      }
      guard WebPAnimEncoderAdd(animation, &picture, Int32(startMilliseconds), &config) != 0 else {
        throw .webpEncode(reason: "frame \(index): \(libwebpError)")
      }
      timeline = placing
      previous = image
    }

    /// Ends the animation at `endMilliseconds` (the last frame shows until then) and returns the file.
    ///
    /// - Throws: `GraphicsError.webpEncode` when no frame was appended, the end is not after the last
    ///   frame's start, libwebp fails, or `finish` was already called.
    public func finish(endMilliseconds: Double) throws(GraphicsError) -> Data {
      guard !finished else { throw .webpEncode(reason: "finish was called twice") }
      let end = try timeline.end(endMilliseconds)
      guard WebPAnimEncoderAdd(animation, nil, Int32(end), nil) != 0 else {
        throw .webpEncode(reason: "the end: \(libwebpError)")
      }
      var output = WebPData()
      defer { WebPDataClear(&output) }
      guard WebPAnimEncoderAssemble(animation, &output) != 0, let bytes = output.bytes else {
        throw .webpEncode(reason: "assembling the file: \(libwebpError)")
      }
      finished = true
      previous = nil
      return Data(bytes: bytes, count: output.size)
    }

    /// Creates libwebp's encoder and the frame buffer for a `width` x `height` canvas.
    private func createEncoder(width: Int, height: Int) throws(GraphicsError) {
      guard width <= AnimatedWebP.maxSide && height <= AnimatedWebP.maxSide else {
        throw .webpEncode(
          reason: "\(width)x\(height) is larger than WebP's \(AnimatedWebP.maxSide) pixels a side")
      }
      var options = WebPAnimEncoderOptions()
      guard WebPAnimEncoderOptionsInit(&options) != 0, WebPPictureInit(&picture) != 0 else {
        throw .webpEncode(reason: "libwebpmux does not match the headers it was built with")
      }
      options.anim_params.loop_count = Int32(loopCount)
      // Transparent, as every frame starts; viewers mostly ignore this hint anyway.
      options.anim_params.bgcolor = 0
      // Keep to the quality asked for: no lossy frames in a lossless file, and no exhaustive
      // search (minimize_size), which is many times slower.
      options.allow_mixed = 0
      options.minimize_size = 0
      picture.use_argb = 1
      picture.width = Int32(width)
      picture.height = Int32(height)
      guard WebPPictureAlloc(&picture) != 0 else {
        throw .webpEncode(reason: "out of memory for a \(width)x\(height) frame")
      }
      guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
        throw .webpEncode(reason: "libwebp could not start a \(width)x\(height) animation")
      }
      animation = encoder
    }

    /// libwebp's message for the last call that failed.
    private var libwebpError: String {
      guard let animation, let message = WebPAnimEncoderGetError(animation), message.pointee != 0 else {
        return "libwebp failed (error \(picture.error_code.rawValue))"
      }
      return String(cString: message)
    }
  }
}
