import CCairo
import Foundation

// MARK: - Radial gradients

extension Canvas {
  /// Fills the clip (intersected with `rect`) with an elliptical gradient centred at `center` whose outer edge
  /// has radii `radii` (width along x, height along y, in user space): location 0 at the centre, location 1 on the
  /// ellipse, the end colours extended before the first and past the last stop. `stops` are (location, colour)
  /// pairs in order, blended as `interpolation` says. An ellipse with a zero radius has nothing inside it, so the
  /// last colour fills everything.
  ///
  /// This is `CAGradientLayer`'s radial type once its unit points are mapped to the bounds (Apple's
  /// `CAGradientLayer.h`: "The gradient is defined as an ellipse with its center at 'startPoint' and its width and
  /// height defined by '(endPoint.x - startPoint.x) * 2' and '(endPoint.y - startPoint.y) * 2' respectively").
  public func fillRadialGradient(
    in rect: CGRect, center: CGPoint, radii: CGSize, stops: [(Double, Color)],
    interpolation: GradientInterpolation = .sRGB
  ) {
    let rx = abs(radii.width)
    let ry = abs(radii.height)
    guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else {
      if let last = stops.last?.1 { fill(rect, color: last) }
      return
    }
    // A unit circle at the origin, mapped onto the ellipse: Cairo's pattern matrix takes user space to
    // pattern space, so it is the inverse of that map.
    guard let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else { return }
    defer { cairo_pattern_destroy(pattern) }
    for (location, c) in interpolation.cairoStops(stops) {
      cairo_pattern_add_color_stop_rgba(pattern, location, c.red, c.green, c.blue, c.alpha * alphaMultiplier)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    var matrix = cairo_matrix_t()
    cairo_matrix_init(&matrix, 1 / rx, 0, 0, 1 / ry, -center.x / rx, -center.y / ry)
    cairo_pattern_set_matrix(pattern, &matrix)
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_set_source(cr, pattern)
    cairo_fill(cr)
  }
}
