import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Helpers

/// A `width` x `height` image (48 x 36 unless given) whose straight RGBA pixel at (x, y) is `color(x, y)`.
private func image(width: Int = 48, height: Int = 36, _ color: (Int, Int) -> [UInt8]) throws -> Image {
  try testImage(width: width, height: height, color)
}

/// A translucent frame: a background whose alpha falls from left to right, under a half-transparent
/// orange square at (`step` * 3, `step` * 2), with fully transparent pixels in the top-left corner.
private func translucentFrame(_ step: Int) throws -> Image {
  try image { x, y in
    if x >= step * 3 && x < step * 3 + 10 && y >= step * 2 && y < step * 2 + 10 { return [255, 128, 0, 140] }
    if x < 4 && y < 4 { return [0, 0, 0, 0] }
    return [UInt8(x * 5), UInt8(y * 7), 200, UInt8(255 - x * 4)]
  }
}

/// Opaque white with a red 8x8 square that moves `step` * 4 pixels right.
private func squareFrame(_ step: Int) throws -> Image {
  try image { x, y in
    x >= step * 4 && x < step * 4 + 8 && y >= 10 && y < 18 ? [255, 0, 0, 255] : [255, 255, 255, 255]
  }
}

/// Smooth gradients with grain, as a photograph has: where lossy coding pays off.
private func photoFrame(_ step: Int) throws -> Image {
  var seed: UInt32 = 7 &+ UInt32(step)
  return try image(width: 160, height: 120) { x, y in
    seed = seed &* 1_103_515_245 &+ 12345
    let grain = Int((seed >> 16) % 24) - 12
    func channel(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value + grain))) }
    return [channel(x + step * 3), channel(y * 2), channel(255 - x - y / 2), 255]
  }
}

/// The exact start of frame `index` at `fps` frames a second, in milliseconds.
private func start(_ index: Int, fps: Double = 60) -> Double { Double(index) * 1000 / fps }

/// Encodes `frames` at `fps`, ending one frame after the last.
private func encode(
  _ frames: [Image], fps: Double = 60, loopCount: Int = 0, quality: AnimatedWebP.Quality = .lossless
) throws -> Data {
  let encoder = try AnimatedWebP.Encoder(loopCount: loopCount, quality: quality)
  for (index, frame) in frames.enumerated() {
    try encoder.append(frame, timestampMilliseconds: start(index, fps: fps))
  }
  return try encoder.finish(endMilliseconds: start(frames.count, fps: fps))
}

/// The reason of the `webpEncode` error `body` throws (any other error's whole description), or nil.
private func webpRefusal(_ body: () throws -> Void) -> String? {
  reason(of: thrownGraphicsError(body), after: "cannot encode WebP: ")
}

// MARK: - Timeline

@Suite struct AnimatedWebPTimelineTests {
  @Test func sixtyFramesASecondAreRoundedWithoutDrift() throws {
    var timeline = AnimatedWebP.Timeline()
    let starts = try (0..<60).map { index in try timeline.place(start(index)) }
    let end = try timeline.end(1000)
    for (index, placed) in starts.enumerated() {
      #expect(abs(Double(placed) - start(index)) <= 0.5, "frame \(index) at \(placed) ms")
    }
    let durations = zip(starts, starts.dropFirst() + [end]).map { $1 - $0 }
    #expect(Array(durations.prefix(6)) == [17, 16, 17, 17, 16, 17])
    #expect(end == 1000)
  }

  @Test func timesCountFromTheFirstFrame() throws {
    var timeline = AnimatedWebP.Timeline()
    #expect(try timeline.place(100.4) == 0)
    #expect(try timeline.place(117.1) == 17)
    #expect(try timeline.end(1100.4) == 1000)
  }

  @Test func timesThatCannotBePlacedAreRefusedChangingNothing() throws {
    var timeline = AnimatedWebP.Timeline()
    #expect(webpRefusal { _ = try timeline.end(10) } == "an animated WebP needs at least one frame")
    #expect(webpRefusal { _ = try timeline.place(.nan) }?.contains("must be finite") == true)
    _ = try timeline.place(0)
    #expect(webpRefusal { _ = try timeline.place(0) }?.contains("not after frame 0 at 0.0 ms") == true)
    #expect(webpRefusal { _ = try timeline.place(0.4) }?.contains("rounds to the same millisecond") == true)
    #expect(webpRefusal { _ = try timeline.place(3e12) }?.contains("2^31 - 1 ms") == true)
    #expect(webpRefusal { _ = try timeline.end(-1) }?.contains("the end is at -1.0 ms") == true)
    #expect(timeline.frameCount == 1)
    #expect(try timeline.place(16.7) == 17)
  }
}

// MARK: - Encoder

@Suite struct AnimatedWebPEncoderTests {
  @Test func settingsOutOfRangeAreRefused() throws {
    #expect(webpRefusal { _ = try AnimatedWebP.Encoder(loopCount: 65_536) } == "loop count 65536 is not in 0...65535")
    #expect(webpRefusal { _ = try AnimatedWebP.Encoder(loopCount: -1) } != nil)
    #expect(webpRefusal { _ = try AnimatedWebP.Encoder(quality: .lossy(-1)) } == "lossy quality -1 is not in 0...100")
    #expect(webpRefusal { _ = try AnimatedWebP.Encoder(quality: .lossy(101)) } == "lossy quality 101 is not in 0...100")
    for quality in [0, 100] { _ = try AnimatedWebP.Encoder(quality: .lossy(quality)) }
    #expect(GraphicsError.webpEncode(reason: "x").description == "cannot encode WebP: x")
  }

