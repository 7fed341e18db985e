import CFlipbook
import CWebP
import FlipbookGraphics
import FlipbookSupport
import Foundation

// MARK: - AnimatedWebP.Encoder

extension AnimatedWebP {
  /// Builds an animated WebP one frame at a time, compressing frames on `jobs` threads while the caller
  /// reads the next ones, and writes the file libwebp's own animation encoder (`WebPAnimEncoder`) would.
  ///
  /// ```swift
  /// let encoder = try AnimatedWebP.Encoder(quality: .lossless, jobs: 4)
  /// for (index, image) in frames.enumerated() {
  ///   try encoder.append(image, timestampMilliseconds: Double(index) * 1000 / 60)
  /// }
  /// let webp = try encoder.finish(endMilliseconds: Double(frames.count) * 1000 / 60)
  /// ```
  ///
  /// `WebPAnimEncoder` compresses every frame on the calling thread, one after another. But with the
  /// options used here (no key frames, no mixing of lossy and lossless, no exhaustive search) each frame's
  /// compression depends only on that frame and the one before it, never on an earlier frame's
  /// bitstream: the rectangle that changed, whether clearing the previous frame's rectangle first makes
  /// it smaller, and whether blending lets unchanged pixels be stored transparent. So `append` makes those
  /// decisions at once, as libwebp makes them (`fb_webp_plan_frame`), and hands the frame to a thread;
  /// the bitstreams come back in order and go into libwebpmux's `WebPMux`, as libwebp's do. The file is
  /// byte for byte the one `WebPAnimEncoder` writes, whatever `jobs` is.
  ///
  /// Memory stays at a few frames however long the animation is: at most `2 * jobs` frames wait for or
  /// are in compression (`append` waits for the oldest beyond that), each holding its pixels and, shared
  /// with its neighbour, the previous frame's.
  ///
  /// A frame identical to the one before it is not compressed: the earlier frame shows on until the next
  /// different one. An animation whose frames are all identical comes out as a still WebP, which is how
  /// libwebp stores one frame.
  ///
  /// A class, not a struct, because it owns the threads and libwebpmux's muxer. Not thread-safe.
  public final class Encoder {
    /// The loop count written to the file: 0 loops forever.
    public let loopCount: Int
    /// Lossless, or lossy at a quality, for every frame.
    public let quality: Quality
    /// How many threads compress frames; 1 compresses each on the calling thread during `append`.
    public let jobs: Int
    private var config = WebPConfig()
    /// The canvas, the first frame's size; 0 before it.
    private var width = 0
    private var height = 0
    private var timeline = Timeline()
    /// The last frame appended (skipped or not), which an identical successor merges into.
    private var lastAppended: Image?
    /// The last stored frame's straight ARGB, which the next frame is compared with.
    private var canvas: [UInt32]?
    /// The last stored frame's rectangle, which the next frame may clear.
    private var canvasRect = fb_webp_rect()
    /// The last appended frame's start, in whole milliseconds.
    private var lastStart = 0
    /// Stored frames not yet in the muxer, oldest first: the last one's duration and disposal are not
    /// final until the next one is planned, and a frame's bitstream may still be on its way.
    private var records: [Record] = []
    /// Stored frames so far, the 1x1 stand-ins included.
    private var storedCount = 0
    /// The first frame, kept while it is the only stored one: alone, it is written by libwebp itself.
    private var firstImage: Image?
    private let queue: OrderedWorkQueue<FrameJob, Result<[UInt8], GraphicsError>>
    private var muxer: Muxer?
    private var finished = false
    /// The error that broke the encoder (a frame libwebp could not compress); every later call throws it.
    private var failure: GraphicsError?

    /// A stored frame: where it goes, how it is drawn, how long it shows, and its bitstream once compressed.
    private struct Record {
      var rect: fb_webp_rect
      var blend: Bool
      var disposeToBackground = false
      var duration = 0
      var bitstream: [UInt8]?
    }

