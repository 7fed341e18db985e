import CFlipbook
import Foundation

// MARK: - Scaling down

extension Image {
  /// A smaller copy, `width` pixels wide, keeping the aspect ratio: the height is this image's height
  /// times `width / self.width`, rounded to the nearest pixel (at least 1).
  ///
  /// Each new pixel is the exact mean of the area of this image it covers (see
  /// `scaled(toWidth:height:)`), so thin lines fade in proportion to their coverage instead of
  /// flickering in and out as a sampling filter would make them.
  ///
  /// - Parameter width: 1 through this image's width.
  /// - Throws: `GraphicsError.scale` when `width` is out of that range.
  public func scaled(toWidth width: Int) throws(GraphicsError) -> Image {
    try checkTargetSide(width, "width", limit: self.width)
    // round(height * width / self.width) in integers: no floating-point tie can flip a pixel.
    let height = max(1, (2 * self.height * width + self.width) / (2 * self.width))
    return try scaled(toWidth: width, height: height)
  }

  /// A copy scaled by `factor` on both axes, each side rounded to the nearest pixel (at least 1).
  ///
  /// - Parameter factor: greater than 0 and at most 1; 1 returns the image unchanged.
  /// - Throws: `GraphicsError.scale` for a factor that is not finite, not positive, or above 1.
  public func scaled(by factor: Double) throws(GraphicsError) -> Image {
    guard factor.isFinite, factor > 0, factor <= 1 else {
      throw .scale(
        reason: "factor \(factor) for \(width)x\(height) is not in (0, 1]; only shrinking is supported, "
          + "draw the image into a larger Canvas to enlarge it")
    }
    let newWidth = max(1, Int((Double(width) * factor).rounded()))
    let newHeight = max(1, Int((Double(height) * factor).rounded()))
    return try scaled(toWidth: newWidth, height: newHeight)
  }

  /// A copy `width` x `height` pixels in size, shrunk by area averaging (a box filter as wide as the
  /// reduction): every new pixel is the mean of the rectangle of this image it covers, its partly
  /// covered edge pixels weighted by how much of them it covers, rounded to nearest.
  ///
  /// Why this filter: previews shrink by factors of 1.5 to 4, where sampling filters (nearest,
  /// bilinear) skip source pixels and alias, and ringing filters (Lanczos) overshoot at the hard
  /// edges UI is made of. Averaging keeps every source pixel's share, so a 2x checkerboard becomes
  /// flat grey and a 1-pixel line keeps its total coverage. The mean is taken of premultiplied
  /// values, so transparent pixels contribute nothing and never darken an edge. It is computed in
  /// integers: the same bytes on every machine. Drawing into a smaller `Canvas` (Cairo's GOOD filter)
  /// is several times faster, but Cairo samples bilinearly for reductions under 1.33x, where a thin
  /// line keeps 93 % to 109 % of its coverage depending on where it falls.
  ///
  /// Enlarging is refused rather than done badly: a box filter enlarges as blocky as nearest
  /// neighbour. Draw the image into a larger `Canvas` (Cairo's smooth filter) to enlarge.
  ///
  /// - Parameters:
  ///   - width: 1 through this image's width.
  ///   - height: 1 through this image's height. The same size returns the image unchanged.
  /// - Throws: `GraphicsError.scale` when a side is out of range.
  public func scaled(toWidth width: Int, height: Int) throws(GraphicsError) -> Image {
    try checkTargetSide(width, "width", limit: self.width)
    try checkTargetSide(height, "height", limit: self.height)
    if width == self.width && height == self.height { return self }
    var scaledPixels = [UInt32](repeating: 0, count: width * height)
    let status = pixels.withUnsafeBufferPointer { source in
      scaledPixels.withUnsafeMutableBufferPointer { destination in
        fb_scale_area(
          source.baseAddress, Int32(self.width), Int32(self.height), Int32(self.width * 4),
          destination.baseAddress, Int32(width), Int32(height), Int32(width * 4))
      }
    }
    guard status == 0 else {
      throw .scale(reason: "\(self.width)x\(self.height) to \(width)x\(height): out of memory")
    }
    return Image(width: width, height: height, premultipliedARGB: scaledPixels)
  }

  /// Refuses a target side outside 1...`limit` (this image's side, never more than
  /// `ImageLimits.maxSide`), saying which side and why.
  private func checkTargetSide(_ side: Int, _ name: String, limit: Int) throws(GraphicsError) {
    guard side >= 1 else {
      throw .scale(reason: "\(name) \(side) for \(width)x\(height): a side must be at least 1 pixel")
    }
    guard side <= ImageLimits.maxSide else {
      throw .scale(
        reason: "\(name) \(side) for \(width)x\(height): more than \(ImageLimits.maxSide) pixels a side")
    }
    guard side <= limit else {
      throw .scale(
        reason: "\(name) \(side) is larger than the image's \(limit) (\(width)x\(height)); only shrinking is "
          + "supported, draw the image into a larger Canvas to enlarge it")
    }
  }
}
