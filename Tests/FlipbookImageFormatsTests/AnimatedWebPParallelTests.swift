import FlipbookGraphicsTestSupport
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Animations that exercise each of libwebp's choices

/// Opaque white with a red 8x8 square moving 4 pixels right a frame: small changed rectangles, blended.
private func movingSquare(_ step: Int) throws -> Image {
  try testImage(width: 48, height: 36) { x, y in
    x >= step * 4 && x < step * 4 + 8 && y >= 10 && y < 18 ? [255, 0, 0, 255] : [255, 255, 255, 255]
  }
}

/// A background whose alpha falls from left to right under a half-transparent orange square that moves,
/// with a transparent corner: where the square leaves, translucent pixels change, so blending cannot give
/// them and the frame must replace its rectangle.
private func translucent(_ step: Int) throws -> Image {
  try testImage(width: 48, height: 36) { x, y in
    if x >= step * 3 && x < step * 3 + 10 && y >= step * 2 && y < step * 2 + 10 { return [255, 128, 0, 140] }
    if x < 4 && y < 4 { return [0, 0, 0, 0] }
    return [UInt8(x * 5), UInt8(y * 7), 200, UInt8(255 - x * 4)]
  }
}

/// A transparent canvas where a large blue square (even steps) gives way to a small dot (odd steps):
/// clearing the square's rectangle first leaves a far smaller rectangle to store, so the square's frame
/// is disposed to the background.
private func squareThenDot(_ step: Int) throws -> Image {
  try testImage(width: 64, height: 48) { x, y in
    if step % 2 == 0 {
      let left = 5 + step
      return x >= left && x < left + 24 && y >= 7 && y < 31 ? [30, 60, 200, 255] : [0, 0, 0, 0]
    }
    return x >= 51 && x < 53 && y >= 40 && y < 42 ? [250, 250, 0, 255] : [0, 0, 0, 0]
  }
}

/// A grainy photograph with a grey square moving 6 pixels a step over it, except that every third step
/// (2, 5, 8, 11) keeps the square where it was and brightens every other pixel by 1: lossy coding skips
/// those frames (within its tolerance of the frame before) and flattens the 8x8 blocks that did not change.
private func photoWithSquare(_ step: Int) throws -> Image {
  var seed: UInt32 = 11
  let position = step - (step + 1) / 3
  return try testImage(width: 96, height: 64) { x, y in
    seed = seed &* 1_103_515_245 &+ 12345
    let grain = Int((seed >> 16) % 16) - 8 + (step % 3 == 2 ? 1 : 0)
    func channel(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value + grain))) }
    let left = position * 6 + 4
    if x >= left && x < left + 16 && y >= 20 && y < 36 { return [90, 90, 90, 255] }
    return [channel(x * 2), channel(y * 3), channel(200 - x), 255]
  }
}

/// Every animation, with its frames' exact start times at `fps`.
private func animations() throws -> [(name: String, frames: [Image], fps: Double)] {
  [
    ("moving square", try (0..<9).map(movingSquare), 60),
    ("translucent", try (0..<8).map(translucent) + [try translucent(7), try translucent(2)], 30),
    ("square then dot", try (0..<10).map(squareThenDot), 24),
    ("photograph", try (0..<12).map(photoWithSquare), 50),
  ]
}

/// Encodes `frames` at `fps` with `jobs` threads, ending one frame after the last.
private func encode(_ frames: [Image], fps: Double, quality: AnimatedWebP.Quality, jobs: Int) throws -> Data {
  let encoder = try AnimatedWebP.Encoder(quality: quality, jobs: jobs)
  for (index, frame) in frames.enumerated() {
    try encoder.append(frame, timestampMilliseconds: Double(index) * 1000 / fps)
  }
  return try encoder.finish(endMilliseconds: Double(frames.count) * 1000 / fps)
}

/// The same frames through libwebp's own animation encoder, at the same whole-millisecond times.
private func reference(_ frames: [Image], fps: Double, quality: AnimatedWebP.Quality) throws -> Data {
  var timeline = AnimatedWebP.Timeline()
  let timed = try frames.enumerated().map { index, image in
    (image: image, start: try timeline.place(Double(index) * 1000 / fps))
  }
  return try LibwebpAnimation.encode(
    timed, end: try timeline.end(Double(frames.count) * 1000 / fps), quality: quality)
}

private let qualities: [AnimatedWebP.Quality] = [.lossless, .lossy(75), .lossy(20)]

// MARK: - Parallel compression

