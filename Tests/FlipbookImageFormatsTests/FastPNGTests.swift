import CFlipbook
import FlipbookGraphicsTestSupport
import FlipbookSupport
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

// Flipbook's own PNG encoder must decode to exactly what libpng's path writes: the source pixels for an
// opaque image, the same straight RGBA (the shared un-premultiply table) for a translucent one. Each
// file is read back by the project's libpng decoder and, where installed, by Pillow and pngcheck.

private let pngcheck = "/usr/bin/pngcheck"
private let python = "/usr/bin/python3"

/// Debian's Python with Pillow (apt python3-pil), or nil.
private let pillowAvailable: Bool = {
  guard FileManager.default.isExecutableFile(atPath: python) else { return false }
  return (try? runTool(python, ["-c", "import PIL.Image"]))?.status == 0
}()

/// The straight RGBA bytes libpng's path writes for `image` (fb_png_encode's conversion).
private func straightRGBA(_ image: Image) -> [UInt8] {
  var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
  image.pixels.withUnsafeBufferPointer { src in
    rgba.withUnsafeMutableBufferPointer { out in
      fb_pixels_to_rgba(
        src.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), out.baseAddress)
    }
  }
  return rgba
}

/// A premultiplied image from a function of (x, y) giving straight (r, g, b, a).
private func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
  var rgba = [UInt8]()
  rgba.reserveCapacity(width * height * 4)
  for y in 0..<height {
    for x in 0..<width {
      let (r, g, b, a) = pixel(x, y)
      rgba += [r, g, b, a]
    }
  }
  return try! Image(width: width, height: height, rgba: rgba)
}

/// Deterministic noise: a 32-bit LCG (Numerical Recipes' constants).
private struct Noise {
  var state: UInt32
  mutating func next() -> UInt8 {
    state = state &* 1_664_525 &+ 1_013_904_223
    return UInt8(truncatingIfNeeded: state >> 24)
  }
}

