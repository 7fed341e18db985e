// MARK: - GIFPlanner

/// Plans a GIF's frames as they arrive, one at a time, holding only the frames planning needs: the
/// canvas the next frame is drawn on, the frame waiting for its successor, and the first frame (the
/// last frame is planned against it). Memory stays flat however long the animation.
///
/// The first frame covers the whole canvas; each later one covers the bounding box of the pixels that
/// differ from the canvas it is drawn on. A frame is kept ("do not dispose") unless the next frame
/// turns some of its opaque pixels transparent, which drawing over it cannot do; then it is cleared
/// ("restore to background") and its rectangle grows to cover those pixels. The last frame is planned
/// against the first so that looping works even in decoders that do not reset the canvas.
struct GIFPlanner {
  let width: Int
  let height: Int
  private var canvas: [UInt32]
  private var first: [UInt32]?
  private var pending: (pixels: [UInt32], centiseconds: Int, frame: Int)?
  private var planned = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    canvas = [UInt32](repeating: 0, count: width * height)
  }

  /// Adds the next frame's prepared pixels (see `GIFFrames.prepare`). With `merging`, a frame identical
  /// to the one before lengthens it instead (while the sum fits GIF's 16-bit delay). Returns the plan
  /// of the frame before, now that its successor is known.
  mutating func add(_ pixels: [UInt32], centiseconds: Int, frame: Int, merging: Bool = true) -> GIFFramePlan? {
    if merging, let last = pending, last.pixels == pixels,
      last.centiseconds + centiseconds <= GIFTiming.maximumCentiseconds
    {
      pending?.centiseconds += centiseconds
      return nil
    }
    var finished: GIFFramePlan? = nil
    if let previous = pending { finished = plan(previous, next: pixels) }
    if first == nil { first = pixels }
    pending = (pixels, centiseconds, frame)
    return finished
  }

  /// The last frame's plan (nil when no frame was added).
  mutating func finish() -> GIFFramePlan? {
    guard let last = pending else { return nil }
    pending = nil
    // A single frame needs no disposal: nothing follows it.
    return plan(last, next: planned == 0 ? nil : first)
  }

  private mutating func plan(_ target: (pixels: [UInt32], centiseconds: Int, frame: Int), next: [UInt32]?)
    -> GIFFramePlan
  {
    let pixels = target.pixels
    var rect =
      planned == 0
      ? GIFRect(x: 0, y: 0, width: width, height: height)
      : GIFFrames.boundingBox(width: width, height: height) { [canvas] in canvas[$0] != pixels[$0] }
        ?? GIFRect(x: 0, y: 0, width: 1, height: 1)
    var disposal = GIFDisposal.keep
    if let next {
      let cleared = GIFFrames.boundingBox(width: width, height: height) {
        !GIFFrames.isTransparent(pixels[$0]) && GIFFrames.isTransparent(next[$0])
      }
      if let cleared {
        disposal = .background
        rect = GIFFrames.union(rect, cleared)
      }
    }
    planned += 1
    canvas = pixels
    if disposal == .background {
      for y in rect.y..<(rect.y + rect.height) {
        for x in rect.x..<(rect.x + rect.width) { canvas[y * width + x] = 0 }
      }
    }
    return GIFFramePlan(
      rect: rect, pixels: GIFFrames.crop(pixels, width: width, to: rect), centiseconds: target.centiseconds,
      disposal: disposal, frame: target.frame)
  }
}
