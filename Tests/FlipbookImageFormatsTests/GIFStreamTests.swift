import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Helpers

/// Frame `step` of a 48x36 animation with thousands of colours (so the palette is quantized): a
/// gradient that shifts each step, a moving square, and a transparent band that moves too (so frames
/// need the transparent index and "restore to background").
private func streamFrame(_ step: Int, transparent: Bool = true) throws -> Image {
  var bytes: [UInt8] = []
  for y in 0..<36 {
    for x in 0..<48 {
      if transparent && (x + step * 3) % 48 < 6 {
        bytes += [0, 0, 0, 0]
      } else if abs(x - 10 - step * 2) < 5 && abs(y - 18) < 5 {
        bytes += [250, 20, 20, 255]
      } else {
        bytes += [UInt8((x * 5 + step * 7) & 255), UInt8((y * 7 + step * 3) & 255), UInt8(255 - x * 3), 255]
      }
    }
  }
  return try Image(width: 48, height: 36, rgba: bytes)
}

/// The GIF the encoder wrote before it streamed: every frame prepared and merged in memory, planned at
/// once, one shared palette over the colours of every frame given (repeats included, as the stream
/// counts every frame it reads), written in one buffer.
private func inMemoryGIF(_ frames: [(Image, Int)], options: GIF.Options) throws -> [UInt8] {
  var merged: [(pixels: [UInt32], centiseconds: Int)] = []
  let settings = GIFQuantizer.Settings(quality: options.quality, dithering: options.dithering)
  let gatherer = try GIFPaletteGatherer(settings: settings)
  for (image, centiseconds) in frames {
    let pixels = GIFFrames.prepare(image)
    try gatherer.add(pixels)
    if let last = merged.last, last.pixels == pixels {
      merged[merged.count - 1].centiseconds += centiseconds
    } else {
      merged.append((pixels, centiseconds))
    }
  }
  let (width, height) = (frames[0].0.width, frames[0].0.height)
  let plans = GIFFrames.plan(
    merged.map(\.pixels), centiseconds: merged.map(\.centiseconds), width: width, height: height)
  let shared = try gatherer.finish()
  var writer = GIFWriter(width: width, height: height)
  writer.writeHeader(globalPalette: shared.palette, loopCount: options.loopCount)
  for plan in plans {
    writer.writeFrame(
      plan, indices: try shared.indices(for: plan.pixels, width: plan.rect.width), palette: shared.palette,
      local: false)
  }
  writer.writeTrailer()
  return writer.bytes
}

/// Streams `frames` through `GIF.encode(frameCount:…)` and returns the pieces written.
private func streamedPieces(_ frames: [(Image, Int)], options: GIF.Options = .init(), jobs: Int) throws -> [[UInt8]] {
  var pieces: [[UInt8]] = []
  try GIF.encode(frameCount: frames.count, options: options, jobs: jobs) { (index: Int) throws(GraphicsError) in
    (frames[index].0, frames[index].1)
  } write: {
    pieces.append($0)
  }
  return pieces
}

/// A frame source that records how it is read: every request in order, and the most requests under
/// way at once.
private final class CountingSource: @unchecked Sendable {
  let frames: [(Image, Int)]
  private let lock = NSLock()
  private var underWay = 0
  private(set) var mostUnderWay = 0
  /// Each request: the frame index, and how many frame pieces had been written when it was made.
  private(set) var requests: [(frame: Int, written: Int)] = []
  var written = 0

  init(_ frames: [(Image, Int)]) { self.frames = frames }

  func frame(_ index: Int) -> (image: Image, centiseconds: Int) {
    lock.withLock {
      underWay += 1
      mostUnderWay = max(mostUnderWay, underWay)
      requests.append((index, written))
    }
    defer { lock.withLock { underWay -= 1 } }
    return frames[index]
  }

  func wrote() { lock.withLock { written += 1 } }
}

// MARK: - Tests

@Suite struct GIFStreamTests {
  @Test(arguments: [true, false])
  func theStreamedGIFIsTheOneBuiltInMemory(dithering: Bool) throws {
    // Two repeats, to be merged; transparency that comes and goes.
    let frames = try [0, 1, 1, 2, 3, 4, 4, 5].map { (try streamFrame($0), 3) }
    let options = GIF.Options(dithering: dithering)
    let streamed = try streamedPieces(frames, options: options, jobs: 2).flatMap { $0 }
    #expect(streamed == (try inMemoryGIF(frames, options: options)))
  }

