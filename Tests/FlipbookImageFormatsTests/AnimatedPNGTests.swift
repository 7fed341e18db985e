import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// MARK: - Helpers

/// A 40x30 frame: an optional background, a square at (x, y), and an optional extra rectangle.
private func frame(
  background: Color? = .white, square: (x: Double, y: Double), squareColor: Color = .red,
  extra: (CGRect, Color)? = nil
) throws -> Image {
  try Image.drawing(pixelWidth: 40, pixelHeight: 30, scale: 1) { canvas in
    if let background { canvas.fillAll(background) }
    canvas.fill(CGRect(x: square.x, y: square.y, width: 8, height: 8), color: squareColor)
    if let extra { canvas.fill(extra.0, color: extra.1) }
  }
}

/// Six opaque frames: the square moves, frames 2 and 3 repeat frame 1, frame 4 changes only a 3x2 block.
private func opaqueFrames() throws -> [AnimatedPNG.Frame] {
  let moved = try frame(square: (6, 4))
  let block = try frame(square: (6, 4), extra: (CGRect(x: 30, y: 20, width: 3, height: 2), .blue))
  return [
    AnimatedPNG.Frame(image: try frame(square: (2, 2)), delay: 0.1),
    AnimatedPNG.Frame(image: moved, delay: 0.1),
    AnimatedPNG.Frame(image: moved, delay: 0.05),
    AnimatedPNG.Frame(image: moved, delay: 0.25),
    AnimatedPNG.Frame(image: block, delay: 0.1),
    AnimatedPNG.Frame(image: try frame(square: (20, 15)), delay: 1.5),
  ]
}

/// Translucent frames on a transparent background, including one that turns pixels transparent again.
private func translucentFrames() throws -> [AnimatedPNG.Frame] {
  let glass = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.45)
  let a = try frame(background: nil, square: (3.5, 3.25), squareColor: glass)
  let b = try frame(
    background: nil, square: (10.5, 7.75), squareColor: glass,
    extra: (CGRect(x: 25, y: 5, width: 10, height: 10), Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)))
  let c = try frame(background: nil, square: (10.5, 7.75), squareColor: glass)  // the orange block disappears
  return [
    AnimatedPNG.Frame(image: a, delay: 1.0 / 30), AnimatedPNG.Frame(image: b, delay: 1.0 / 30),
    AnimatedPNG.Frame(image: c, delay: 1.0 / 30),
  ]
}

/// The GraphicsError `body` throws, or nil. (Closures do not infer typed throws, hence the cast.)
private func thrownError(_ body: () throws -> Void) -> GraphicsError? {
  do { try body() } catch let error as GraphicsError { return error } catch {
    Issue.record("unexpected error type: \(error)")
  }
  return nil
}

/// A chunk's data as bytes.
private func bytes(_ chunk: AnimatedPNG.Chunk) -> [UInt8] { [UInt8](chunk.data) }

private func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 { readUInt32(bytes, at: offset) }

/// Rewrites a file's chunks through `edit` (which may change, drop or add chunks), with fresh CRCs.
private func rewrite(_ data: Data, _ edit: (inout [(type: String, data: [UInt8])]) -> Void) throws -> Data {
  var chunks = try AnimatedPNG.chunks(data).map { (type: $0.type, data: [UInt8]($0.data)) }
  edit(&chunks)
  var writer = PNGContainer.Writer()
  for chunk in chunks { writer.append(chunk.type, chunk.data) }
  return Data(writer.bytes)
}

/// The zlib stream libpng writes for `image` as RGBA.
private func zlibStream(_ image: Image) throws -> [UInt8] {
  let png = try image.pngData(options: PNGOptions(keepAlpha: true))
  return try AnimatedPNG.chunks(png).filter { $0.type == "IDAT" }.flatMap { [UInt8]($0.data) }
}

