import FlipbookGraphics
import Foundation

// MARK: - LayerRenderer

/// Rasterizes a layer tree into an image, the way the screen shows it: in points with y down, at
/// `scale` pixels per point, anti-aliased.
///
/// The root layer is the screen: its bounds are the image's area (its own position, anchor point and
/// transform are ignored, as a window's are). Every other layer is mapped onto its superlayer's plane by
/// `Layer.transformToSuperlayer()`, a 3x3 projective map; each layer flattens its sublayers, as every
/// Core Animation layer but `CATransformLayer` does. While the accumulated map is affine, Cairo draws
/// directly with it. When it has perspective (a rotation about x or y under an `m34`), the layer and its
/// sublayers are drawn flat into an offscreen canvas at a resolution matched to how large they appear,
/// and that canvas is warped onto the screen pixel by pixel through the inverse map with bilinear
/// sampling (see `Canvas.drawProjected`).
public struct LayerRenderer: Sendable {
  /// Pixels per point: 1, 2 or 3 for the iPhone screens people preview.
  public var scale: Double
  /// Painted under everything; nil leaves uncovered pixels transparent.
  public var background: Color?

  /// The largest side, in pixels, of an offscreen canvas made for a perspective layer.
  static let maxProjectedSide = 4096.0

  /// A renderer at `scale` pixels per point, over `background`.
  public init(scale: Double = 2, background: Color? = nil) {
    self.scale = scale
    self.background = background
  }

  /// Renders what the screen shows at `time` (the root's parent time): the presentation tree, with
  /// every animation evaluated. Without a time, the tree's context's current time.
  public func render(_ root: Layer, at time: Double? = nil) throws(GraphicsError) -> Image {
    let shown = time != nil || root.hasAnimationsInTree ? root.presentation(at: time) : root
    return try renderTree(shown)
  }

  /// Renders the tree exactly as given (a model or presentation tree), without evaluating animations.
  public func renderTree(_ root: Layer) throws(GraphicsError) -> Image {
    var none: Image?
    return try renderTree(root, recycling: &none)
  }

  /// `renderTree(_:)` into `recycled`'s storage when it fits (see `Image.drawing(…recycling:…)`): the
  /// frame pipeline's workers draw each frame into the buffer of one already written.
  ///
  /// Drawn straight into the image's storage, which starts as what lies under the tree (`startingPixel`):
  /// the background, or the root's own background when it is opaque and covers every pixel, as a
  /// screen's root view usually does. One fill of the storage then stands for clearing it and painting
  /// one or two backgrounds over the whole image, each a pass over 2.4 MB at 640x960.
  public func renderTree(_ root: Layer, recycling recycled: inout Image?) throws(GraphicsError) -> Image {
    let width = Int((root.bounds.width * scale).rounded(.up))
    let height = Int((root.bounds.height * scale).rounded(.up))
    let coveringColor = Self.coveringBackground(of: root, width: width, height: height, scale: scale)
    let start = try (coveringColor ?? background).map { color throws(GraphicsError) in
      try Image.pixel(filledWith: color)
    }
    return try Image.drawing(
      pixelWidth: width, pixelHeight: height, scale: scale, recycling: &recycled, filledWith: start ?? 0
    ) { canvas throws(GraphicsError) in
      try draw(root, on: canvas, backgroundPainted: coveringColor != nil)
    }
  }

  /// The root's background colour when painting it is the same as filling every pixel with it: an
  /// opaque colour on a plain rectangle whose bounds are exactly the image's pixels, drawn straight onto
  /// the image (no opacity, mask, shadow or compositing filter puts it in a group). Nil otherwise.
  static func coveringBackground(of root: Layer, width: Int, height: Int, scale: Double) -> Color? {
    guard let color = root.backgroundColor, color.alpha >= 1, !root.isHidden, root.opacity >= 1,
      !(root.cornerRadius > 0), root.mask == nil, root.compositingFilter == nil,
      !(root.shadowOpacity > 0 && root.shadowColor.alpha > 0),
      root.bounds.width * scale == Double(width), root.bounds.height * scale == Double(height)
    else { return nil }
    return color
  }

