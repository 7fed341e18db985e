import FlipbookGraphics
import Foundation

// MARK: - Decoding into straight RGBA

extension Image {
  /// The step the WebP and JPEG readers share once a header gave the size: the size checked against `ImageLimits`
  /// before anything is allocated, then `decode` fills rows of straight RGBA (4 bytes a pixel, `stride` bytes a row)
  /// and says whether it could; `failure` is the error when it could not.
  init(
    decodingWidth width: Int, height: Int, failure: @autoclosure () -> GraphicsError,
    _ decode: (_ pixels: UnsafeMutableBufferPointer<UInt8>, _ stride: Int) -> Bool
  ) throws(GraphicsError) {
    try ImageLimits.check(width: width, height: height)
    let stride = width * 4
    var rgba = [UInt8](repeating: 0, count: stride * height)
    guard rgba.withUnsafeMutableBufferPointer({ decode($0, stride) }) else { throw failure() }
    try self.init(width: width, height: height, rgba: rgba)
  }
}