private func fcTL(
  _ sequence: UInt32, width: Int, height: Int, x: Int = 0, y: Int = 0, dispose: AnimatedPNG.DisposeOp = .none,
  blend: AnimatedPNG.BlendOp = .source
) -> [UInt8] {
  AnimatedPNG.FrameControl(
    sequenceNumber: sequence, width: width, height: height, x: x, y: y, delayNumerator: 1,
    delayDenominator: 10, dispose: dispose, blend: blend
  ).bytes
}

private func ihdr(width: Int, height: Int) -> [UInt8] {
  bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height)) + [8, 6, 0, 0, 0]
}

/// Builds an RGBA APNG by hand from `(fcTL options, image)` frames, the first one as IDAT unless
/// `hiddenDefault` is given (then that image is the IDAT and not part of the animation).
private func handmade(
  width: Int, height: Int, hiddenDefault: Image? = nil,
  frames: [(image: Image, x: Int, y: Int, dispose: AnimatedPNG.DisposeOp, blend: AnimatedPNG.BlendOp)]
) throws -> Data {
  var writer = PNGContainer.Writer()
  writer.append("IHDR", ihdr(width: width, height: height))
  writer.append("acTL", bigEndianBytes(UInt32(frames.count)) + bigEndianBytes(UInt32(0)))
  var sequence: UInt32 = 0
  if let hiddenDefault { writer.append("IDAT", try zlibStream(hiddenDefault)) }
  for (index, f) in frames.enumerated() {
    writer.append(
      "fcTL",
      fcTL(sequence, width: f.image.width, height: f.image.height, x: f.x, y: f.y, dispose: f.dispose, blend: f.blend))
    sequence += 1
    if index == 0 && hiddenDefault == nil {
      writer.append("IDAT", try zlibStream(f.image))
    } else {
      writer.append("fdAT", bigEndianBytes(sequence) + (try zlibStream(f.image)))
      sequence += 1
    }
  }
  writer.append("IEND", [UInt8]())
  return Data(writer.bytes)
}

/// A solid image of premultiplied ARGB `pixel`.
private func solid(_ width: Int, _ height: Int, _ pixel: UInt32) -> Image {
  Image(width: width, height: height, premultipliedARGB: [UInt32](repeating: pixel, count: width * height))
}

// MARK: - Encoding and round trips

@Suite struct AnimatedPNGRoundTripTests {
  @Test func opaqueRoundTripMergesIdenticalFramesAndKeepsPixels() throws {
    let source = try opaqueFrames()
    let data = try AnimatedPNG.encode(source, loopCount: 3)
    let (frames, loopCount) = try AnimatedPNG.decode(data)
    #expect(loopCount == 3)
    // Frames 1, 2 and 3 are identical: one stored frame showing 0.1 + 0.05 + 0.25 s.
    #expect(frames.count == 4)
    #expect(frames.map(\.delay) == [0.1, 0.4, 0.1, 1.5])
    #expect(frames.map(\.image) == [source[0].image, source[1].image, source[4].image, source[5].image])
    // Every frame is opaque, so the file is RGB.
    let header = try #require(try AnimatedPNG.chunks(data).first)
    #expect(header.type == "IHDR" && bytes(header)[8] == 8 && bytes(header)[9] == 2)
  }

  @Test func translucentRoundTripIsRGBAAndExact() throws {
    let source = try translucentFrames()
    #expect(source.allSatisfy { !$0.image.isOpaque })
    let data = try AnimatedPNG.encode(source)
    let (frames, loopCount) = try AnimatedPNG.decode(data)
    #expect(loopCount == 0)
    #expect(frames.map(\.image) == source.map(\.image))
    #expect(frames.allSatisfy { abs($0.delay - 1.0 / 30) < 1e-12 })  // 1/30 s is stored as 1/30, exactly
    #expect(bytes(try AnimatedPNG.chunks(data)[0])[9] == 6)
  }

