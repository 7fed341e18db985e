import FlipbookScene
import Foundation

/// Relative `file` images resolve here: a folder that does not exist, so a document reads nothing from disk.
let nowhere = URL(fileURLWithPath: "/nonexistent/flipbook-fuzz")

/// One libFuzzer input through the scene document decoder (bytes to a `Scene` or a `DocumentError`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? SceneDocument.decode(Data(bytes: start, count: count), baseDirectory: nowhere)
  return 0
}