  /// Renders the tree under `root` into an existing canvas (cleared first), for callers that reuse one.
  public func render(_ root: Layer, into canvas: Canvas) throws(GraphicsError) {
    canvas.fillAll(background ?? .clear, replace: true)
    try draw(root, on: canvas)
  }

  /// Draws the tree from its root; `backgroundPainted` when the canvas already holds the root's
  /// background (`coveringBackground(of:…)`), which is then not painted again.
  private func draw(_ root: Layer, on canvas: Canvas, backgroundPainted: Bool = false) throws(GraphicsError) {
    let toDevice = Transform2D(translationX: -root.bounds.minX, y: -root.bounds.minY)
      .concatenating(Transform2D(scaleX: canvas.scale, y: canvas.scale))
    if backgroundPainted {
      // What `draw(_:on:toDevice:)` does for such a root: no group, straight to its body.
      canvas.save()
      canvas.setTransform(toDevice)
      try drawBody(of: root, on: canvas, transform: toDevice, paintingBackground: false)
      canvas.restore()
    } else {
      try draw(root, on: canvas, toDevice: Homography(toDevice))
    }
    try canvas.checkStatus("render the layer tree")
  }

  // MARK: Layers

  /// Draws `layer` and its sublayers; `toDevice` maps the layer's bounds space to device pixels.
  /// `fade` multiplies the layer's opacity (a replicator instance's alpha).
  func draw(_ layer: Layer, on canvas: Canvas, toDevice: Homography, fade: Double = 1) throws(GraphicsError) {
    guard !layer.isHidden, layer.opacity > 0 else { return }
    if toDevice.isAffine {
      // A layer squashed flat (a scale of 0, as a bar growing from nothing starts) covers no area: Core
      // Animation shows nothing, and Cairo cannot draw through a matrix it cannot invert.
      let determinant = toDevice.affine.determinant
      guard determinant != 0, determinant.isFinite else { return }
      try drawFlat(layer, on: canvas, transform: toDevice.affine, fade: fade)
    } else {
      try drawInPerspective(layer, on: canvas, toDevice: toDevice, fade: fade)
    }
  }

  func drawFlat(_ layer: Layer, on canvas: Canvas, transform: Transform2D, fade: Double = 1) throws(GraphicsError) {
    guard let filter = layer.compositingFilter else {
      try drawComposited(layer, on: canvas, transform: transform, fade: fade)
      return
    }
    // A compositing filter blends the whole layer, as one group, with what lies beneath it. Beyond what the
    // layer can cover its group is transparent, which leaves the destination as it is in every mode, so the
    // group need be no larger than that (a shadow may reach further: then it is not bounded).
    canvas.save()
    defer { canvas.restore() }
    canvas.setTransform(transform)
    if layer.shadowOpacity <= 0 || layer.shadowColor.alpha <= 0 {
      canvas.clip(to: layer.masksToBounds ? layer.bounds : Self.subtreeBounds(of: layer))
    }
    canvas.beginGroup()
    try drawComposited(layer, on: canvas, transform: transform, fade: fade)
    canvas.setTransform(transform)
    canvas.endGroup(blending: filter.blendMode)
  }