  @Test func withoutMergingOrCroppingEveryFrameIsStoredWhole() throws {
    let source = try opaqueFrames()
    let data = try AnimatedPNG.encode(source, mergeIdentical: false, cropToChanges: false)
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames == source)
    let summary = try AnimatedPNG.summary(data)
    #expect(summary.frames.count == 6)
    #expect(summary.frames.allSatisfy { $0.width == 40 && $0.height == 30 && $0.x == 0 && $0.y == 0 })
  }

  @Test func repeatedFrameWithoutMergingIsStoredAsOnePixel() throws {
    let source = try opaqueFrames()
    let data = try AnimatedPNG.encode(source, mergeIdentical: false)
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames == source)
    let summary = try AnimatedPNG.summary(data)
    #expect(summary.frames[2].width == 1 && summary.frames[2].height == 1)
  }

  @Test func singleFrameAndKeepAlpha() throws {
    let image = try frame(square: (1, 1))
    let data = try AnimatedPNG.encode(
      [AnimatedPNG.Frame(image: image, delay: 0)], options: PNGOptions(compressionLevel: 9, keepAlpha: true))
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames == [AnimatedPNG.Frame(image: image, delay: 0)])  // 0 s is stored exactly, as 0/1
    #expect(try AnimatedPNG.summary(data).colorType == 6)
    // Viewers without APNG support see the first frame.
    #expect(try Image(pngData: data) == image)
  }

  @Test func plainPNGDecodesAsOneFrame() throws {
    let image = try frame(square: (4, 4))
    let (frames, loopCount) = try AnimatedPNG.decode(try image.pngData())
    #expect(frames == [AnimatedPNG.Frame(image: image, delay: 0)])
    #expect(loopCount == 0)
    #expect(try AnimatedPNG.summary(try image.pngData()).isAnimated == false)
  }

  @Test func delayFractionsAreExactWhenTheyFitSixteenBits() throws {
    func fraction(_ numerator: Int64, _ denominator: Int64) throws -> [Int] {
      let (n, d) = AnimatedPNG.delayFraction(try #require(Rational(numerator, denominator)))
      return [Int(n), Int(d)]
    }
    #expect(try fraction(0, 1) == [0, 1])
    #expect(try fraction(1, 60) == [1, 60], "a whole frame at 60 fps is stored exactly")
    #expect(try fraction(7, 60) == [7, 60])
    #expect(try fraction(2, 60) == [1, 30], "reduced")
    #expect(try fraction(100, 2997) == [100, 2997], "a frame at 29.97 fps")
    #expect(try fraction(65535, 1000) == [13107, 200])
    #expect(try fraction(1, 70_000) == [1, 65535], "the nearest that fits")
    #expect(try fraction(1_000_000_000, 1) == [65535, 1], "clamped to the longest delay")
  }

  @Test func aDelayWithoutASixteenBitFractionCarriesItsErrorIntoTheNext() throws {
    let frames = try (0..<4).map { try frame(square: (Double($0) * 3, 2)) }
    // 1/70001 s has no 16-bit fraction; the total of the four delays must still be exact.
    let odd = try #require(Rational(1, 70_001))
    let durations = [odd, odd, odd, try #require(Rational(1, 10))]
    let data = try AnimatedPNG.encode(zip(frames, durations).map { AnimatedPNG.Frame(image: $0, duration: $1) })
    let stored = try AnimatedPNG.decode(data).frames.map(\.duration)
    let total = stored.reduce(Rational.zero, +)
    let exact = durations.reduce(Rational.zero, +)
    #expect(abs((total - exact).seconds) < 1.0 / 65535 / 65535 * 4)
  }

  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
  }
}

// MARK: - Chunk structure

private let pngcheck = "/usr/bin/pngcheck"

