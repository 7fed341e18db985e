import Foundation

// MARK: - Diff image

extension ImageComparison {
  /// The colour of counted differences: pixelmatch's `diffColor`.
  static let diffColor: UInt32 = 0xFFFF_0000
  /// The colour of excused anti-aliased pixels: pixelmatch's `aaColor`.
  static let antialiasedColor: UInt32 = 0xFFFF_FF00
  /// How strongly unchanged pixels show: pixelmatch's `alpha`.
  static let unchangedOpacity = 0.1

  /// A picture of where `actual` differs from `expected`, in pixelmatch's style: unchanged pixels are the
  /// expected image in grey faded nearly to white, so the picture stays recognisable without competing
  /// with the changes; counted differences are solid red and excused anti-aliased pixels yellow. A red
  /// overlay on a faded original is what users ask for (a plain |a − b| image is too subtle to read).
  ///
  /// The colours follow exactly the same rule as `compare(_:_:tolerance:)`: the red pixels are the ones
  /// counted. Images of different sizes give a diff of the union size, with the overlap compared and
  /// everything outside it red. The result is opaque.
  public static func diffImage(expected: Image, actual: Image, tolerance: ImageTolerance) -> Image {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    let overlapWidth = min(expected.width, actual.width)
    let overlapHeight = min(expected.height, actual.height)
    let sameSize = width == overlapWidth && height == overlapHeight
    let left = sameSize ? expected : expected.cropped(width: overlapWidth, height: overlapHeight)
    let right = sameSize ? actual : actual.cropped(width: overlapWidth, height: overlapHeight)
    var output = [UInt32](repeating: diffColor, count: width * height)
    output.withUnsafeMutableBufferPointer { out in
      withPixelComparer(left, right, tolerance: tolerance) { comparer in
        for y in 0..<overlapHeight {
          for x in 0..<overlapWidth {
            let pixel: UInt32 =
              switch comparer.classify(x: x, y: y).verdict {
              case .same, .withinThreshold: fadedGrey(comparer.expected[y * overlapWidth + x])
              case .antialiased: antialiasedColor
              case .differs: diffColor
              }
            out[y * width + x] = pixel
          }
        }
      }
    }
    return Image(width: width, height: height, premultipliedARGB: output)
  }

  /// A pixel's brightness as opaque grey, blended towards white with `unchangedOpacity` (and its own
  /// alpha), as pixelmatch draws unchanged pixels.
  @inline(__always)
  static func fadedGrey(_ p: UInt32) -> UInt32 {
    // Luma of the premultiplied channels is the straight luma times alpha, so fading towards white is
    // 255 - opacity * (alpha - luma) with no unpremultiplying.
    let alpha = Double(p >> 24)
    let luma = YIQ.y(Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF))
    let grey = UInt32(min(max(255 - unchangedOpacity * (alpha - luma), 0), 255).rounded())
    return 0xFF00_0000 | grey << 16 | grey << 8 | grey
  }
}

extension Image {
  /// The top-left `width` x `height` pixels (both no larger than the image's).
  func cropped(width newWidth: Int, height newHeight: Int) -> Image {
    precondition(newWidth <= width && newHeight <= height, "crop is larger than the image")
    var out = [UInt32]()
    out.reserveCapacity(newWidth * newHeight)
    for y in 0..<newHeight { out.append(contentsOf: pixels[(y * width)..<(y * width + newWidth)]) }
    return Image(width: newWidth, height: newHeight, premultipliedARGB: out)
  }
}
