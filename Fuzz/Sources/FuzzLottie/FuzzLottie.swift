import FlipbookLottie
import Foundation

/// One libFuzzer input through the Lottie JSON reader: any bytes give a `LottieAnimation` or one
/// `DocumentError`, never a trap, in bounded memory and time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? LottieAnimation(data: Data(bytes: start, count: count))
  return 0
}
