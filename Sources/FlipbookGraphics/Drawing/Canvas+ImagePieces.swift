import CCairo
import Foundation

// MARK: - Drawing parts of an image

/// A part of an image and where it goes: `source` in the image's pixels, `destination` in points.
public struct ImagePiece: Equatable, Sendable {
  /// The part of the image to draw, in the image's pixels.
  public var source: CGRect
  /// Where that part is drawn, in the canvas's points; it is scaled to fill this rectangle.
  public var destination: CGRect

  /// A piece drawing `source` of the image into `destination`.
  public init(source: CGRect, destination: CGRect) {
    self.source = source
    self.destination = destination
  }
}

extension Canvas {
  /// Draws each piece's `source` rectangle of `image` scaled into its `destination`: a sprite sheet's
  /// frame (`CALayer.contentsRect`) or the nine slices of a stretchable image (`contentsCenter`).
  ///
  /// A source may reach past the image: its edge pixels extend outward, as Core Animation documents for
  /// `contentsRect`. Several pieces are drawn into one group and summed there rather than layered, so
  /// the anti-aliased edges of two pieces meeting at a fractional position add up to a solid seam; the
  /// group is then composited with `opacity`.
  public func draw(_ image: Image, pieces: [ImagePiece], opacity: Double = 1, filter: ImageFilter = .smooth) {
    let opacity = opacity * alphaMultiplier
    let shown = pieces.filter {
      $0.source.width > 0 && $0.source.height > 0 && $0.destination.width > 0 && $0.destination.height > 0
    }
    guard !shown.isEmpty, opacity > 0 else { return }
    withSurface(of: image) { source in
      let grouped = shown.count > 1
      if grouped { cairo_push_group(cr) }
      for piece in shown {
        cairo_save(cr)
        if grouped { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
        cairo_new_path(cr)
        cairo_rectangle(
          cr, piece.destination.minX, piece.destination.minY, piece.destination.width,
          piece.destination.height)
        cairo_clip(cr)
        // Destination point d shows source pixel s = source.origin + (d − destination.origin) × (source / destination).
        cairo_translate(cr, piece.destination.minX, piece.destination.minY)
        cairo_scale(cr, piece.destination.width / piece.source.width, piece.destination.height / piece.source.height)
        cairo_translate(cr, -piece.source.minX, -piece.source.minY)
        setImageSource(source, filter: filter)
        if grouped || opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
        cairo_restore(cr)
      }
      if grouped {
        cairo_pop_group_to_source(cr)
        if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
        cairo_set_source_rgb(cr, 0, 0, 0)
      }
    }
  }
}
