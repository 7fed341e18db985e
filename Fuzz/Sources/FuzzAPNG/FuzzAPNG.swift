import FlipbookGraphics
import FlipbookImageFormats
import Foundation

/// One libFuzzer input through the animated PNG reader: the chunk summary, then every frame decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  if (try? AnimatedPNG.summary(data, source: "fuzz")) != nil { _ = try? AnimatedPNG.decode(data, source: "fuzz") }
  return 0
}
