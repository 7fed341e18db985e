import FlipbookJSON
import Foundation

/// One libFuzzer input through the JSON reader: any bytes give a value or a `SyntaxError`, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? JSONParser.parse(Data(bytes: start, count: count))
  return 0
}