/// Pillow's decoding of `png` as RGBA bytes and its mode ("RGB" or "RGBA").
private func pillowDecode(_ png: Data) throws -> (mode: String, rgba: [UInt8]) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fastpng-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent("in.png"), output = directory.appendingPathComponent("out.rgba")
  try png.write(to: input)
  let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1]); im.load()
    open(sys.argv[2], 'wb').write(im.convert('RGBA').tobytes())
    print(im.mode)
    """
  let result = try runTool(python, ["-c", script, input.path, output.path])
  #expect(result.status == 0, "Pillow: \(result.text)")
  return (result.text.trimmingCharacters(in: .whitespacesAndNewlines), [UInt8](try Data(contentsOf: output)))
}

/// Encodes `image` with the fast encoder and checks every verdict: the colour type, the project's
/// decoder against the source (opaque) or against libpng's file (translucent), Pillow against the
/// straight RGBA, and determinism. Returns the file.
@discardableResult
private func checkRoundTrip(_ image: Image, keepAlpha: Bool = false, _ comment: Comment) throws -> Data {
  let png = try image.pngData(options: PNGOptions(keepAlpha: keepAlpha, encoder: .flipbook))
  let opaque = fb_pixels_are_opaque(image.pixels, Int32(image.width), Int32(image.height), Int32(image.width * 4)) == 1
  let rgb = opaque && !keepAlpha
  #expect(png[png.startIndex + 25] == (rgb ? 2 : 6), comment)

  let decoded = try Image(pngData: png)
  let libpng = try Image(pngData: try image.pngData(options: PNGOptions(keepAlpha: keepAlpha, encoder: .libpng)))
  #expect(decoded.width == image.width && decoded.height == image.height, comment)
  #expect(decoded.pixels == libpng.pixels, comment)
  if opaque { #expect(decoded.pixels == image.pixels, comment) }

  #expect(try FastPNGEncoder().pngData(image, keepAlpha: keepAlpha) == png, "deterministic: \(comment)")

  if pillowAvailable {
    let (mode, rgba) = try pillowDecode(png)
    #expect(mode == (rgb ? "RGB" : "RGBA"), comment)
    #expect(rgba == straightRGBA(image), "Pillow: \(comment)")
  }
  return png
}

@Suite struct FastPNGTests {
  @Test func opaqueGradientDecodesToTheSourcePixels() throws {
    let image = makeImage(width: 97, height: 61) { x, y in (UInt8(x * 2), UInt8(y * 4), UInt8((x + y) % 256), 255) }
    try checkRoundTrip(image, "opaque gradient")
  }

  @Test func translucentEdgeValuesDecodeAsLibpngWritesThem() throws {
    // Premultiplied values at the edges of the un-premultiply table: alpha 1, 254 and 255, and alpha 0
    // with colour left in the channels (un-premultiplied to 0, as libpng's path does).
    let edges: [UInt32] = [
      0x01_01_00_01, 0x01_00_00_00, 0xFE_FE_80_01, 0xFE_00_FE_7F, 0xFF_FF_FF_FF, 0x00_00_00_00, 0x00_FF_40_20,
      0x00_01_01_01, 0x80_80_40_00, 0x02_01_02_00, 0xFF_00_00_00,
    ]
    var pixels: [UInt32] = []
    for y in 0..<9 { for x in 0..<13 { pixels.append(edges[(x * 7 + y * 3) % edges.count]) } }
    try checkRoundTrip(Image(width: 13, height: 9, premultipliedARGB: pixels), "edge alphas")
  }

  @Test func keepAlphaWritesRGBAForAnOpaqueImage() throws {
    let image = makeImage(width: 5, height: 4) { x, y in (UInt8(x * 40), UInt8(y * 60), 9, 255) }
    try checkRoundTrip(image, keepAlpha: true, "keepAlpha")
  }

  @Test func aGradientIsFilteredAndComesOutSmallerThanUnfiltered() throws {
    // Every pixel differs from its neighbours, so None leaves nothing to match; Sub and Up leave small
    // repeating differences, and the encoder must pick them (libpng's `fast` has no filter).
    let image = makeImage(width: 640, height: 300) { x, y in
      (UInt8(x * 255 / 640), UInt8(y * 255 / 300), UInt8((x + y) * 127 / 940), 255)
    }
    let png = try checkRoundTrip(image, "gradient")
    let unfiltered = try image.pngData(options: .libpngFast)
    #expect(png.count * 2 < unfiltered.count, "\(png.count) bytes, libpng level 1 unfiltered \(unfiltered.count)")
  }

  @Test(arguments: [1, 2, 3, 5, 15, 16, 17, 33, 641])
  func oddWidths(width: Int) throws {
    var noise = Noise(state: UInt32(width))
    let image = makeImage(width: width, height: 7) { x, y in
      y % 2 == 0 ? (UInt8(x % 256), 20, 200, 255) : (noise.next(), noise.next(), noise.next(), x % 3 == 0 ? 128 : 255)
    }
    try checkRoundTrip(image, "width \(width)")
  }

  @Test func onePixel() throws {
    try checkRoundTrip(Image(width: 1, height: 1, premultipliedARGB: [0xFF_12_34_56]), "1x1 opaque")
    try checkRoundTrip(Image(width: 1, height: 1, premultipliedARGB: [0x80_40_20_10]), "1x1 translucent")
  }

  @Test func a16384PixelWideRow() throws {
    let image = makeImage(width: 16384, height: 3) { x, y in
      (UInt8(x / 64 % 256), UInt8(x % 251), y == 1 ? 0 : 255, x % 1000 < 500 ? 255 : UInt8(x % 256))
    }
    try checkRoundTrip(image, "16384 wide")
  }

  @Test func noiseIsStoredOrCodedButAlwaysExact() throws {
    var noise = Noise(state: 7)
    let opaque = makeImage(width: 300, height: 200) { _, _ in (noise.next(), noise.next(), noise.next(), 255) }
    let png = try checkRoundTrip(opaque, "opaque noise")
    // Incompressible: at most the stored size plus chunk and block overhead.
    #expect(png.count < 300 * 200 * 3 + 201 + 1024)
    let translucent = makeImage(width: 257, height: 129) { _, _ in
      (noise.next(), noise.next(), noise.next(), noise.next())
    }
    try checkRoundTrip(translucent, "translucent noise")
  }

  @Test func runsAcrossRowsAndBlocksDecodeExactlyAtEveryLevel() throws {
    // Flat areas measured whole and cut into 258-byte matches: a run over many rows and past the end of
    // a deflate block (2^18 bytes) and one that stops at a lone pixel, either side of 258; short rows
    // (weighed whole for the filter choice) beside long ones (weighed from a sample). Exact, and the
    // same bytes at every instruction level.
    let images: [(Image, Comment)] = [
      (
        Image(
          width: 1500, height: 400,
          premultipliedARGB: (0..<(1500 * 400)).map {
            $0 == 1500 * 398 + 1499 || $0 == 70 * 1500 + 259 ? 0xFF_01_02_03 : 0xFF_F0_F0_F0
          }
        ), "flat, two pixels"
      ),
      (
        Image(
          width: 300, height: 20,
          premultipliedARGB: (0..<6000).map { $0 % 517 == 0 ? 0x80_40_20_10 : $0 / 900 % 2 == 0 ? 0xFF_FF_FF_FF : 0 }),
        "translucent runs"
      ),
      (makeImage(width: 80, height: 50) { x, y in (UInt8(x * 3), UInt8(y * 5), x < 40 ? 0 : 200, 255) }, "short rows"),
    ]
    let baseline = try FastPNGEncoder()
    #expect(baseline.limitInstructions(to: 0) == 0)
    for (image, comment) in images {
      let png = try checkRoundTrip(image, comment)
      #expect(try baseline.pngData(image) == png, "baseline level: \(comment)")
    }
  }

  @Test func flatColourIsNoLargerThanLibpngsFastFile() throws {
    let image = Image(width: 640, height: 960, premultipliedARGB: [UInt32](repeating: 0xFF_EF_EF_F4, count: 640 * 960))
    let png = try checkRoundTrip(image, "flat")
    // Deflate codes at most 258 bytes a match: 1.8 MB of one colour is about 7,000 matches.
    let libpng = try image.pngData(options: .libpngFast)
    #expect(png.count <= libpng.count && png.count < 4000, "\(png.count) bytes, libpng level 1 \(libpng.count)")
  }

  @Test(arguments: [
    "Tests/FlipbookComponentsTests/__Snapshots__/EGOTests/snapshots.pulling.png",
    "Tests/FlipbookComponentsTests/__Snapshots__/EGOTests/snapshots.loading.png",
    "examples/previews/ego-refresh-sheet.png",
  ])
  func renderedFramesRoundTrip(path: String) throws {
    // Frames the project's renderer drew (stored references), re-encoded.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let frame = try Image(contentsOfFile: root.appendingPathComponent(path).path)
    try checkRoundTrip(frame, Comment(rawValue: path))
  }

  @Test func everyInstructionLevelWritesTheSameBytes() throws {
    // fastpng.c runs AVX2 or SSSE3 code where the CPU has them (fastpng_avx2.c); each level must write
    // the baseline's bytes (SSE2 and plain C), for opaque and translucent rows, widths around the
    // vector steps, and a rendered frame.
    var noise = Noise(state: 11)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var images: [(Image, Comment)] = [
      (
        try Image(
          contentsOfFile: root.appendingPathComponent(
            "Tests/FlipbookComponentsTests/__Snapshots__/EGOTests/snapshots.pulling.png"
          ).path), "EGO frame"
      ),
      (makeImage(width: 257, height: 65) { _, _ in (noise.next(), noise.next(), noise.next(), noise.next()) }, "RGBA"),
      (
        makeImage(width: 640, height: 40) { x, y in (UInt8(x * 255 / 640), UInt8(y * 6), UInt8((x + y) % 256), 255) },
        "gradient"
      ),
    ]
    for width in [1, 7, 9, 10, 11, 17, 31, 33, 65] {
      images.append(
        (
          makeImage(width: width, height: 5) { x, y in
            y == 2 ? (noise.next(), noise.next(), noise.next(), 255) : (UInt8(x * 9 % 256), UInt8(y * 40), 7, 255)
          }, "width \(width)"
        ))
    }
    let baseline = try FastPNGEncoder()
    #expect(baseline.limitInstructions(to: 0) == 0)
    let most = try FastPNGEncoder().limitInstructions(to: 2)
    for level in 1...max(1, most) {
      let encoder = try FastPNGEncoder()
      let inForce = encoder.limitInstructions(to: level)
      for (image, comment) in images {
        #expect(
          try encoder.pngData(image) == baseline.pngData(image), "level \(inForce): \(comment)")
      }
    }
    // The baseline's own files are exact too.
    for (image, comment) in images {
      let libpng = try Image(pngData: try image.pngData(options: PNGOptions(encoder: .libpng)))
      #expect(try Image(pngData: baseline.pngData(image)).pixels == libpng.pixels, comment)
    }
  }

  @Test func aReusedEncoderGivesTheSameBytesAsAFreshOne() throws {
    let encoder = try FastPNGEncoder()
    var noise = Noise(state: 3)
    let big = makeImage(width: 400, height: 300) { _, _ in (noise.next(), noise.next(), noise.next(), noise.next()) }
    let small = makeImage(width: 31, height: 17) { x, y in (UInt8(x * 8), UInt8(y * 15), 77, 255) }
    let first = try encoder.pngData(small)
    _ = try encoder.pngData(big)
    #expect(try encoder.pngData(small) == first)
    #expect(try FastPNGEncoder().pngData(small) == first)
  }

  @Test func blocksRememberedFromTheImageBeforeGiveAFreshEncodersBytes() throws {
    // Frames of a refresh change in a band: an encoder writes the deflate blocks whose rows it saw in the
    // image before again from memory. Whatever came before, every file must be a fresh encoder's and
    // decode exactly, and blocks must be reused where, and only where, their rows (and the row above the
    // first, which its filter reads) are the same, at the same pixel size and dimensions.
    let width = 600, height = 700
    // 1,801 bytes a filtered RGB row, 2^18 bytes a block: five blocks, 1 to 4 starting in rows 145, 291, 436
    // and 582.
    func frame(bandShift: Int, _ change: (inout [UInt32]) -> Void = { _ in }) -> Image {
      var pixels = (0..<(width * height)).map { i -> UInt32 in
        let x = i % width, y = i / width
        // Rows 280-299 repeat one noisy row, so that their filter is Up and reads the row above.
        if (280..<300).contains(y) { return 0xFF_00_00_00 | UInt32((x &* 2_654_435_761) >> 8 & 0xFF_FF_FF) }
        if (10..<90).contains(y) && (x + bandShift) % 40 < 9 { return 0xFF_4A_90_E2 }
        return (y / 44) % 2 == 1 && x % 7 < 3 ? 0xFF_20_20_20 &+ UInt32((x * y) % 5) : 0xFF_F7_F7_F7
      }
      change(&pixels)
      return Image(width: width, height: height, premultipliedARGB: pixels)
    }
    let moved = frame(bandShift: 3)
    // Above block 2 (in block 1): row 291 is Up-filtered against it, and block 2 starts at its 66th pixel.
    let rowAbove = frame(bandShift: 3) { $0[290 * width + 300] = 0xFF_00_00_00 }
    let translucent = frame(bandShift: 3) { $0[650 * width + 5] = 0x80_40_20_10 }
    let narrower = makeImage(width: 599, height: height) { x, y in (UInt8(x % 256), UInt8(y % 256), 9, 255) }
    let steps: [(image: Image, keepAlpha: Bool, reused: Int, comment: Comment)] = [
      (frame(bandShift: 0), false, 0, "a first image"),
      (moved, false, 4, "the band moved, in block 0"),
      (moved, false, 5, "the same image again"),
      (rowAbove, false, 3, "a pixel changed in the row above block 2: blocks 1 and 2 again"),
      (translucent, false, 0, "a translucent pixel: RGBA, whose blocks are not the RGB ones"),
      (moved, false, 0, "RGB again after RGBA"),
      (moved, false, 5, "and again"),
      // RGBA rows take 2,401 bytes: seven blocks, the last from row 655 on, below the translucent pixel,
      // so that one is still the translucent image's.
      (moved, true, 1, "kept alpha: RGBA, its last block as the translucent image's"),
      (moved, true, 7, "kept alpha again"),
      (narrower, false, 0, "another width"),
      (moved, false, 0, "back to the first size, forgotten"),
    ]
    let encoder = try FastPNGEncoder()
    for step in steps {
      let png = try encoder.pngData(step.image, keepAlpha: step.keepAlpha)
      #expect(encoder.blocksReusedLastTime == step.reused, step.comment)
      #expect(try FastPNGEncoder().pngData(step.image, keepAlpha: step.keepAlpha) == png, step.comment)
      let libpng = try step.image.pngData(options: PNGOptions(keepAlpha: step.keepAlpha, encoder: .libpng))
      #expect(try Image(pngData: png).pixels == Image(pngData: libpng).pixels, step.comment)
      if pillowAvailable { #expect(try pillowDecode(png).rgba == straightRGBA(step.image), "Pillow: \(step.comment)") }
    }
  }

  @Test func encodersSharingBlocksWriteEachOthersAndAFreshEncodersBytes() throws {
    // A pool's encoders remember blocks in one memory: a block one encoder wrote, another writes again.
    // On two threads at once, over frames whose band moves, every file must still be a fresh encoder's.
    let width = 400, height = 900  // 1,201 bytes a filtered RGB row: five blocks, the band in the first
    let frames = (0..<12).map { k in
      makeImage(width: width, height: height) { x, y -> (UInt8, UInt8, UInt8, UInt8) in
        if y < 50 && (x + 3 * k) % 40 < 9 { return (74, 144, 226, 255) }
        return (y / 44 % 2 == 1 && x % 7 < 3 ? 32 : 247, 247, 247, 255)
      }
    }
    let fresh = try frames.map { try FastPNGEncoder().pngData($0) }
    let blocks = try FastPNGEncoder.SharedBlocks()
    _ = try FastPNGEncoder(sharing: blocks).pngData(frames[0])
    let second = try FastPNGEncoder(sharing: blocks)
    #expect(try second.pngData(frames[1]) == fresh[1])
    #expect(second.blocksReusedLastTime == 4, "the rows below the band, as the first encoder wrote them")
    let runs = parallelMap(count: 2, jobs: 2) { thread -> [Data]? in
      guard let encoder = try? FastPNGEncoder(sharing: blocks) else { return nil }
      return try? (0..<5).flatMap { _ in try frames.indices.map { try encoder.pngData(frames[($0 + thread) % 12]) } }
    }
    for (thread, files) in runs.enumerated() {
      let expected = (0..<5).flatMap { _ in frames.indices.map { fresh[($0 + thread) % 12] } }
      #expect(files == expected, "thread \(thread)")
    }
  }

  @Test func theSharedPoolGivesTheSameBytesOnAnyNumberOfThreads() throws {
    var noise = Noise(state: 5)
    let images = (0..<8).map { k in
      makeImage(width: 120 + k, height: 90) { x, _ in x % 9 == 0 ? (noise.next(), 3, 4, 255) : (UInt8(k), 50, 60, 255) }
    }
    let alone = try images.map { try FastPNGEncoder().pngData($0) }
    for jobs in [1, 2, 4] {
      let pooled = parallelMap(count: images.count, jobs: jobs) { try? images[$0].pngData(options: .fast) }
      #expect(pooled == alone.map { Optional($0) }, "jobs \(jobs)")
    }
  }

  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: pngcheck), "pngcheck is not installed (apt pngcheck)"))
  func pngcheckAcceptsTheFiles() throws {
    var noise = Noise(state: 11)
    let images: [(String, Image)] = [
      ("opaque", makeImage(width: 123, height: 45) { x, y in (UInt8(x), UInt8(y), 3, 255) }),
      ("translucent", makeImage(width: 64, height: 64) { x, _ in (noise.next(), 9, 90, UInt8(x * 4)) }),
      ("wide", makeImage(width: 16384, height: 2) { x, _ in (UInt8(x % 256), 1, 2, 255) }),
    ]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fastpng-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, image) in images {
      let path = directory.appendingPathComponent("\(name).png").path
      try image.pngData(options: .fast).write(to: URL(fileURLWithPath: path))
      let result = try runTool(pngcheck, ["-v", path])
      #expect(result.status == 0 && result.text.contains("No errors detected"), "\(name):\n\(result.text)")
    }
  }
}
