import FlipbookGraphics
import Foundation

/// One libFuzzer input through the SVG path parser; a path that parses must survive its own
/// `svgString` (the round trip the scene dumps rely on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  if let path = try? Path(svg: text) { _ = try? Path(svg: path.svgString) }
  return 0
}
