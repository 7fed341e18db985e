import FlipbookGraphics
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - AnimatedPNG.Encoder

extension AnimatedPNG {
  /// Builds an APNG one frame at a time, holding a few images (the frame waiting for its delay to be
  /// known, the one stored before it, and a batch of cropped frames being deflated on `jobs` threads), so
  /// a preview of thousands of frames needs the memory of a handful. The bytes do not depend on `jobs`.
  ///
  /// A frame's delay is only known once the next different frame arrives (identical frames merge into
  /// one longer delay), so each frame is written one step late; `acTL`'s frame count, known only at the
  /// end, is written in front of the frames by `finish()`.
  public struct Encoder {
    let loopCount: Int
    let options: PNGOptions
    let hasAlpha: Bool
    let mergeIdentical: Bool
    let cropToChanges: Bool
    let jobs: Int
    /// Frames cropped and timed, waiting to be deflated together.
    private var batch: [(image: Image, region: PixelRegion, duration: Rational)] = []
    /// The frame whose delay may still grow.
    private var pending: Frame?
    /// The last frame written, which the next one is cropped against.
    private var previous: Image?
    private var header: [UInt8] = []
    /// fcTL, IDAT and fdAT chunks after acTL (the writer's signature is dropped when joining).
    private var body = PNGContainer.Writer()
    private var sequence: UInt32 = 0
    private var stored = 0
    private var appended = 0
    /// The frames' durations added up as asked, and as stored (they differ only when a delay had no
    /// 16-bit fraction; the next frame then makes up the difference).
    private var exactTotal = Rational.zero
    private var storedTotal = Rational.zero

    /// `hasAlpha` picks RGBA over RGB for every frame; it must be known before the first frame is
    /// deflated (a caller streaming frames reads it from their PNG headers).
    public init(
      loopCount: Int = 0, options: PNGOptions = .fast, hasAlpha: Bool, mergeIdentical: Bool = true,
      cropToChanges: Bool = true, jobs: Int = 1
    ) {
      self.jobs = max(1, jobs)
      self.loopCount = loopCount
      self.options = options
      self.hasAlpha = hasAlpha || options.keepAlpha
      self.mergeIdentical = mergeIdentical
      self.cropToChanges = cropToChanges
    }

    /// Adds the next frame; it must have the first frame's size and a finite, non-negative delay.
    public mutating func append(_ frame: Frame) throws(GraphicsError) {
      let index = appended
      if let first = pending?.image ?? previous,
        frame.image.width != first.width || frame.image.height != first.height
      {
        throw .pngEncode(
          reason:
            "frame \(index) is \(frame.image.width)x\(frame.image.height) but frame 0 is \(first.width)x\(first.height); "
            + "every frame of an animated PNG must have the same size")
      }
      guard frame.duration >= .zero else {
        throw .pngEncode(reason: "frame \(index) has an invalid delay \(frame.duration) s (must be finite and >= 0 s)")
      }
      appended += 1
      if mergeIdentical, let last = pending, last.image.pixels == frame.image.pixels {
        pending?.duration = last.duration + frame.duration
        return
      }
      try flush()
      pending = frame
    }

    /// The whole file. Throws when no frame was appended or the loop count does not fit.
    public mutating func finish() throws(GraphicsError) -> Data {
      let (head, tail) = try finishParts()
      return Data(head + takeBody() + tail)
    }

    /// The bytes of the chunks written since the last call (fcTL, IDAT, fdAT), which a caller streaming
    /// the file to disk takes as they grow, so the encoder holds none of them for long.
    public mutating func takeBody() -> [UInt8] {
      defer { body = PNGContainer.Writer() }
      return Array(body.bytes.dropFirst(PNGContainer.signature.count))
    }

    /// How many body bytes `takeBody()` would return now.
    public var bodyByteCount: Int { body.bytes.count - PNGContainer.signature.count }

