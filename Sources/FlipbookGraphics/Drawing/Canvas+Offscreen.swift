import CFlipbook
import Foundation

// MARK: - Offscreen effects

extension Canvas {
  /// Blurs this canvas's alpha in place into a black shadow mask: a Gaussian of standard deviation
  /// `sigma` device pixels, approximated by three box passes.
  public func blurAlphaIntoMask(sigma: Double) {
    withPixels { pixels, stride in
      fb_blur_alpha(pixels, Int32(pixelWidth), Int32(pixelHeight), Int32(stride), sigma)
    }
  }

  /// Draws `source` projected through `map`, which takes the source canvas's device pixels to this
  /// canvas's device pixels and may have perspective.
  ///
  /// Cairo only draws affine transforms, so perspective is done by hand: the source's four corners are
  /// projected to find the destination's bounding box (the whole clip when a corner is behind the eye),
  /// each pixel of that box is mapped back through the inverse homography and sampled bilinearly from
  /// the source (transparent outside, so edges come out anti-aliased), and the result is composited like
  /// any other image, honouring this canvas's clip and group.
  public func drawProjected(_ source: Canvas, through map: Homography, opacity: Double = 1) throws(GraphicsError) {
    guard let inverse = map.inverted else { return }
    let corners = [
      CGPoint(x: 0, y: 0), CGPoint(x: Double(source.pixelWidth), y: 0),
      CGPoint(x: 0, y: Double(source.pixelHeight)),
      CGPoint(x: Double(source.pixelWidth), y: Double(source.pixelHeight)),
    ].map { map.map($0) }
    var box = deviceClipExtents
    if corners.allSatisfy({ $0.w > 0 }) {
      box = box.intersection(CGRect.boundingBox(of: corners.map(\.point)))
    }
    guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
    let x0 = floor(box.minX)
    let y0 = floor(box.minY)
    let warped = try Canvas(
      pixelWidth: PixelCount.roundingUp(box.maxX - x0), pixelHeight: PixelCount.roundingUp(box.maxY - y0), scale: 1)
    // Destination pixel (x, y) of the small canvas is (x + x0, y + y0) here: fold that shift in.
    let shifted = Homography([1, 0, 0, 0, 1, 0, x0, y0, 1]).concatenating(inverse)
    source.withPixels { src, srcStride in
      warped.withPixels { dst, dstStride in
        shifted.m.withUnsafeBufferPointer { m in
          fb_warp_projective(
            src, Int32(source.pixelWidth), Int32(source.pixelHeight), Int32(srcStride),
            dst, Int32(warped.pixelWidth), Int32(warped.pixelHeight), Int32(dstStride), m.baseAddress)
        }
      }
    }
    paintDevicePixels(of: warped, atX: x0, y: y0, opacity: opacity)
  }

  /// Paints `mask`'s alpha (a canvas in device pixels) in `color`, offset by (x, y) device pixels.
  public func paintMask(_ mask: Canvas, color: Color, atX x: Double, y: Double) {
    paintDevicePixels(of: mask, atX: x, y: y, color: color)
  }

  /// Paints another canvas's pixels 1:1 at device pixel (x, y), honouring the clip.
  public func paintCanvas(_ other: Canvas, atX x: Double, y: Double, opacity: Double = 1) {
    paintDevicePixels(of: other, atX: x, y: y, opacity: opacity)
  }
}