@Suite struct AnimatedWebPParallelTests {
  @Test(arguments: qualities)
  func theBytesAreLibwebpsOwnForAnyNumberOfJobs(quality: AnimatedWebP.Quality) throws {
    for (name, frames, fps) in try animations() {
      let expected = try reference(frames, fps: fps, quality: quality)
      for jobs in [1, 2, 4] {
        let bytes = try encode(frames, fps: fps, quality: quality, jobs: jobs)
        #expect(
          bytes == expected, "\(name), \(quality), \(jobs) jobs: \(bytes.count) bytes, libwebp's \(expected.count)")
      }
    }
  }

  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func theAnimationsExerciseDisposalAndBothBlendings() throws {
    let disposed = try WebPDecoders.info(
      try encode(try (0..<10).map(squareThenDot), fps: 24, quality: .lossless, jobs: 4))
    // Clearing the square before the dot (and the dot before the next square) leaves only the new one to
    // store: no frame after the first is larger than the square.
    #expect(disposed.frames.dropLast().allSatisfy { $0.dispose == 1 }, "\(disposed.frames)")
    #expect(disposed.frames.dropFirst().allSatisfy { $0.width * $0.height <= 26 * 26 }, "\(disposed.frames)")

    let translucentInfo = try WebPDecoders.info(
      try encode(try (0..<8).map(translucent), fps: 30, quality: .lossless, jobs: 4))
    #expect(translucentInfo.frames.dropFirst().allSatisfy { $0.doesNotBlend == 1 }, "\(translucentInfo.frames)")
    let opaqueInfo = try WebPDecoders.info(
      try encode(try (0..<9).map(movingSquare), fps: 60, quality: .lossless, jobs: 4))
    #expect(opaqueInfo.frames.dropFirst().allSatisfy { $0.doesNotBlend == 0 }, "\(opaqueInfo.frames)")
  }

  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func aLossyFrameCloseToTheLastStoredOneIsSkipped() throws {
    let frames = try (0..<12).map(photoWithSquare)
    let info = try WebPDecoders.info(try encode(frames, fps: 50, quality: .lossy(75), jobs: 4))
    // Steps 2, 5, 8 and 11 add only grain within the tolerance, and are merged into the frame before.
    #expect(info.frames.count == 8, "\(info.frames)")
    #expect(info.frames.map(\.duration).reduce(0, +) == 240)
  }

  @Test(.enabled(if: WebPDecoders.webpinfoAvailable, "webpinfo is not installed (apt webp)"))
  func aFrameLongerThanAnANMFChunkCanSayGetsATransparentStandIn() throws {
    // Frame 1 is lossy-close to frame 0, so frame 0 shows from 0 to 20,000,000 ms: beyond 2^24 - 1 ms,
    // so a 1x1 transparent frame takes the time from the second frame's start, as libwebp does.
    let frames = [try photoWithSquare(1), try photoWithSquare(2), try photoWithSquare(3)]
    let starts = [0.0, 10_000_000, 20_000_000]
    let encoder = try AnimatedWebP.Encoder(quality: .lossy(75), jobs: 2)
    for (frame, start) in zip(frames, starts) { try encoder.append(frame, timestampMilliseconds: start) }
    let bytes = try encoder.finish(endMilliseconds: 20_000_100)
    let info = try WebPDecoders.info(bytes)
    #expect(info.frames.map(\.duration) == [10_000_000, 10_000_000, 100], "\(info.frames)")
    #expect(info.frames[1].width == 1 && info.frames[1].height == 1 && info.frames[1].doesNotBlend == 0)
    let expected = try LibwebpAnimation.encode(
      zip(frames, starts).map { ($0, Int($1)) }, end: 20_000_100, quality: .lossy(75))
    #expect(bytes.count == expected.count, "libwebp's is \(expected.count) bytes, this \(bytes.count)")
    #expect(webpRefusal { try encode(frames, starts: [0, 16_777_216]) }?.contains("less than 16777216 ms") == true)
  }

  @Test(.enabled(if: WebPDecoders.pillowPython != nil, "Pillow is not installed (apt python3-pil)"))
  func pillowDecodesEveryFrameOfTheParallelFileExactly() throws {
    for (name, frames, fps) in try animations() {
      let decoded = try WebPDecoders.pillowFrames(try encode(frames, fps: fps, quality: .lossless, jobs: 4))
      // Consecutive identical frames are one frame, shown for their total time.
      var expected: [(image: Image, duration: Int)] = []
      var timeline = AnimatedWebP.Timeline()
      let starts = try (0...frames.count).map { index in
        index < frames.count
          ? try timeline.place(Double(index) * 1000 / fps) : try timeline.end(Double(index) * 1000 / fps)
      }
      for (index, frame) in frames.enumerated() {
        let duration = starts[index + 1] - starts[index]
        if let last = expected.last, last.image.pixels == frame.pixels {
          expected[expected.count - 1].duration += duration
        } else {
          expected.append((frame, duration))
        }
      }
      #expect(decoded.map(\.duration) == expected.map(\.duration), "\(name)")
      for (index, (frame, source)) in zip(decoded, expected).enumerated() {
        let differing = zip(frame.image.pixels, source.image.pixels).filter { $0 != $1 }.count
        #expect(
          frame.image.width == source.image.width && frame.image.height == source.image.height && differing == 0,
          "\(name), frame \(index): \(differing) pixels differ")
      }
    }
  }

  @Test func oneStoredFrameIsStillWrittenByLibwebp() throws {
    let still = try movingSquare(2)
    for jobs in [1, 3] {
      let bytes = try encode([still, still, still], fps: 10, quality: .lossless, jobs: jobs)
      #expect(bytes == (try reference([still, still, still], fps: 10, quality: .lossless)))
      // A still WebP: no ANIM chunk.
      #expect(bytes.firstRange(of: Data("ANIM".utf8)) == nil, "\(jobs) jobs")
    }
  }
}

/// Encodes `frames` starting at `starts` (ms), lossless on two threads, ending 100 ms after the last.
private func encode(_ frames: [Image], starts: [Double]) throws {
  let encoder = try AnimatedWebP.Encoder(jobs: 2)
  for (frame, start) in zip(frames, starts) { try encoder.append(frame, timestampMilliseconds: start) }
  _ = try encoder.finish(endMilliseconds: starts[starts.count - 1] + 100)
}

/// The reason of the `webpEncode` error `body` throws (any other error's whole description), or nil.
private func webpRefusal(_ body: () throws -> Void) -> String? {
  reason(of: thrownGraphicsError(body), after: "cannot encode WebP: ")
}