    /// The length of `finishParts()`'s head: the signature, IHDR and acTL, whatever the frames. A caller
    /// streaming the body reserves this many bytes at the start of the file and writes the head there.
    public static let headByteCount = 8 + (12 + 13) + (12 + 8)

    /// Ends the file and returns what goes around the body: the signature, IHDR and acTL (whose frame
    /// count is known only now) in front, IEND after. The last frames go into the body first.
    public mutating func finishParts() throws(GraphicsError) -> (head: [UInt8], tail: [UInt8]) {
      try flush()
      try deflateBatch()
      guard stored > 0 else { throw .pngEncode(reason: "an animated PNG needs at least one frame") }
      guard (0...Int(UInt32.max)).contains(loopCount) else {
        throw .pngEncode(reason: "loop count \(loopCount) is not in 0...\(UInt32.max)")
      }
      var file = PNGContainer.Writer(reservingCapacity: Self.headByteCount)
      file.append("IHDR", header)
      file.append("acTL", bigEndianBytes(UInt32(stored)) + bigEndianBytes(UInt32(loopCount)))
      var end = PNGContainer.Writer()
      end.append("IEND", [UInt8]())
      return (file.bytes, Array(end.bytes.dropFirst(PNGContainer.signature.count)))
    }

    /// Writes the pending frame, now that its delay is final.
    private mutating func flush() throws(GraphicsError) {
      guard let frame = pending else { return }
      pending = nil
      let width = frame.image.width
      let height = frame.image.height
      var region = PixelRegion(x: 0, y: 0, width: width, height: height)
      if cropToChanges, let previous {
        region =
          AnimatedPNG.changedRegion(from: previous, to: frame.image) ?? PixelRegion(x: 0, y: 0, width: 1, height: 1)
      }
      let image = region.width == width && region.height == height ? frame.image : frame.image.cropped(to: region)
      batch.append((image, region, frame.duration))
      if batch.count >= 2 * jobs { try deflateBatch() }
      previous = frame.image
    }

    /// Deflates the batch in parallel and appends its chunks in order.
    private mutating func deflateBatch() throws(GraphicsError) {
      guard !batch.isEmpty else { return }
      var frameOptions = options
      frameOptions.keepAlpha = hasAlpha
      let images = batch.map(\.image)
      let alpha = hasAlpha
      let options = frameOptions
      let results = parallelMap(count: images.count, jobs: jobs) { index in
        Result { () throws(GraphicsError) in
          try AnimatedPNG.deflatedFrame(images[index], options: options, hasAlpha: alpha)
        }
      }
      for (item, result) in zip(batch, results) {
        let (frameHeader, zlib) = try result.get()
        write(region: item.region, duration: item.duration, header: frameHeader, zlib: zlib)
      }
      batch.removeAll(keepingCapacity: true)
    }

    /// Appends one frame's fcTL and its IDAT (the first frame) or fdAT chunks.
    private mutating func write(region: PixelRegion, duration: Rational, header frameHeader: [UInt8], zlib: [UInt8]) {
      let first = stored == 0
      if first { header = frameHeader }
      exactTotal = exactTotal + duration
      let (numerator, denominator) = AnimatedPNG.delayFraction(exactTotal - storedTotal)
      storedTotal = storedTotal + (Rational(Int64(numerator), Int64(denominator)) ?? .zero)
      let control = FrameControl(
        sequenceNumber: sequence, width: region.width, height: region.height, x: region.x, y: region.y,
        delayNumerator: numerator, delayDenominator: denominator, dispose: .none, blend: .source)
      body.append("fcTL", control.bytes)
      sequence += 1
      // Split only streams beyond PNG's chunk limit (2 GiB); normally one chunk per frame.
      var start = 0
      repeat {
        let end = min(zlib.count, start + PNGContainer.maxChunkLength - 4)
        if first {
          body.append("IDAT", zlib[start..<end])
        } else {
          body.append("fdAT", bigEndianBytes(sequence)[...], zlib[start..<end])
          sequence += 1
        }
        start = end
      } while start < zlib.count
      stored += 1
    }
  }
}
