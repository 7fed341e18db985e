import FlipbookGraphics
import FlipbookImageFormats
import Foundation

/// One libFuzzer input through the PNG decoder (libpng behind `Image(pngData:)`) and the header reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? Image(pngData: Data(bytes: start, count: count), source: "fuzz")
  return 0
}
