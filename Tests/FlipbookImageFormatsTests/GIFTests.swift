import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Helpers

/// A `width` x `height` image whose straight RGBA pixel at (x, y) is `color(x, y)`.
private func image(width: Int = 40, height: Int = 30, _ color: (Int, Int) -> [UInt8]) throws -> Image {
  var bytes: [UInt8] = []
  for y in 0..<height { for x in 0..<width { bytes += color(x, y) } }
  return try Image(width: width, height: height, rgba: bytes)
}

/// White with a red 8x8 square at (x, y), and an optional blue rectangle.
private func squareFrame(x: Int, y: Int, blue: GIFRect? = nil) throws -> Image {
  try image { px, py in
    if let blue, px >= blue.x && px < blue.x + blue.width && py >= blue.y && py < blue.y + blue.height {
      return [0, 0, 255, 255]
    }
    return px >= x && px < x + 8 && py >= y && py < y + 8 ? [255, 0, 0, 255] : [255, 255, 255, 255]
  }
}

/// A smooth two-axis colour gradient (thousands of colours, so it goes through the quantizer).
private func gradient(shift: Int = 0) throws -> Image {
  try image(width: 64, height: 48) { x, y in [UInt8(x * 4), UInt8((y * 5 + shift) & 255), UInt8(255 - x * 2), 255] }
}

/// The largest per-channel difference between two same-size images, and the mean absolute one.
private func difference(_ a: Image, _ b: Image) -> (max: Int, mean: Double) {
  let pa = a.rgbaBytes()
  let pb = b.rgbaBytes()
  var largest = 0
  var total = 0
  for (x, y) in zip(pa, pb) {
    let d = abs(Int(x) - Int(y))
    largest = max(largest, d)
    total += d
  }
  return (largest, Double(total) / Double(pa.count))
}

/// The GraphicsError `body` throws, or nil.
private func thrownError(_ body: () throws -> Void) -> GraphicsError? {
  do { try body() } catch let error as GraphicsError { return error } catch {
    Issue.record("unexpected error type: \(error)")
  }
  return nil
}

private let pillowAvailable: Bool = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", "import PIL"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}()

// MARK: - Frames and timing

@Suite struct GIFFrameTests {
  @Test func identicalConsecutiveFramesMergeWithSummedDelays() throws {
    let a = try squareFrame(x: 2, y: 2)
    let b = try squareFrame(x: 10, y: 6)
    let data = try GIF.encode([(a, 0.1), (a, 0.1), (b, 0.05), (b, 0.05), (b, 0.1), (a, 0.2)])
    let gif = try GIFDecoder.decode(data)
    #expect(gif.frames.count == 3)
    #expect(gif.frames.map(\.centiseconds) == [20, 20, 20])
    #expect(gif.frames[0].image == a)
    #expect(gif.frames[1].image == b)
    #expect(gif.frames[2].image == a)
  }

  @Test func framesStartOnTheirOwnCentisecondAndTooShortOnesAreDropped() throws {
    func timing(_ durations: [Rational]) -> [[Int]] { GIFTiming.centiseconds(durations).map { [$0.frame, $0.ticks] } }
    let thirtieth = try #require(Rational(1, 30))
    #expect(timing(Array(repeating: thirtieth, count: 6)).map { $0[1] } == [3, 4, 3, 3, 4, 3])
    // At 60 fps a frame lasts 1.67 cs: starts at 0, 2, 3, 5, 7, 8, 10 cs; those 1 cs after the last kept
    // one would show at 10 cs in browsers, so they are dropped and their time goes to the frame before.
    let sixtieth = try #require(Rational(1, 60))
    let sixty = GIFTiming.centiseconds(Array(repeating: sixtieth, count: 60))
    #expect(sixty.prefix(6).map { [$0.frame, $0.ticks] } == [[0, 2], [1, 3], [3, 2], [4, 3], [6, 2], [7, 3]])
    #expect(sixty.reduce(0) { $0 + $1.ticks } == 100, "the total is exact")
    #expect(sixty.allSatisfy { $0.ticks >= 2 })
    var start = 0
    for (frame, ticks) in sixty {
      #expect(abs(Double(start) - Double(frame) * 100 / 60) <= 0.5, "frame \(frame) starts on its own time")
      start += ticks
    }
    // Zero-length frames never show; a run shorter than the minimum still gets the minimum.
    #expect(try timing([.zero, #require(Rational(1, 1000)), #require(Rational(4, 1000))]) == [[1, 2]])
    #expect(
      try timing([#require(Rational(1, 100)), #require(Rational(5, 100)), #require(Rational(5, 100))]) == [
        [0, 6], [2, 5],
      ])
    #expect(timing([Rational(1000)]) == [[0, 65535], [0, 34465]], "longer than a GIF delay: split")

    let frames = try (0..<6).map { try squareFrame(x: $0 * 4, y: 3) }
    let gif = try GIFDecoder.decode(try GIF.encode(frames.map { ($0, 1.0 / 30) }))
    #expect(gif.frames.map(\.centiseconds) == [3, 4, 3, 3, 4, 3])
    #expect(gif.frames.map(\.centiseconds).reduce(0, +) == 20)
  }