@Suite struct AnimatedPNGChunkTests {
  @Test func chunkOrderSequenceNumbersDelaysAndRegions() throws {
    let data = try AnimatedPNG.encode(try opaqueFrames(), loopCount: 2)
    let chunks = try AnimatedPNG.chunks(data)  // verifies every CRC
    #expect(
      chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
    #expect(chunks.first?.offset == 8)
    #expect(chunks.last.map { $0.offset + 12 } == data.count)

    let actl = bytes(chunks[1])
    #expect(uint32(actl, 0) == 4 && uint32(actl, 4) == 2)

    // One gap-free sequence across fcTL and fdAT, starting at 0.
    let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { uint32(bytes($0), 0) }
    #expect(sequence == Array(0..<7))

    let controls = try chunks.filter { $0.type == "fcTL" }.map { try AnimatedPNG.FrameControl(fcTLData: $0.data) }
    #expect(controls.map(\.duration.description) == ["1/10", "2/5", "1/10", "3/2"])
    #expect(controls.allSatisfy { $0.dispose == .none && $0.blend == .source })
    // Frame 0 is whole; the square's move covers both positions; the blue block alone is 3x2 at (30, 20).
    let boxes: [[Int]] = controls.map { [$0.x, $0.y, $0.width, $0.height] }
    #expect(boxes == [[0, 0, 40, 30], [2, 2, 12, 10], [30, 20, 3, 2], [6, 4, 27, 19]])

    let summary = try AnimatedPNG.summary(data)
    #expect(summary.isAnimated && summary.defaultImageIsFirstFrame && summary.loopCount == 2)
    #expect(summary.frames == controls)
  }

  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: pngcheck), "pngcheck is not installed (apt pngcheck)"))
  func pngcheckAcceptsTheFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apng-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, frames) in [("opaque.png", try opaqueFrames()), ("translucent.png", try translucentFrames())] {
      let path = directory.appendingPathComponent(name).path
      try AnimatedPNG.encode(frames).write(to: URL(fileURLWithPath: path))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: pngcheck)
      process.arguments = ["-v", path]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(name):\n\(output)")
      #expect(output.contains("acTL") && output.contains("fdAT"), "\(output)")
    }
  }
}

// MARK: - Decoding any APNG

@Suite struct AnimatedPNGDecodeTests {
  private let red: UInt32 = 0xFFFF_0000
  private let halfBlue: UInt32 = 0x8000_0080  // blue at alpha 128, premultiplied
  private let white: UInt32 = 0xFFFF_FFFF

  @Test func blendOverComposites() throws {
    let data = try handmade(
      width: 4, height: 3,
      frames: [
        (solid(4, 3, red), 0, 0, .none, .source),
        (solid(2, 1, halfBlue), 1, 1, .none, .over),
      ])
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames.count == 2)
    #expect(frames[0].image == solid(4, 3, red))
    #expect(frames.allSatisfy { $0.delay == 0.1 })
    // blue·128/255 over red: red keeps 255·127/255 → 127, alpha 128 + 255·127/255 → 255.
    let mixed: UInt32 = 0xFF7F_0080
    var expected = solid(4, 3, red).pixels
    expected[1 * 4 + 1] = mixed
    expected[1 * 4 + 2] = mixed
    #expect(frames[1].image.pixels == expected)
  }

  @Test func blendSourceReplacesWithTransparency() throws {
    let data = try handmade(
      width: 3, height: 3,
      frames: [(solid(3, 3, red), 0, 0, .none, .source), (solid(1, 1, 0), 2, 2, .none, .source)])
    let (frames, _) = try AnimatedPNG.decode(data)
    var expected = solid(3, 3, red).pixels
    expected[8] = 0
    #expect(frames[1].image.pixels == expected)
  }

  @Test func disposeBackgroundAndPrevious() throws {
    let data = try handmade(
      width: 3, height: 2,
      frames: [
        (solid(3, 2, white), 0, 0, .none, .source),
        (solid(1, 1, red), 0, 0, .background, .source),  // shown, then cleared to transparent
        (solid(1, 1, halfBlue), 2, 1, .previous, .over),  // shown, then the canvas is restored
        (solid(1, 1, red), 1, 0, .none, .source),
      ])
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames.count == 4)
    #expect(frames[0].image == solid(3, 2, white))
    #expect(frames[1].image.pixels == [red, white, white, white, white, white])
    let blueOverWhite: UInt32 = 0xFF7F_7FFF
    #expect(frames[2].image.pixels == [0, white, white, white, white, blueOverWhite])
    #expect(frames[3].image.pixels == [0, red, white, white, white, white])
  }

  @Test func disposePreviousOnTheFirstFrameClears() throws {
    let data = try handmade(
      width: 2, height: 1,
      frames: [(solid(2, 1, red), 0, 0, .previous, .source), (solid(1, 1, white), 1, 0, .none, .source)])
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames[1].image.pixels == [0, white])
  }

  @Test func defaultImageOutsideTheAnimationIsSkipped() throws {
    let data = try handmade(
      width: 2, height: 2, hiddenDefault: solid(2, 2, white),
      frames: [(solid(2, 2, red), 0, 0, .none, .source), (solid(1, 1, halfBlue), 0, 0, .none, .source)])
    #expect(try AnimatedPNG.summary(data).defaultImageIsFirstFrame == false)
    let (frames, _) = try AnimatedPNG.decode(data)
    #expect(frames.count == 2)
    #expect(frames[0].image == solid(2, 2, red))
    #expect(frames[1].image.pixels == [halfBlue, red, red, red])
    // A plain PNG decoder sees the default image.
    #expect(try Image(pngData: data) == solid(2, 2, white))
  }
}