  /// Draws `layer` with its opacity, shadow and mask, composited normally.
  func drawComposited(_ layer: Layer, on canvas: Canvas, transform: Transform2D, fade: Double = 1)
    throws(GraphicsError)
  {
    let opacity = min(layer.opacity, 1) * fade
    if let mask = layer.mask {
      try drawMasked(layer, by: mask, on: canvas, transform: transform, opacity: opacity)
      return
    }
    if layer.shadowOpacity > 0, layer.shadowColor.alpha > 0 {
      try drawShadow(of: layer, on: canvas, transform: transform, opacity: opacity)
    }
    canvas.save()
    defer { canvas.restore() }
    canvas.setTransform(transform)
    guard opacity < 1 else {
      try drawBody(of: layer, on: canvas, transform: transform)
      return
    }
    // Group opacity. A layer that paints once cannot overlap itself, so fading each paint is the same as
    // fading the group and costs no offscreen surface (a spinner's 12 spokes would otherwise make 12).
    if layer.sublayers.isEmpty && layer.paintCount <= 1 {
      let outer = canvas.alphaMultiplier
      canvas.alphaMultiplier = outer * opacity
      defer { canvas.alphaMultiplier = outer }
      try drawBody(of: layer, on: canvas, transform: transform)
      return
    }
    // Otherwise an offscreen group, no larger than what the layer can cover.
    canvas.clip(to: layer.masksToBounds ? layer.bounds : Self.subtreeBounds(of: layer))
    canvas.beginGroup()
    try drawBody(of: layer, on: canvas, transform: transform)
    canvas.endGroup(opacity: opacity)
  }

