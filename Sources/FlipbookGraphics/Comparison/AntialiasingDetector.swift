import Foundation

// MARK: - AntialiasingDetector

/// Pixelmatch's anti-aliasing detector, after Vyšniauskas 2009, "Anti-aliased Pixel and Intensity Slope
/// Detector": decides whether a pixel is part of an anti-aliased edge, so that an edge which moved by a
/// fraction of a pixel (or was rasterized with slightly different coverage) is not reported as a change.
///
/// A pixel is anti-aliasing when it sits on an intensity slope between two flat regions:
/// - at most 2 of its 8 neighbours have its brightness (more means it is inside a flat area), counting
///   the image border as one such neighbour;
/// - it has both a darker and a brighter neighbour (it lies between two shades);
/// - the darkest or the brightest neighbour has 3 or more identical neighbours itself, in *both* images:
///   that neighbour belongs to a solid shape in the expected and in the actual image, so the pixel is
///   the soft edge of a shape present in both, not new detail.
struct AntialiasingDetector {
  let width: Int
  let height: Int

  /// Whether the pixel at (x, y) of `image` is anti-aliasing, given `other`, the image it is compared
  /// with (both premultiplied ARGB32, `width` x `height`; equal premultiplied pixels are equal straight
  /// ones, see `StraightRGBA`). Pixelmatch asks this of each image in turn,
  /// swapping the arguments, and excuses the pixel when either says yes.
  func isAntialiased(
    x: Int, y: Int, in image: UnsafeBufferPointer<UInt32>, comparedWith other: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    let center = image[y * width + x]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    // The most negative and most positive brightness differences, and where they are.
    var brightest = 0.0
    var darkest = 0.0
    var brightestAt = (x: 0, y: 0)
    var darkestAt = (x: 0, y: 0)
    // Column by column, as pixelmatch does: with ties between equally bright or dark neighbours the
    // first one found is kept, so the visiting order decides which neighbour's siblings are checked.
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        // Positive when the neighbour is darker than the pixel, negative when it is brighter.
        let delta = YIQ.brightnessDelta(center, image[ny * width + nx])
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < brightest {
          brightest = delta
          brightestAt = (nx, ny)
        } else if delta > darkest {
          darkest = delta
          darkestAt = (nx, ny)
        }
      }
    }
    // Without both a brighter and a darker neighbour the pixel is not between two shades.
    if darkest == 0 || brightest == 0 { return false }
    return
      (hasManySiblings(darkestAt.x, darkestAt.y, in: image)
      && hasManySiblings(darkestAt.x, darkestAt.y, in: other))
      || (hasManySiblings(brightestAt.x, brightestAt.y, in: image)
        && hasManySiblings(brightestAt.x, brightestAt.y, in: other))
  }

  /// Whether the pixel at (x, y) has 3 or more neighbours with exactly its value (the image border
  /// counting as one), i.e. lies in a flat region.
  func hasManySiblings(_ x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt32>) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    let value = image[y * width + x]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for nx in x0...x2 {
      for ny in y0...y2 where (nx != x || ny != y) && image[ny * width + nx] == value {
        equal += 1
        if equal > 2 { return true }
      }
    }
    return false
  }
}