    /// - Parameters:
    ///   - loopCount: how many times viewers play the animation, 0 (forever) through 65535.
    ///   - quality: `.lossless`, or `.lossy(q)` with q in 0...100.
    ///   - jobs: threads that compress frames (at least 1); the bytes are the same for any.
    /// - Throws: `GraphicsError.webpEncode` for a setting out of range.
    public init(loopCount: Int = 0, quality: Quality = .lossless, jobs: Int = 1) throws(GraphicsError) {
      guard (0...AnimatedWebP.maxLoopCount).contains(loopCount) else {
        throw .webpEncode(reason: "loop count \(loopCount) is not in 0...\(AnimatedWebP.maxLoopCount)")
      }
      self.loopCount = loopCount
      self.quality = quality
      self.jobs = max(1, jobs)
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
      // libwebp's own threads (thread_level) stay off: frames are compressed in parallel instead, and
      // each frame's bytes cannot depend on scheduling.
      config.thread_level = 0
      guard WebPValidateConfig(&config) != 0 else { throw .webpEncode(reason: "libwebp refused the settings") }
      let frameConfig = config
      queue = OrderedWorkQueue(jobs: self.jobs) { job in job.encode(config: frameConfig) }
    }

    /// Adds the next frame, which starts at `timestampMilliseconds` (exactly: fractions are rounded
    /// here, from the first frame's time, so their errors do not add up; see `Timeline`).
    ///
    /// - Throws: `GraphicsError.webpEncode` when the frame's size differs from the first frame's, the
    ///   first frame is wider or taller than 16383 pixels, the time is not after the previous frame's
    ///   (by enough to round to a later millisecond) or is 2^24 ms or more after it, libwebp fails (on
    ///   this frame or an earlier one), or `finish` was called.
    public func append(_ image: Image, timestampMilliseconds: Double) throws(GraphicsError) {
      guard !finished else { throw .webpEncode(reason: "a frame was appended after finish") }
      if let failure { throw failure }
      let index = timeline.frameCount
      if index > 0, image.width != width || image.height != height {
        throw .webpEncode(
          reason: "frame \(index) is \(image.width)x\(image.height) but frame 0 is \(width)x\(height); "
            + "every frame of an animated WebP must have the same size")
      }
      if index == 0, image.width > AnimatedWebP.maxSide || image.height > AnimatedWebP.maxSide {
        throw .webpEncode(
          reason: "\(image.width)x\(image.height) is larger than WebP's \(AnimatedWebP.maxSide) pixels a side")
      }
      // Placed on a copy, kept only once the frame is in: a refused frame changes nothing.
      var placing = timeline
      let start = try placing.place(timestampMilliseconds)
      if let lastAppended, lastAppended.pixels == image.pixels {
        timeline = placing
        return
      }
      if index > 0 { try checkDuration(start - lastStart, of: "frame \(index)") }
      if index == 0 {
        width = image.width
        height = image.height
      }
      timeline = placing
      lastAppended = image
      // The time since the last frame goes to the last stored one first: a 1x1 stand-in frame made here
      // is the one this frame may clear, as in libwebp (WebPAnimEncoderAdd lengthens before it plans).
      if index > 0 { try extendLastFrame(by: start - lastStart) }
      lastStart = start
      let current = Self.straightARGB(image)
      let plan = FrameJob.plan(
        current: current, previous: canvas, previousRect: canvasRect, width: width, height: height,
        lossless: config.lossless != 0, quality: config.quality)
      // Lossy: close enough to the previous stored frame, which shows on.
      if plan.skip != 0 { return }
      if plan.dispose_previous != 0 { records[records.count - 1].disposeToBackground = true }
      let job = FrameJob(
        current: current, previous: canvas, cleared: plan.dispose_previous != 0 ? canvasRect : fb_webp_rect(),
        plan: plan, width: width)
      records.append(Record(rect: plan.rect, blend: plan.blend != 0))
      storedCount += 1
      firstImage = storedCount == 1 ? image : nil
      canvas = current
      canvasRect = plan.rect
      do throws(GraphicsError) {
        queue.waitUntilUncomputed(below: 2 * jobs)
        queue.submit(job)
        for result in queue.takeReady() { try attach(result) }
        try pushFinishedFrames(includingLast: false)
      } catch {
        failure = error
        throw error
      }
    }

