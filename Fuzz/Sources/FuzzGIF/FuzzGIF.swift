import Foundation

@testable import FlipbookImageFormats

/// One libFuzzer input through the GIF decoder: blocks, LZW and compositing, or a `GIFDecodeError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? GIFDecoder.decode(Data(bytes: start, count: count))
  return 0
}
