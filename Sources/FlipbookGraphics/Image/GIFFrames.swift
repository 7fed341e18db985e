// MARK: - GIFFramePlan

/// A rectangle of the GIF canvas in pixels (an image descriptor's left, top, width and height).
struct GIFRect: Hashable, Sendable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

/// GIF's disposal methods (the Graphic Control Extension's 3-bit field): what happens to a frame's
/// rectangle before the next frame is drawn.
enum GIFDisposal: Int, Sendable {
  /// No disposal specified (decoders treat it like `keep`).
  case unspecified = 0
  /// "Do not dispose": the next frame draws over this one.
  case keep = 1
  /// "Restore to background": the rectangle is cleared. Every browser clears to transparent, not to
  /// the logical screen's background colour, and so does `GIFDecoder`.
  case background = 2
  /// "Restore to previous": the rectangle goes back to what it was before this frame.
  case previous = 3
}

/// One frame as it will be written: the part of the canvas it redraws, its pixels there, how long it
/// shows and how it is disposed.
struct GIFFramePlan {
  var rect: GIFRect
  /// Straight RGBA pixels of `rect` (see `GIFFrames.prepare`), row by row.
  var pixels: [UInt32]
  var centiseconds: Int
  var disposal: GIFDisposal
}

// MARK: - GIFFrames

/// Turns full frames into the frames a GIF stores: 1-bit alpha, identical neighbours merged, and each
/// frame after the first cut down to the rectangle that changes.
enum GIFFrames {
  /// Pixels with alpha below this (50 %) become fully transparent; the others become fully opaque with
  /// their straight colour. GIF has one transparent palette index and no partial alpha.
  static let alphaThreshold: UInt8 = 128

  /// An image as straight RGBA with 1-bit alpha, one UInt32 per pixel holding the bytes r, g, b, a in
  /// memory order (so the array's bytes are straight RGBA, ready for the quantizer). Every transparent
  /// pixel is 0, so transparent pixels compare equal whatever colour they had.
  static func prepare(_ image: Image) -> [UInt32] {
    var bytes = image.rgbaBytes()
    for offset in stride(from: 0, to: bytes.count, by: 4) {
      if bytes[offset + 3] < alphaThreshold {
        bytes[offset] = 0
        bytes[offset + 1] = 0
        bytes[offset + 2] = 0
        bytes[offset + 3] = 0
      } else {
        bytes[offset + 3] = 255
      }
    }
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
  }

  /// Whether a prepared pixel is transparent.
  @inline(__always) static func isTransparent(_ pixel: UInt32) -> Bool { pixel == 0 }

  /// Plans the frames of a `width` x `height` animation. The first frame covers the whole canvas; each
  /// later one covers the bounding box of the pixels that differ from the canvas it is drawn on. A
  /// frame is kept ("do not dispose") unless the next frame turns some of its opaque pixels
  /// transparent, which drawing over it cannot do; then it is cleared ("restore to background") and
  /// its rectangle grows to cover those pixels. The last frame is planned against the first so that
  /// looping works even in decoders that do not reset the canvas.
  static func plan(_ frames: [[UInt32]], centiseconds: [Int], width: Int, height: Int) -> [GIFFramePlan] {
    var plans: [GIFFramePlan] = []
    var canvas = [UInt32](repeating: 0, count: width * height)
    for (index, target) in frames.enumerated() {
      var rect =
        index == 0
        ? GIFRect(x: 0, y: 0, width: width, height: height)
        : boundingBox(width: width, height: height) { canvas[$0] != target[$0] }
          ?? GIFRect(x: 0, y: 0, width: 1, height: 1)
      var disposal = GIFDisposal.keep
      if frames.count > 1 {
        let next = frames[(index + 1) % frames.count]
        let cleared = boundingBox(width: width, height: height) {
          !isTransparent(target[$0]) && isTransparent(next[$0])
        }
        if let cleared {
          disposal = .background
          rect = union(rect, cleared)
        }
      }
      plans.append(
        GIFFramePlan(
          rect: rect, pixels: crop(target, width: width, to: rect), centiseconds: centiseconds[index],
          disposal: disposal))
      canvas = target
      if disposal == .background {
        for y in rect.y..<(rect.y + rect.height) {
          for x in rect.x..<(rect.x + rect.width) { canvas[y * width + x] = 0 }
        }
      }
    }
    return plans
  }

  /// The smallest rectangle holding every pixel offset for which `differs` is true, or nil.
  static func boundingBox(width: Int, height: Int, _ differs: (Int) -> Bool) -> GIFRect? {
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      let row = y * width
      for x in 0..<width where differs(row + x) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  static func union(_ a: GIFRect, _ b: GIFRect) -> GIFRect {
    let x = min(a.x, b.x)
    let y = min(a.y, b.y)
    let right = max(a.x + a.width, b.x + b.width)
    let bottom = max(a.y + a.height, b.y + b.height)
    return GIFRect(x: x, y: y, width: right - x, height: bottom - y)
  }

  /// The pixels of `rect`, row by row.
  static func crop(_ pixels: [UInt32], width: Int, to rect: GIFRect) -> [UInt32] {
    if rect.x == 0 && rect.width == width && rect.y == 0 && rect.height * width == pixels.count { return pixels }
    var out: [UInt32] = []
    out.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      out.append(contentsOf: pixels[(y * width + rect.x)..<(y * width + rect.x + rect.width)])
    }
    return out
  }
}