  @Test func framesThatDoNotFitAreRefused() throws {
    let empty = try AnimatedWebP.Encoder()
    #expect(webpRefusal { _ = try empty.finish(endMilliseconds: 100) } == "an animated WebP needs at least one frame")

    let mixed = try AnimatedWebP.Encoder()
    try mixed.append(try squareFrame(0), timestampMilliseconds: 0)
    #expect(
      webpRefusal { try mixed.append(try Image(width: 10, height: 10), timestampMilliseconds: 20) }
        == "frame 1 is 10x10 but frame 0 is 48x36; every frame of an animated WebP must have the same size")
    _ = try mixed.finish(endMilliseconds: 20)
    #expect(webpRefusal { try mixed.append(try squareFrame(1), timestampMilliseconds: 40) } != nil)
    #expect(webpRefusal { _ = try mixed.finish(endMilliseconds: 60) } == "finish was called twice")

    let wide = try AnimatedWebP.Encoder()
    #expect(
      webpRefusal { try wide.append(try Image(width: 16_384, height: 1), timestampMilliseconds: 0) }
        == "16384x1 is larger than WebP's 16383 pixels a side")
  }

  @Test func sameFramesGiveTheSameBytes() throws {
    let frames = try (0..<6).map(translucentFrame)
    #expect(try encode(frames) == encode(frames))
    #expect(try encode(frames, quality: .lossy(60)) == encode(frames, quality: .lossy(60)))
  }

  @Test func lossyIsSmallerThanLosslessOnPhotographicFrames() throws {
    let frames = try (0..<4).map(photoFrame)
    let lossless = try encode(frames).count
    let lossy = try encode(frames, quality: .lossy(75)).count
    #expect(lossy * 2 < lossless, "lossy \(lossy) bytes, lossless \(lossless) bytes")
    #expect(try encode(frames, quality: .lossy(10)).count < lossy)
  }
}

// MARK: - Read back by independent decoders

@Suite struct AnimatedWebPDecodedTests {
  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func webpinfoValidatesTheFileAndItsMillisecondTiming() throws {
    let frames = try (0..<9).map(squareFrame)
    let info = try WebPDecoders.info(try encode(frames, loopCount: 3))
    #expect(info.canvas == "48 x 36")
    #expect(info.loopCount == 3)
    #expect(info.frames.count == 9)
    var placed = 0
    for (index, frame) in info.frames.enumerated() {
      #expect(abs(Double(placed) - start(index)) <= 0.5, "frame \(index) starts at \(placed) ms")
      placed += frame.duration
    }
    #expect(info.frames.map(\.duration) == [17, 16, 17, 17, 16, 17, 17, 16, 17])
    #expect(placed == 150)
    // After the first, each frame is stored as (about) the rectangle that changed.
    #expect(info.frames[0].width == 48 && info.frames[0].height == 36)
    #expect(info.frames.dropFirst().allSatisfy { $0.width <= 16 && $0.height <= 12 }, "\(info.frames)")
  }

  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func identicalConsecutiveFramesMergeIntoOneLongerFrame() throws {
    let a = try squareFrame(1)
    let b = try squareFrame(5)
    let info = try WebPDecoders.info(try encode([a, a, b, b, b, a]))
    // Starts 0, 16.7, 33.3, 50, 66.7, 83.3 and the end at 100 ms: a 0-33, b 33-83, a 83-100.
    #expect(info.frames.map(\.duration) == [33, 50, 17])
  }

  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func aRefusedFrameChangesNothing() throws {
    let encoder = try AnimatedWebP.Encoder()
    #expect(webpRefusal { try encoder.append(try squareFrame(0), timestampMilliseconds: .nan) } != nil)
    try encoder.append(try squareFrame(0), timestampMilliseconds: 5)
    #expect(webpRefusal { try encoder.append(try squareFrame(1), timestampMilliseconds: 5.3) } != nil)
    #expect(webpRefusal { try encoder.append(try Image(width: 2, height: 2), timestampMilliseconds: 25) } != nil)
    try encoder.append(try squareFrame(1), timestampMilliseconds: 25)
    let info = try WebPDecoders.info(try encoder.finish(endMilliseconds: 45))
    #expect(info.frames.map(\.duration) == [20, 20])
  }

  @Test(.enabled(if: WebPDecoders.pillowPython != nil, "Pillow is not installed (apt python3-pil)"))
  func pillowDecodesEveryLosslessFrameExactly() throws {
    let frames = try (0..<8).map(translucentFrame) + [try translucentFrame(7), try translucentFrame(2)]
    let decoded = try WebPDecoders.pillowFrames(try encode(frames, fps: 30))
    // Frames 7 and 8 are the same picture: one frame of 67 ms.
    let expected = Array(frames[0..<8]) + [frames[9]]
    #expect(decoded.count == expected.count)
    for (index, (frame, source)) in zip(decoded, expected).enumerated() {
      let differing = zip(frame.image.pixels, source.pixels).filter { $0 != $1 }.count
      #expect(frame.image.width == source.width && differing == 0, "frame \(index): \(differing) pixels differ")
    }
    #expect(decoded.map(\.duration) == [33, 34, 33, 33, 34, 33, 33, 67, 33])
  }

  @Test(.enabled(if: WebPDecoders.pillowPython != nil, "Pillow is not installed (apt python3-pil)"))
  func pillowDecodesLossyFramesCloseToTheSource() throws {
    let frames = try (0..<3).map(photoFrame)
    let decoded = try WebPDecoders.pillowFrames(try encode(frames, quality: .lossy(90)))
    #expect(decoded.count == 3)
    for (frame, source) in zip(decoded, frames) {
      let a = frame.image.rgbaBytes()
      let b = source.rgbaBytes()
      let mean = Double(zip(a, b).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(a.count)
      #expect(mean < 6, "mean channel error \(mean)")
    }
  }
}