  @Test func loopCountIsWritten() throws {
    let frames = [(try squareFrame(x: 0, y: 0), 0.1), (try squareFrame(x: 5, y: 5), 0.1)]
    #expect(try GIFDecoder.decode(try GIF.encode(frames)).loopCount == 0)
    #expect(try GIFDecoder.decode(try GIF.encode(frames, options: .init(loopCount: 3))).loopCount == 3)
    #expect(thrownError { _ = try GIF.encode(frames, options: .init(loopCount: 70_000)) } != nil)
  }

  @Test func changedRegionIsWrittenAsASubRectangle() throws {
    let base = try squareFrame(x: 6, y: 4)
    let block = try squareFrame(x: 6, y: 4, blue: GIFRect(x: 30, y: 20, width: 3, height: 2))
    let gif = try GIFDecoder.decode(try GIF.encode([(base, 0.1), (block, 0.1)]))
    #expect(gif.frames.count == 2)
    #expect(gif.frames[0].rect == GIFRect(x: 0, y: 0, width: 40, height: 30))
    #expect(gif.frames[1].rect == GIFRect(x: 30, y: 20, width: 3, height: 2))
    #expect(gif.frames[0].disposal == .keep)
    #expect(gif.frames[1].image == block)
  }

  @Test func mismatchedFrameSizesAreAnError() throws {
    let small = try image(width: 10, height: 10) { _, _ in [0, 0, 0, 255] }
    let large = try image(width: 12, height: 10) { _, _ in [0, 0, 0, 255] }
    let error = thrownError { _ = try GIF.encode([(small, 0.1), (large, 0.1)]) }
    guard case .gifEncode(let reason) = error else {
      Issue.record("expected gifEncode, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("frame 1 is 12x10"))
    #expect(thrownError { _ = try GIF.encode([]) } == .gifEncode(reason: "no frames"))
    #expect(thrownError { _ = try GIF.encode([(small, -1)]) } != nil)
    #expect(thrownError { _ = try GIF.encode([(small, .nan)]) } != nil)
  }
}

// MARK: - LZW

@Suite struct GIFLZWTests {
  private func roundTrip(_ indices: [UInt8], minimumCodeSize: Int) throws -> GIFLZW.Encoded {
    let encoded = GIFLZW.encode(indices, minimumCodeSize: minimumCodeSize)
    let decoded = try GIFLZW.decode(encoded.bytes, minimumCodeSize: minimumCodeSize, maxCount: indices.count)
    #expect(decoded == indices)
    return encoded
  }

  @Test func randomDataRoundTripsThroughClearCodes() throws {
    var generator = SystemRandomNumberGenerator()
    for bits in [2, 3, 5, 8] {
      let indices = (0..<60_000).map { _ in UInt8.random(in: 0...UInt8((1 << bits) - 1), using: &generator) }
      let encoded = try roundTrip(indices, minimumCodeSize: bits)
      #expect(encoded.clearCodes > 1, "\(bits)-bit noise should fill the 4096-entry table")
    }
  }

  @Test func flatAndShortDataRoundTrip() throws {
    let flat = try roundTrip([UInt8](repeating: 3, count: 200_000), minimumCodeSize: 2)
    #expect(flat.clearCodes == 1)
    #expect(flat.bytes.count < 1_000)
    _ = try roundTrip([], minimumCodeSize: 2)
    _ = try roundTrip([1], minimumCodeSize: 2)
    _ = try roundTrip([0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0], minimumCodeSize: 2)
    // Runs of increasing length: strings grow past every code-width boundary.
    var runs: [UInt8] = []
    for length in 1...400 { runs += [UInt8](repeating: UInt8(length % 7), count: length) }
    _ = try roundTrip(runs, minimumCodeSize: 3)
    // Exactly at the widths' edges: every length whose code count lands near a power of two.
    for count in [2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252, 253, 254, 255, 256, 257, 4093, 4094, 4095, 4096, 4097] {
      _ = try roundTrip((0..<count).map { UInt8($0 % 4) }, minimumCodeSize: 2)
      _ = try roundTrip((0..<count).map { UInt8(($0 * 7919) % 256) }, minimumCodeSize: 8)
    }
  }

  @Test func subBlocksHoldAtMost255Bytes() {
    let data = (0..<1000).map { UInt8($0 & 255) }
    let blocks = GIFLZW.subBlocks(data)
    #expect(blocks.count == 1000 + 4 + 1)
    #expect(Array(blocks.prefix(1)) == [255])
    #expect(blocks[256] == 255 && blocks[512] == 255 && Int(blocks[768]) == 1000 - 765)
    #expect(blocks.last == 0)
    #expect(GIFLZW.subBlocks([]) == [0])
  }

  @Test func minimumCodeSizeFollowsTheColourTable() {
    #expect(GIFLZW.minimumCodeSize(colorCount: 2) == 2)
    #expect(GIFLZW.minimumCodeSize(colorCount: 4) == 2)
    #expect(GIFLZW.minimumCodeSize(colorCount: 8) == 3)
    #expect(GIFLZW.minimumCodeSize(colorCount: 256) == 8)
  }
}

// MARK: - Colours and transparency

@Suite struct GIFColourTests {
  @Test func fewColourFramesDecodeExactly() throws {
    let frames = try (0..<4).map { step in
      try image { x, y in
        switch (x + y + step * 3) % 5 {
        case 0: [12, 34, 56, 255]
        case 1: [200, 10, 10, 255]
        case 2: [0, 0, 0, 255]
        case 3: [255, 255, 255, 255]
        default: [90, 180, 40, 255]
        }
      }
    }
    for shared in [true, false] {
      let gif = try GIFDecoder.decode(
        try GIF.encode(frames.map { ($0, 0.05) }, options: .init(sharedPalette: shared)))
      #expect(gif.hasGlobalPalette == shared)
      #expect(gif.frames.allSatisfy { $0.hasLocalPalette == !shared })
      #expect(gif.frames.map(\.image) == frames)
      #expect(gif.frames[0].minimumCodeSize == 3)  // 5 colours: an 8-entry table
    }
  }

  @Test func gradientIsCloseWithDithering() throws {
    let frames = try [gradient(), gradient(shift: 40)]
    for (shared, dithering) in [(true, true), (false, true), (true, false)] {
      let options = GIF.Options(dithering: dithering, sharedPalette: shared)
      let gif = try GIFDecoder.decode(try GIF.encode(frames.map { ($0, 0.1) }, options: options))
      #expect(gif.frames.count == 2)
      for (decoded, source) in zip(gif.frames, frames) {
        let diff = difference(decoded.image, source)
        #expect(diff.mean < 4, "shared \(shared), dithering \(dithering): mean error \(diff.mean)")
        #expect(diff.max < 40, "shared \(shared), dithering \(dithering): largest error \(diff.max)")
      }
    }
  }

  @Test func alphaBelowHalfBecomesTransparent() throws {
    // Left third transparent, middle third 40 % alpha, right third 60 % alpha green.
    let source = try image(width: 30, height: 10) { x, _ in
      x < 10 ? [0, 0, 0, 0] : x < 20 ? [255, 0, 0, 102] : [0, 255, 0, 153]
    }
    let gif = try GIFDecoder.decode(try GIF.encode([(source, 0.1)]))
    let frame = try #require(gif.frames.first)
    #expect(frame.transparentIndex != nil)
    #expect(frame.image.pixel(x: 5, y: 5).a == 0)
    #expect(frame.image.pixel(x: 15, y: 5).a == 0)
    let opaque = frame.image.pixel(x: 25, y: 5)
    #expect(opaque.a == 255 && opaque.g > 250 && opaque.r < 5)
  }

  @Test func pixelsTurningTransparentClearThePreviousFrame() throws {
    let clear: [UInt8] = [0, 0, 0, 0]
    let a = try image { x, y in x < 20 ? [255, 0, 0, 255] : y < 10 ? [0, 0, 255, 255] : clear }
    let b = try image { x, y in x >= 20 && y < 10 ? [0, 0, 255, 255] : clear }  // the red half vanishes
    let c = try image { x, y in x >= 20 && y < 10 ? [0, 255, 0, 255] : clear }
    let gif = try GIFDecoder.decode(try GIF.encode([(a, 0.1), (b, 0.1), (c, 0.1)]))
    #expect(gif.frames.map(\.image) == [a, b, c])
    #expect(gif.frames[0].disposal == .background)
    #expect(gif.frames[1].disposal == .keep)
    #expect(gif.frames[2].rect == GIFRect(x: 20, y: 0, width: 20, height: 10))
  }

  @Test func quantizedFramesKeepTransparency() throws {
    let frames = try (0..<3).map { step in
      try image(width: 64, height: 48) { x, y in
        let inside = abs(x - 20 - step * 8) < 14 && abs(y - 24) < 14
        return inside ? [UInt8(x * 4), UInt8(y * 5), UInt8(step * 60), 255] : [0, 0, 0, 0]
      }
    }
    let gif = try GIFDecoder.decode(try GIF.encode(frames.map { ($0, 0.1) }))
    #expect(gif.frames.count == 3)
    for (decoded, source) in zip(gif.frames, frames) {
      for y in 0..<48 {
        for x in 0..<64 {
          #expect((decoded.image.pixel(x: x, y: y).a == 0) == (source.pixel(x: x, y: y).a == 0))
        }
      }
      #expect(difference(decoded.image, source).mean < 4)
    }
  }
}

// MARK: - Pillow

@Suite struct GIFPillowTests {
  @Test(.enabled(if: pillowAvailable, "Python 3 with Pillow is not installed: skipping the Pillow check"))
  func pillowOpensTheGIF() throws {
    let frames =
      try (0..<5).map { try squareFrame(x: $0 * 6, y: $0 * 4) }
      + [try gradient()].map { _ in
        try squareFrame(x: 30, y: 20, blue: GIFRect(x: 0, y: 0, width: 4, height: 4))
      }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-gif-\(UUID().uuidString).gif")
    defer { try? FileManager.default.removeItem(at: url) }
    try GIF.encode(frames.map { ($0, 0.05) }).write(to: url)
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys; from PIL import Image; im = Image.open(sys.argv[1]); im.load(); print(im.format, im.n_frames, im.size[0], im.size[1], im.info.get('loop'))",
      url.path,
    ]
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "GIF 6 40 30 0")
  }
}

