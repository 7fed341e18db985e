import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

/// The GIF decoder checks a header's logical screen against `ImageLimits` before it allocates the
/// canvas: libFuzzer's `FuzzGIF` found a 764-byte GIF whose 57819x52968 screen asked for 12 GB.
struct GIFDecoderLimitTests {
  static let regression = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/FuzzGIF/oom-huge-logical-screen.gif")

  @Test func aHugeLogicalScreenIsRefusedBeforeAllocating() throws {
    let data = try Data(contentsOf: Self.regression)
    #expect(throws: GIFDecodeError.self) { try GIFDecoder.decode(data) }
    do {
      _ = try GIFDecoder.decode(data)
    } catch {
      #expect(error.description == "logical screen 57819x52968 is more than ImageLimits.maxDecodedPixels (8388608)")
    }
  }
}