  @Test func exactPalettesAreTheOnesBuiltInMemory() throws {
    // Few colours: the exact palette, no quantizer.
    func frame(_ step: Int) throws -> (Image, Int) {
      var bytes: [UInt8] = []
      for i in 0..<200 {
        let clear = (i + step) % 7 == 0
        let green = (i / 20 + step) % 3 == 0
        bytes += clear ? [0, 0, 0, 0] : green ? [10, 200, 30, 255] : [255, 255, 255, 255]
      }
      return (try Image(width: 20, height: 10, rgba: bytes), 4)
    }
    let frames = try (0..<5).map(frame)
    let streamed = try streamedPieces(frames, jobs: 2).flatMap { $0 }
    #expect(streamed == (try inMemoryGIF(frames, options: .init())))
    #expect(try GIFDecoder.decode(Data(streamed)).frames.map(\.image) == frames.map(\.0))
  }

  @Test func theBytesAreTheSameForAnyNumberOfJobs() throws {
    let frames = try (0..<13).map { (try streamFrame($0), 2 + $0 % 3) }
    let one = try streamedPieces(frames, jobs: 1).flatMap { $0 }
    for jobs in [2, 3, 8] {
      #expect(try streamedPieces(frames, jobs: jobs).flatMap { $0 } == one, "jobs \(jobs)")
    }
    for shared in [false] {
      let options = GIF.Options(sharedPalette: shared)
      #expect(
        try streamedPieces(frames, options: options, jobs: 1).flatMap { $0 }
          == (try streamedPieces(frames, options: options, jobs: 3).flatMap { $0 }))
    }
  }

  @Test func framesAreReadAFewAtATimeAndWrittenAsTheyAreMapped() throws {
    let count = 40
    let jobs = 2
    let source = CountingSource(try (0..<count).map { (try streamFrame($0, transparent: false), 2) })
    var pieces = 0
    try GIF.encode(frameCount: count, jobs: jobs) { (index: Int) throws(GraphicsError) in
      source.frame(index)
    } write: { _ in
      pieces += 1
      source.wrote()
    }
    #expect(pieces == count + 2)  // the header, every (distinct) frame, the trailer
    // Pass 1 reads every frame once, a batch of `jobs` at a time in order (the frames of a batch are read
    // on their threads at once, so in any order among themselves); pass 2 reads each again.
    #expect(source.requests.count == 2 * count)
    #expect(source.requests.prefix(count).map(\.frame).sorted() == Array(0..<count))
    #expect(source.requests.prefix(count).map { $0.frame / jobs } == (0..<count).map { $0 / jobs })
    #expect(source.requests.suffix(count).map(\.frame).sorted() == Array(0..<count))
    #expect(source.mostUnderWay <= jobs)
    // Pass 1 writes nothing; the header goes out before pass 2 reads anything.
    #expect(source.requests.prefix(count).allSatisfy { $0.written == 0 })
    // In pass 2, a frame is read only once all but the last batch's frames have been written: the
    // encoder holds at most one batch of decoded frames, whatever the animation's length.
    let batch = jobs * GIFStream.batchPerJob
    for (read, request) in source.requests.suffix(count).enumerated() {
      let framesWritten = request.written - 1  // without the header
      #expect(read - framesWritten < batch, "frame \(request.frame) was read with \(framesWritten) written")
    }
  }

  @Test func readingAGIFFrameByFrameGivesTheDecodedFrames() throws {
    let frames = try (0..<4).map { (try streamFrame($0), 5) }
    let data = Data(try streamedPieces(frames, jobs: 1).flatMap { $0 })
    var read: [(Image, Int)] = []
    try GIF.forEachFrame(data) { read.append(($0, $1)) }
    let decoded = try GIFDecoder.decode(data)
    #expect(read.map(\.0) == decoded.frames.map(\.image))
    #expect(read.map(\.1) == [5, 5, 5, 5])
  }
}