  /// Background, contents, the layer's own content, sublayers and border, in that order.
  /// `paintingBackground` is false only for a root whose background the canvas already holds.
  func drawBody(of layer: Layer, on canvas: Canvas, transform: Transform2D, paintingBackground: Bool = true)
    throws(GraphicsError)
  {
    let bounds = layer.bounds
    let outline =
      layer.cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: layer.cornerRadius) : Path(rect: bounds)
    if paintingBackground, let background = layer.backgroundColor { canvas.fill(outline, color: background) }
    if layer.masksToBounds {
      canvas.save()
      canvas.clip(to: outline)
    }
    if let image = layer.contents {
      if layer.drawsWholeContents {
        let scale = layer.contentsScale > 0 ? layer.contentsScale : 1
        let size = CGSize(width: Double(image.width) / scale, height: Double(image.height) / scale)
        canvas.draw(image, in: layer.contentsGravity.placement(of: size, in: bounds))
      } else {
        canvas.draw(image, pieces: layer.contentsPieces)
      }
    }
    try layer.drawContent(in: canvas)
    let toDevice = Homography(transform)
    if let replicator = layer as? ReplicatorLayer {
      try drawInstances(of: replicator, on: canvas, transform: transform)
    } else {
      for sublayer in layer.sublayersInDrawingOrder {
        try draw(sublayer, on: canvas, toDevice: sublayer.transformToSuperlayer().concatenating(toDevice))
      }
    }
    canvas.setTransform(transform)
    if layer.masksToBounds { canvas.restore() }
    if layer.borderWidth > 0 {
      let inset = layer.borderWidth / 2
      let rect = bounds.insetBy(dx: inset, dy: inset)
      if rect.width >= 0, rect.height >= 0 {
        let radius = max(layer.cornerRadius - inset, 0)
        let ring = radius > 0 ? Path(roundedRect: rect, cornerRadius: radius) : Path(rect: rect)
        canvas.stroke(ring, color: layer.borderColor, style: StrokeStyle(lineWidth: layer.borderWidth))
      }
    }
  }

  // MARK: Shadow

  /// Core Animation's shadow: the alpha of everything the layer draws (or of `shadowPath`), blurred,
  /// tinted with `shadowColor` at `shadowOpacity`, offset by `shadowOffset` in the layer's space, and
  /// drawn beneath the layer.
  func drawShadow(of layer: Layer, on canvas: Canvas, transform: Transform2D, opacity: Double) throws(GraphicsError) {
    let deviceScale = abs(transform.determinant).squareRoot()
    let sigma = layer.shadowRadius * deviceScale
    let offset = CGPoint(
      x: transform.a * layer.shadowOffset.width + transform.c * layer.shadowOffset.height,
      y: transform.b * layer.shadowOffset.width + transform.d * layer.shadowOffset.height)
    // Only what can land inside the clip matters: the clip grown by the blur and the offset.
    let reach = 3 * sigma + 1
    let area = canvas.deviceClipExtents.insetBy(dx: -reach, dy: -reach).offsetBy(dx: -offset.x, dy: -offset.y)
      .intersection(
        CGRect(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight).insetBy(dx: -reach, dy: -reach)
          .offsetBy(dx: -offset.x, dy: -offset.y))
    guard !area.isNull, area.width >= 1, area.height >= 1 else { return }
    let x0 = floor(area.minX)
    let y0 = floor(area.minY)
    let mask = try Canvas(
      pixelWidth: PixelCount.roundingUp(area.maxX - x0), pixelHeight: PixelCount.roundingUp(area.maxY - y0),
      scale: 1)
    let shifted = transform.concatenating(Transform2D(translationX: -x0, y: -y0))
    mask.setTransform(shifted)
    if let shadowPath = layer.shadowPath {
      mask.fill(shadowPath, color: .black)
    } else {
      try drawBody(of: layer, on: mask, transform: shifted)
    }
    mask.blurAlphaIntoMask(sigma: sigma)
    let tint = layer.shadowColor.multiplyingAlpha(min(max(layer.shadowOpacity, 0), 1) * opacity)
    canvas.paintMask(mask, color: tint, atX: x0 + offset.x, y: y0 + offset.y)
  }

  // MARK: Perspective

  func drawInPerspective(_ layer: Layer, on canvas: Canvas, toDevice: Homography, fade: Double = 1)
    throws(GraphicsError)
  {
    let box = layer.masksToBounds ? layer.bounds : Self.subtreeBounds(of: layer)
    guard box.width > 0, box.height > 0 else { return }
    // Draw at about the size the layer appears: the longest projected edge against its length in points.
    var corners = [
      CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
      CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.minX, y: box.maxY),
    ].map { toDevice.map($0) }
    var resolution = canvas.scale
    if corners.allSatisfy({ $0.w > 0 }) {
      corners.append(corners[0])
      let stretch =
        (0..<4).map { i -> Double in
          let a = corners[i].point
          let b = corners[i + 1].point
          let edge = i % 2 == 0 ? box.width : box.height
          return hypot(b.x - a.x, b.y - a.y) / edge
        }.max() ?? canvas.scale
      resolution = max(stretch, canvas.scale)
    }
    resolution = min(resolution, Self.maxProjectedSide / max(box.width, box.height))
    let offscreen = try Canvas(
      pixelWidth: max(1, PixelCount.roundingUp(box.width * resolution)),
      pixelHeight: max(1, PixelCount.roundingUp(box.height * resolution)), scale: 1)
    let toOffscreen = Transform2D(translationX: -box.minX, y: -box.minY)
      .concatenating(Transform2D(scaleX: resolution, y: resolution))
    try drawFlat(layer, on: offscreen, transform: toOffscreen, fade: fade)
    guard let back = toOffscreen.inverted else { return }
    try canvas.drawProjected(offscreen, through: Homography(back).concatenating(toDevice))
  }

  /// The area a layer and its unmasked sublayers cover, in the layer's bounds space.
  static func subtreeBounds(of layer: Layer) -> CGRect {
    if let replicator = layer as? ReplicatorLayer { return replicatedBounds(of: replicator) }
    var box = layer.contentBounds
    for sublayer in layer.sublayers where !sublayer.isHidden {
      guard let covered = coverage(of: sublayer, through: sublayer.transformToSuperlayer()) else { continue }
      box = box.union(covered)
    }
    return box
  }

  /// The bounding box of what `layer` and its sublayers can cover, mapped through `map` (from the
  /// layer's bounds space); nil when part of it falls behind the eye.
  static func coverage(of layer: Layer, through map: Homography) -> CGRect? {
    let inner = layer.masksToBounds ? layer.bounds : subtreeBounds(of: layer)
    let corners = [
      CGPoint(x: inner.minX, y: inner.minY), CGPoint(x: inner.maxX, y: inner.minY),
      CGPoint(x: inner.minX, y: inner.maxY), CGPoint(x: inner.maxX, y: inner.maxY),
    ].map { map.map($0) }
    guard corners.allSatisfy({ $0.w > 0 }) else { return nil }
    return CGRect.boundingBox(of: corners.map(\.point))
  }
}