// MARK: - Errors

@Suite struct AnimatedPNGErrorTests {
  @Test func mismatchedFrameSizesAreRefused() throws {
    let frames = [
      AnimatedPNG.Frame(image: try frame(square: (1, 1)), delay: 0.1),
      AnimatedPNG.Frame(image: solid(20, 20, 0), delay: 0.1),
    ]
    let error = thrownError { _ = try AnimatedPNG.encode(frames) }
    guard case .pngEncode(let reason) = error else {
      Issue.record("expected pngEncode, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("frame 1 is 20x20 but frame 0 is 40x30"))
  }

  @Test func emptyFramesBadDelaysAndLoopCountsAreRefused() throws {
    let image = try frame(square: (1, 1))
    #expect(thrownError { _ = try AnimatedPNG.encode([]) } != nil)
    #expect(thrownError { _ = try AnimatedPNG.encode([AnimatedPNG.Frame(image: image, delay: -1)]) } != nil)
    #expect(thrownError { _ = try AnimatedPNG.encode([AnimatedPNG.Frame(image: image, delay: .nan)]) } != nil)
    #expect(
      thrownError { _ = try AnimatedPNG.encode([AnimatedPNG.Frame(image: image, delay: 1)], loopCount: -1) } != nil)
  }

  @Test(arguments: ["IHDR", "acTL", "fcTL", "IDAT", "fdAT", "IEND"])
  func corruptedCRCNamesTheChunk(type: String) throws {
    var data = try AnimatedPNG.encode(try opaqueFrames())
    let chunk = try #require(try AnimatedPNG.chunks(data).last { $0.type == type })
    // Flip a bit of the chunk's last data byte (or of its CRC, for IEND which has no data).
    let position = chunk.offset + 8 + max(chunk.data.count - 1, 0)
    data[position] ^= 0x10
    let bodies: [() throws -> Void] = [{ _ = try AnimatedPNG.decode(data) }, { _ = try AnimatedPNG.chunks(data) }]
    for body in bodies {
      let error = thrownError(body)
      #expect(error?.description.contains("bad CRC in chunk \(type)") == true, "\(String(describing: error))")
    }
  }

  @Test func truncatedFilesAreErrorsNeverCrashes() throws {
    let data = try AnimatedPNG.encode(try translucentFrames())
    for length in [0, 4, 8, 20, 33, 60, data.count / 2, data.count - 12, data.count - 1] {
      let error = thrownError { _ = try AnimatedPNG.decode(data.prefix(length)) }
      guard case .pngDecode(_, let reason) = error else {
        Issue.record("length \(length): expected pngDecode, got \(String(describing: error))")
        continue
      }
      #expect(reason.contains(length == 0 ? "not a PNG" : "truncated"), "length \(length): \(reason)")
    }
  }

  @Test func notAPNG() {
    let error = thrownError { _ = try AnimatedPNG.decode(Data("GIF89a and more bytes".utf8), source: "x.gif") }
    #expect(error == .pngDecode(source: "x.gif", reason: "not a PNG file (bad signature)"))
  }

  @Test func sequenceNumbersOutOfOrder() throws {
    let data = try AnimatedPNG.encode(try opaqueFrames())
    // Swap the sequence numbers of the second fcTL (1) and its fdAT (2).
    let bad = try rewrite(data) { chunks in
      chunks[4].data.replaceSubrange(0..<4, with: bigEndianBytes(UInt32(2)))
      chunks[5].data.replaceSubrange(0..<4, with: bigEndianBytes(UInt32(1)))
    }
    let error = thrownError { _ = try AnimatedPNG.decode(bad) }
    #expect(error?.description.contains("sequence numbers out of order") == true, "\(String(describing: error))")
  }

  @Test func frameRegionOutsideTheImage() throws {
    let data = try AnimatedPNG.encode(try opaqueFrames())
    let bad = try rewrite(data) { chunks in
      // The 3x2 block at (30, 20): move it to x = 38, past the 40-pixel width.
      chunks[6].data.replaceSubrange(12..<16, with: bigEndianBytes(UInt32(38)))
    }
    let error = thrownError { _ = try AnimatedPNG.decode(bad) }
    #expect(
      error?.description.contains("frame 2 region 3x2 at (38, 20) lies outside the 40x30 image") == true,
      "\(String(describing: error))")
  }

