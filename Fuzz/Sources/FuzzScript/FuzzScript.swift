import FlipbookScene
import Foundation

/// One libFuzzer input through the gesture script decoder (bytes to a `ScriptScene` or a `DocumentError`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? GestureScript.decode(Data(bytes: start, count: count))
  return 0
}