@Suite struct GIFExactPillowTests {
  /// Frame `step` of a 48x36 animation with 200 colours in all: a 10x20 grid of colour cells that
  /// shifts each step, and a moving black square.
  private func frame(_ step: Int) throws -> Image {
    var bytes: [UInt8] = []
    for y in 0..<36 {
      for x in 0..<48 {
        if abs(x - 8 - step * 5) < 4 && abs(y - 18) < 4 {
          bytes += [0, 0, 0, 255]
        } else {
          let cell = ((x / 5 + step) % 10) * 20 + (y / 2) % 20
          bytes += [UInt8(cell), UInt8(255 - cell), UInt8((cell * 37) & 255), 255]
        }
      }
    }
    return try Image(width: 48, height: 36, rgba: bytes)
  }

  @Test(.enabled(if: pillowAvailable, "Python 3 with Pillow is not installed: skipping the Pillow check"))
  func pillowDecodesAFewColourAnimationToExactlyItsFrames() throws {
    let frames = try (0..<6).map(frame)
    let colours = Set(frames.flatMap { GIFFrames.prepare($0) })
    #expect(colours.count <= 256 && colours.count > 100)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-gif-\(UUID().uuidString).gif")
    defer { try? FileManager.default.removeItem(at: url) }
    try GIF.encode(frames.map { ($0, 0.05) }, jobs: 2).write(to: url)
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys; from PIL import Image, ImageSequence; im = Image.open(sys.argv[1]); "
        + "sys.stdout.buffer.write(b''.join(f.convert('RGBA').tobytes() for f in ImageSequence.Iterator(im)))",
      url.path,
    ]
    process.standardOutput = output
    try process.run()
    let decoded = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let expected = frames.flatMap { $0.rgbaBytes() }
    #expect(decoded.count == expected.count)
    #expect(decoded == expected, "Pillow's frames differ from the source frames")
  }
}
