import FlipbookArchive
import FlipbookLottie
import Foundation

/// One libFuzzer input through the zip reader (every entry read, within the dotLottie limits) and the dotLottie
/// reader: any bytes give an archive and an animation, or an `ArchiveError` or `DocumentError`, never a trap, in
/// bounded memory and time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDotLottie(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  if let archive = try? ZipArchive(data) {
    for entry in archive.entries { _ = try? archive.read(entry) }
  }
  _ = try? DotLottieFile(data)
  return 0
}
