import CCairo
import CFlipbook
import Foundation

// MARK: - Canvas

/// A Cairo image surface and its drawing context: the one place pixels are made.
///
/// Coordinates are in points with y down, as in UIKit; `scale` pixels per point is applied once at
/// creation, so callers never think in pixels. The canvas owns its surface and context and frees them
/// in `deinit`. Not thread-safe: use one canvas per thread.
public final class Canvas {
  /// The surface's width in pixels (`scale` pixels make a point).
  public let pixelWidth: Int
  /// The surface's height in pixels (`scale` pixels make a point).
  public let pixelHeight: Int
  /// Pixels per point.
  public let scale: Double
  let surface: OpaquePointer
  let cr: OpaquePointer
  /// Multiplies the alpha of everything drawn: a layer's opacity applied without an offscreen group, for
  /// layers that paint once (one fill, one stroke or one image cannot overlap themselves). Not part of
  /// the saved state.
  public var alphaMultiplier: Double = 1

  /// A transparent canvas of `pixelWidth` x `pixelHeight` pixels whose user space is scaled by `scale`.
  /// Sizes beyond `ImageLimits` are refused before anything is allocated.
  public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(GraphicsError) {
    try ImageLimits.check(width: pixelWidth, height: pixelHeight)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
    try self.init(surface: surface, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
  }

  /// A canvas drawing straight into caller-owned ARGB32 memory (`pixelWidth * 4` bytes a row), which
  /// must outlive the canvas.
  convenience init(drawingInto pixels: UnsafeMutablePointer<UInt32>, pixelWidth: Int, pixelHeight: Int, scale: Double)
    throws(GraphicsError)
  {
    try ImageLimits.check(width: pixelWidth, height: pixelHeight)
    let surface = UnsafeMutableRawPointer(pixels).withMemoryRebound(
      to: UInt8.self, capacity: pixelWidth * pixelHeight * 4
    ) {
      cairo_image_surface_create_for_data(
        $0, CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight), Int32(pixelWidth * 4))
    }
    try self.init(surface: surface, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
  }

  init(surface: OpaquePointer?, pixelWidth: Int, pixelHeight: Int, scale: Double) throws(GraphicsError) {
    guard let surface else { throw .cairo(operation: "create a surface", status: "out of memory") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .cairo(operation: "create a surface", status: Canvas.describe(status))
    }
    guard let cr = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw .cairo(operation: "create a context", status: "out of memory")
    }
    self.surface = surface
    self.cr = cr
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    cairo_scale(cr, scale, scale)
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
  }

  /// A canvas for a `size`-point area at `scale`, rounded up to whole pixels.
  public convenience init(size: CGSize, scale: Double) throws(GraphicsError) {
    let w = PixelCount.roundingUp(size.width * scale)
    let h = PixelCount.roundingUp(size.height * scale)
    try self.init(pixelWidth: w, pixelHeight: h, scale: scale)
  }

  deinit {
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
  }

  static func describe(_ status: cairo_status_t) -> String {
    String(cString: cairo_status_to_string(status))
  }

