import CCairo
import Foundation

// MARK: - Drawing an SVG document

extension Canvas {
  /// Draws an SVG document `width` x `height` points (written as px, one point a pixel, so it shows at the
  /// size a scale-1 PNG of the same drawing would): `body` draws with the same calls as on pixels, and
  /// Cairo's SVG surface writes them as vector paths, text as glyph outlines of the project's fonts (so
  /// the file looks the same on a machine without them). The canvas must not escape `body`; it has no
  /// pixels to read back.
  public static func drawingSVG(width: Double, height: Double, _ body: (Canvas) throws(GraphicsError) -> Void)
    throws(GraphicsError) -> [UInt8]
  {
    guard width >= 1, height >= 1, width.isFinite, height.isFinite else {
      throw .cairo(operation: "create an SVG surface", status: "a size of \(width) x \(height) points")
    }
    let sink = SVGSink()
    let surface = cairo_svg_surface_create_for_stream(
      { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<SVGSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
          contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(sink).toOpaque(), width, height)
    if let surface { cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX) }
    try withExtendedLifetime(sink) { () throws(GraphicsError) in
      let canvas = try Canvas(
        surface: surface, pixelWidth: PixelCount.roundingUp(width), pixelHeight: PixelCount.roundingUp(height),
        scale: 1)
      try body(canvas)
      try canvas.checkStatus("draw the SVG document")
      // Finishing writes the document's end; everything reaches the sink before this returns.
      cairo_surface_finish(canvas.surface)
      let status = cairo_surface_status(canvas.surface)
      guard status == CAIRO_STATUS_SUCCESS else {
        throw .cairo(operation: "write the SVG document", status: Canvas.describe(status))
      }
    }
    return sink.bytes
  }
}

/// Where Cairo's SVG surface writes: the document's bytes, gathered in memory so the file can be written
/// atomically once it is whole.
private final class SVGSink {
  var bytes: [UInt8] = []
}