    /// Ends the animation at `endMilliseconds` (the last frame shows until then) and returns the file.
    ///
    /// - Throws: `GraphicsError.webpEncode` when no frame was appended, the end is not after the last
    ///   frame's start (or is 2^24 ms or more after it), libwebp fails, or `finish` was already called.
    public func finish(endMilliseconds: Double) throws(GraphicsError) -> Data {
      guard !finished else { throw .webpEncode(reason: "finish was called twice") }
      if let failure { throw failure }
      let end = try timeline.end(endMilliseconds)
      try checkDuration(end - lastStart, of: "the end")
      finished = true
      try extendLastFrame(by: end - lastStart)
      while let result = queue.takeNext() { try attach(result) }
      lastAppended = nil
      canvas = nil
      if storedCount == 1, let firstImage {
        return try AnimatedWebP.singleFrame(firstImage, endMilliseconds: end, loopCount: loopCount, config: config)
      }
      try pushFinishedFrames(includingLast: true)
      guard let muxer else { throw .webpEncode(reason: "no frame reached the muxer") }
      return try muxer.assemble(width: width, height: height, loopCount: loopCount)
    }

    /// Refuses a gap between frames an ANMF chunk cannot store (libwebp's limit, 2^24 ms: 4.6 hours).
    private func checkDuration(_ milliseconds: Int, of what: String) throws(GraphicsError) {
      guard milliseconds < AnimatedWebP.maxDuration else {
        throw .webpEncode(
          reason: "\(what) is \(milliseconds) ms after the frame before it; WebP shows a frame for less than "
            + "\(AnimatedWebP.maxDuration) ms")
      }
    }

    /// Lengthens the last stored frame; past what one ANMF chunk can say, a 1x1 transparent frame takes
    /// the time instead, as libwebp's animation encoder does.
    private func extendLastFrame(by milliseconds: Int) throws(GraphicsError) {
      let last = records.count - 1
      if records[last].duration + milliseconds < AnimatedWebP.maxDuration {
        records[last].duration += milliseconds
        return
      }
      let stand = FrameJob.transparentPixel
      records.append(
        Record(
          rect: stand.plan.rect, blend: true, duration: milliseconds, bitstream: try stand.encode(config: config).get())
      )
      storedCount += 1
      firstImage = nil
      canvasRect = stand.plan.rect
    }

    /// Gives a compressed bitstream to the oldest stored frame still without one.
    private func attach(_ result: Result<[UInt8], GraphicsError>) throws(GraphicsError) {
      let bitstream = try result.get()
      guard let index = records.firstIndex(where: { $0.bitstream == nil }) else {
        throw .webpEncode(reason: "a compressed frame had no place in the file")
      }
      records[index].bitstream = bitstream
    }

    /// Moves the oldest stored frames whose bitstreams and metadata are final into the muxer.
    private func pushFinishedFrames(includingLast: Bool) throws(GraphicsError) {
      var pushed = 0
      while pushed < records.count - (includingLast ? 0 : 1), let bitstream = records[pushed].bitstream {
        let record = records[pushed]
        if muxer == nil { muxer = try Muxer() }
        try muxer?.push(
          bitstream, rect: record.rect, duration: record.duration, disposeToBackground: record.disposeToBackground,
          blend: record.blend)
        pushed += 1
      }
      records.removeFirst(pushed)
    }

    /// `image`'s pixels un-premultiplied into the straight ARGB libwebp takes.
    private static func straightARGB(_ image: Image) -> [UInt32] {
      [UInt32](unsafeUninitializedCapacity: image.width * image.height) { argb, count in
        image.pixels.withUnsafeBufferPointer { source in
          fb_pixels_to_straight_argb(
            source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), argb.baseAddress,
            Int32(image.width * 4))
        }
        count = image.width * image.height
      }
    }
  }
}