  /// Throws if the context has entered an error state (Cairo's errors are sticky).
  public func checkStatus(_ operation: String) throws(GraphicsError) {
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(operation: operation, status: Canvas.describe(status)) }
  }

  // MARK: State

  /// Pushes the drawing state (transform, clip, source) so that `restore()` can bring it back; calls nest
  /// and must balance.
  public func save() { cairo_save(cr) }
  /// Pops the state the matching `save()` pushed, undoing transforms and clips made since.
  public func restore() { cairo_restore(cr) }

  /// Runs `body` between save and restore.
  public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    return try body()
  }

  /// Applies `t` to user space: later drawing is transformed by `t` first, then by what was there.
  public func concatenate(_ t: Transform2D) {
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_transform(cr, &m)
  }

  /// The current user-to-device transform (points to pixels, including `scale`).
  public var currentTransform: Transform2D {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    return Transform2D(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
  }

  /// Replaces the user-to-device transform.
  public func setTransform(_ t: Transform2D) {
    var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_set_matrix(cr, &m)
  }

  /// The area still drawable, in device pixels (nil when nothing is clipped).
  public var deviceClipExtents: CGRect {
    var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
    cairo_restore(cr)
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  // MARK: Paths

  func setPath(_ path: Path) {
    cairo_new_path(cr)
    var current = CGPoint.zero
    var subpathStart = CGPoint.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        cairo_move_to(cr, p.x, p.y)
        current = p
        subpathStart = p
      case .line(let p):
        cairo_line_to(cr, p.x, p.y)
        current = p
      case .quadCurve(let c, let p):
        // Degree elevation: the cubic with controls two thirds of the way to the quadratic's control.
        let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
        let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .curve(let c1, let c2, let p):
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .close:
        cairo_close_path(cr)
        current = subpathStart
      }
    }
  }

  /// Intersects the clip with `path`.
  public func clip(to path: Path, rule: FillRule = .nonZero) {
    setPath(path)
    cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_clip(cr)
  }

  /// Intersects the clip with a rectangle.
  public func clip(to rect: CGRect) {
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cr)
  }

  func setSource(_ color: Color) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alphaMultiplier)
  }

  // MARK: Drawing

  /// Fills the whole clip with `color` (replacing, not blending, when `replace`).
  public func fillAll(_ color: Color, replace: Bool = false) {
    cairo_save(cr)
    if replace { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
    setSource(color)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  /// Fills `path` with `color` under the current transform and clip, deciding inside and outside by
  /// `rule`; a fully transparent colour draws nothing.
  public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
    guard color.alpha > 0 else { return }
    setPath(path)
    setSource(color)
    cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_fill(cr)
  }

  /// Fills a rectangle with `color` under the current transform and clip; a fully transparent colour
  /// draws nothing.
  public func fill(_ rect: CGRect, color: Color) {
    guard color.alpha > 0 else { return }
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    setSource(color)
    cairo_fill(cr)
  }

  /// Strokes `path` with `color` as `style` says (width, caps, joins, dashes), under the current
  /// transform and clip; a transparent colour or a width of 0 draws nothing.
  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    guard color.alpha > 0, style.lineWidth > 0 else { return }
    setPath(path)
    setSource(color)
    cairo_set_line_width(cr, style.lineWidth)
    cairo_set_line_cap(cr, style.lineCap.cairoValue)
    cairo_set_line_join(cr, style.lineJoin.cairoValue)
    cairo_set_miter_limit(cr, style.miterLimit)
    let dashes = style.dashPattern
    // Cairo rejects patterns that are all zero or negative; Core Animation draws those solid.
    if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 }), dashes.contains(where: { $0 > 0 }) {
      dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32(dashes.count), style.dashPhase) }
    } else {
      cairo_set_dash(cr, nil, 0, 0)
    }
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
  }

  /// Fills the clip (intersected with `rect`) with an axial gradient from `start` to `end`; `stops`
  /// are (location 0...1, colour) pairs in order, blended as `interpolation` says. Colours beyond the ends extend,
  /// as CAGradientLayer's do.
  public func fillLinearGradient(
    in rect: CGRect, from start: CGPoint, to end: CGPoint, stops: [(Double, Color)],
    interpolation: GradientInterpolation = .sRGB
  ) {
    guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
    defer { cairo_pattern_destroy(pattern) }
    for (location, c) in interpolation.cairoStops(stops) {
      cairo_pattern_add_color_stop_rgba(pattern, location, c.red, c.green, c.blue, c.alpha * alphaMultiplier)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_set_source(cr, pattern)
    cairo_fill(cr)
  }

  /// Draws `image` scaled into `rect` (in points), with `opacity`.
  public func draw(_ image: Image, in rect: CGRect, opacity: Double = 1, filter: ImageFilter = .smooth) {
    let opacity = opacity * alphaMultiplier
    guard rect.width > 0, rect.height > 0, opacity > 0 else { return }
    withSurface(of: image) { source in
      cairo_save(cr)
      cairo_translate(cr, rect.minX, rect.minY)
      cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
      setImageSource(source, filter: filter)
      // Edge pixels are not smeared outward: the image ends where its rectangle ends.
      cairo_new_path(cr)
      cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
      cairo_clip(cr)
      if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
      cairo_restore(cr)
    }
  }

  /// Runs `body` with a Cairo surface over `image`'s pixels. Cairo only reads a source surface, so the
  /// image's storage is lent without a copy; the surface must not outlive `body`.
  func withSurface(of image: Image, _ body: (OpaquePointer) -> Void) {
    image.pixels.withUnsafeBytes { raw in
      guard let base = UnsafeMutableRawPointer(mutating: raw.baseAddress)?.assumingMemoryBound(to: UInt8.self),
        let source = cairo_image_surface_create_for_data(
          base, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
      else { return }
      defer { cairo_surface_destroy(source) }
      body(source)
    }
  }

  /// Makes an image surface the source at the user-space origin, sampled with `filter`; its edge
  /// pixels pad outward, so a scaled image does not fade to transparent at its edges.
  func setImageSource(_ source: OpaquePointer, filter: ImageFilter) {
    cairo_set_source_surface(cr, source, 0, 0)
    let pattern = cairo_get_source(cr)
    cairo_pattern_set_filter(pattern, filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
  }

  // MARK: Groups

  /// Starts drawing into an offscreen group, composited by `endGroup(opacity:)`: how a layer's
  /// opacity applies to it and its sublayers together (group opacity).
  public func beginGroup() { cairo_push_group(cr) }

  /// Composites the group started by `beginGroup()` with `opacity`.
  public func endGroup(opacity: Double) {
    cairo_pop_group_to_source(cr)
    if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
    cairo_set_source_rgb(cr, 0, 0, 0)
  }

  // MARK: Pixels

  /// The canvas's pixels as an `Image`.
  public func makeImage() -> Image {
    cairo_surface_flush(surface)
    let count = pixelWidth * pixelHeight
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      if stride == pixelWidth * 4 {
        memcpy(buffer.baseAddress!, data, count * 4)
      } else {
        for y in 0..<pixelHeight {
          memcpy(buffer.baseAddress! + y * pixelWidth, data + y * stride, pixelWidth * 4)
        }
      }
      initialized = count
    }
    return Image(width: pixelWidth, height: pixelHeight, premultipliedARGB: pixels)
  }

  /// Runs `body` with the raw ARGB32 pixels (stride in bytes); marks the surface dirty afterwards.
  func withPixels<T>(_ body: (UnsafeMutablePointer<UInt32>, _ stride: Int) -> T) -> T {
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let result = data.withMemoryRebound(to: UInt32.self, capacity: pixelWidth * pixelHeight) {
      body($0, Int(cairo_image_surface_get_stride(surface)))
    }
    cairo_surface_mark_dirty(surface)
    return result
  }

  /// Paints another canvas's pixels with their top-left at device pixel (x, y), ignoring the current
  /// transform but honouring the clip, through an optional alpha `mask` canvas of the same size.
  func paintDevicePixels(of other: Canvas, atX x: Double, y: Double, opacity: Double = 1, color: Color? = nil) {
    cairo_save(cr)
    cairo_identity_matrix(cr)
    if let color {
      // Use the other canvas's alpha as a mask for a solid colour: how shadows are painted.
      setSource(color)
      cairo_mask_surface(cr, other.surface, x, y)
    } else {
      cairo_set_source_surface(cr, other.surface, x, y)
      if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
    }
    cairo_restore(cr)
  }
}

extension LineCap {
  var cairoValue: cairo_line_cap_t {
    switch self {
    case .butt: CAIRO_LINE_CAP_BUTT
    case .round: CAIRO_LINE_CAP_ROUND
    case .square: CAIRO_LINE_CAP_SQUARE
    }
  }
}

extension LineJoin {
  var cairoValue: cairo_line_join_t {
    switch self {
    case .miter: CAIRO_LINE_JOIN_MITER
    case .round: CAIRO_LINE_JOIN_ROUND
    case .bevel: CAIRO_LINE_JOIN_BEVEL
    }
  }
}

// MARK: - Drawing an image

extension Image {
  /// Draws a new transparent image of `pixelWidth` x `pixelHeight`: `body` gets a canvas whose pixels are
  /// the image's own storage, so nothing is copied afterwards (a frame is 2.4 MB at 640x960). The canvas
  /// must not escape `body`.
  ///
  /// `filledWith` starts every pixel at that premultiplied value instead (see `pixel(filledWith:)`):
  /// one pass over the storage where clearing it and then painting a background over all of it take two.
  public static func drawing(
    pixelWidth: Int, pixelHeight: Int, scale: Double, filledWith start: UInt32 = 0,
    _ body: (Canvas) throws(GraphicsError) -> Void
  ) throws(GraphicsError) -> Image {
    try ImageLimits.check(width: pixelWidth, height: pixelHeight)
    let count = pixelWidth * pixelHeight
    var failure: GraphicsError?
    let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      let base = buffer.baseAddress!
      fb_pixels_fill(base, start, count)
      initialized = count
      failure = draw(into: base, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, body)
    }
    if let failure { throw failure }
    return Image(width: pixelWidth, height: pixelHeight, premultipliedARGB: pixels)
  }

  /// `drawing(pixelWidth:pixelHeight:scale:_:)` into `recycled`'s storage when it is an image of the same
  /// size that nothing else holds (it is taken, and left nil): the storage is cleared and drawn into again,
  /// which saves a fresh zeroed 2.4 MB allocation, and its page faults, for every frame. Any other
  /// `recycled` is dropped and a new image drawn; the pixels are the same either way.
  public static func drawing(
    pixelWidth: Int, pixelHeight: Int, scale: Double, recycling recycled: inout Image?, filledWith start: UInt32 = 0,
    _ body: (Canvas) throws(GraphicsError) -> Void
  ) throws(GraphicsError) -> Image {
    guard var pixels = recycled?.pixels, recycled?.width == pixelWidth, recycled?.height == pixelHeight else {
      recycled = nil
      return try drawing(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, filledWith: start, body)
    }
    recycled = nil  // the array's only other reference: writing below then needs no copy
    var failure: GraphicsError?
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      fb_pixels_fill(base, start, buffer.count)
      failure = draw(into: base, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, body)
    }
    if let failure { throw failure }
    return Image(width: pixelWidth, height: pixelHeight, premultipliedARGB: pixels)
  }

  /// The premultiplied pixel that painting `color` over a whole canvas leaves, worked out by Cairo on
  /// one pixel, so that a storage filled with it is exactly what the paint would have made.
  public static func pixel(filledWith color: Color) throws(GraphicsError) -> UInt32 {
    try drawing(pixelWidth: 1, pixelHeight: 1, scale: 1) { canvas in canvas.fillAll(color, replace: true) }.pixels[0]
  }

  /// Runs `body` on a canvas over `base`'s cleared pixels and flushes it; the error, if any.
  private static func draw(
    into base: UnsafeMutablePointer<UInt32>, pixelWidth: Int, pixelHeight: Int, scale: Double,
    _ body: (Canvas) throws(GraphicsError) -> Void
  ) -> GraphicsError? {
    do throws(GraphicsError) {
      let canvas = try Canvas(drawingInto: base, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
      try body(canvas)
      cairo_surface_flush(canvas.surface)
      return nil
    } catch {
      return error
    }
  }
}
