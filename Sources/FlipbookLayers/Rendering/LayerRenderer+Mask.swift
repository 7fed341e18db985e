import FlipbookGraphics
import Foundation

// MARK: - Masks

extension LayerRenderer {
  /// Draws `layer` through its `mask` (`CALayer.mask`), then fades it by `opacity`.
  ///
  /// The layer, shadow included (Core Animation applies the mask after the shadow), goes into one group;
  /// the mask, placed by its own geometry in the layer's bounds space, into a second; the first is
  /// multiplied by the second's alpha. Nothing outside what the mask covers can show, so both groups are
  /// no larger than that.
  func drawMasked(_ layer: Layer, by mask: Layer, on canvas: Canvas, transform: Transform2D, opacity: Double)
    throws(GraphicsError)
  {
    // A mask that draws nothing lets nothing through.
    guard !mask.isHidden, mask.opacity > 0, opacity > 0 else { return }
    let maskMap = mask.transformToSuperlayer(includingSublayerTransform: false)
    canvas.save()
    defer { canvas.restore() }
    canvas.setTransform(transform)
    if let covered = Self.coverage(of: mask, through: maskMap) { canvas.clip(to: covered) }
    canvas.beginGroup()
    if layer.shadowOpacity > 0, layer.shadowColor.alpha > 0 {
      try drawShadow(of: layer, on: canvas, transform: transform, opacity: 1)
    }
    canvas.setTransform(transform)
    try drawBody(of: layer, on: canvas, transform: transform)
    canvas.setTransform(transform)
    canvas.beginMask()
    try draw(mask, on: canvas, toDevice: maskMap.concatenating(Homography(transform)))
    canvas.endMaskedGroup(opacity: opacity)
  }
}
