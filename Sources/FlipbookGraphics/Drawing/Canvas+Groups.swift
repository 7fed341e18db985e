import CCairo
import CFlipbook
import Foundation

// MARK: - Masked and tinted groups

extension Canvas {
  /// Starts the mask of the group begun by `beginGroup()`: what is drawn from here to
  /// `endMaskedGroup(opacity:)` is the mask, and only its alpha counts (`CALayer.mask` ignores colour).
  ///
  /// The mask may be drawn with any transform and clip of its own; both are restored at the end.
  public func beginMask() { cairo_push_group(cr) }

  /// Composites the group begun by `beginGroup()` through the mask begun by `beginMask()`: every pixel of
  /// the group is multiplied by the mask's alpha there, then faded by `opacity`.
  public func endMaskedGroup(opacity: Double) {
    if opacity < 1 {
      // Fold the fade into the mask: DEST_IN keeps the mask's pixels times the source alpha.
      cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
      cairo_set_source_rgba(cr, 0, 0, 0, max(opacity, 0))
      cairo_paint(cr)
    }
    let mask = cairo_pop_group(cr)
    cairo_pop_group_to_source(cr)
    guard let mask else { return }
    defer { cairo_pattern_destroy(mask) }
    // A popped group lines up with device space under the transform it was pushed with; the mask was
    // pushed later and may have had another, so line it up under the one in force now.
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    cairo_pattern_set_matrix(mask, &matrix)
    cairo_mask(cr, mask)
    cairo_set_source_rgb(cr, 0, 0, 0)
  }

  /// Composites the group begun by `beginGroup()` with every channel multiplied by `tint`'s (straight
  /// colour times straight colour, so white changes nothing and the tint's alpha fades): how
  /// `CAReplicatorLayer.instanceColor` modulates an instance. A tint that only fades is cheaper as
  /// `endGroup(opacity:)`.
  public func endGroup(tint: Color) {
    guard let pattern = cairo_pop_group(cr) else { return }
    defer { cairo_pattern_destroy(pattern) }
    var surface: OpaquePointer?
    var tinted = false
    if cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    {
      cairo_surface_flush(surface)
      if let data = cairo_image_surface_get_data(surface) {
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        data.withMemoryRebound(to: UInt32.self, capacity: Int(stride / 4) * Int(height)) {
          fb_pixels_multiply($0, width, height, stride, tint.red, tint.green, tint.blue, tint.alpha)
        }
        tinted = true
      }
      cairo_surface_mark_dirty(surface)
    }
    cairo_set_source(cr, pattern)
    // Every canvas is an image surface, so its groups are too; were one not, it would at least fade.
    if tinted { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, min(max(tint.alpha, 0), 1)) }
    cairo_set_source_rgb(cr, 0, 0, 0)
  }
}