  @Test func moreOrFewerFramesThanACTLDeclares() throws {
    let data = try AnimatedPNG.encode(try opaqueFrames())
    let declaresFewer = try rewrite(data) { $0[1].data.replaceSubrange(0..<4, with: bigEndianBytes(UInt32(3))) }
    #expect(
      thrownError { _ = try AnimatedPNG.decode(declaresFewer) }?.description.contains("more frames than acTL") == true)
    let declaresMore = try rewrite(data) { $0[1].data.replaceSubrange(0..<4, with: bigEndianBytes(UInt32(5))) }
    #expect(
      thrownError { _ = try AnimatedPNG.decode(declaresMore) }?.description.contains(
        "acTL declares 5 frames but the file has 4")
        == true)
  }

  @Test func absurdSizesAreRefusedBeforeAllocating() throws {
    // A header asking for 100000x100000.
    var writer = PNGContainer.Writer()
    writer.append("IHDR", ihdr(width: 100_000, height: 100_000))
    writer.append("acTL", bigEndianBytes(UInt32(1)) + bigEndianBytes(UInt32(0)))
    writer.append("IDAT", [0])
    writer.append("IEND", [UInt8]())
    guard case .sizeTooLarge(100_000, 100_000, _) = thrownError({ _ = try AnimatedPNG.decode(Data(writer.bytes)) })
    else {
      Issue.record("expected sizeTooLarge")
      return
    }

    // Nine 1x1 frames on a 16384x4096 canvas would decode to 9 x 64 Mpx: beyond maxDecodedPixels. The
    // frame data is not even valid zlib; the refusal comes first.
    var many = PNGContainer.Writer()
    many.append("IHDR", ihdr(width: 16_384, height: 4_096))
    many.append("acTL", bigEndianBytes(UInt32(9)) + bigEndianBytes(UInt32(0)))
    var sequence: UInt32 = 0
    for index in 0..<9 {
      many.append("fcTL", fcTL(sequence, width: index == 0 ? 16_384 : 1, height: index == 0 ? 4_096 : 1))
      sequence += 1
      if index == 0 {
        many.append("IDAT", [0])
      } else {
        many.append("fdAT", bigEndianBytes(sequence) + [0])
        sequence += 1
      }
    }
    many.append("IEND", [UInt8]())
    let error = thrownError { _ = try AnimatedPNG.decode(Data(many.bytes)) }
    guard case .sizeTooLarge(16_384, 4_096, let reason) = error else {
      Issue.record("expected sizeTooLarge, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("maxDecodedPixels"))
  }
}
