import CFlipbook
import FlipbookGraphics

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
  /// The index of the first source frame it shows (identical successors merged into it), to decode
  /// it again when the pixels were not kept.
  var frame = 0
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
    // Straight RGBA written by CFlipbook straight into the result's storage, then alpha cut to one bit
    // in place: no intermediate byte array, no copy.
    var prepared = [UInt32](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { source in
      prepared.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        fb_pixels_to_rgba(
          source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
          base.assumingMemoryBound(to: UInt8.self))
        for offset in stride(from: 0, to: bytes.count, by: 4) {
          let alpha = bytes[offset + 3]
          if alpha < alphaThreshold {
            base.storeBytes(of: 0, toByteOffset: offset, as: UInt32.self)
          } else if alpha != 255 {
            bytes[offset + 3] = 255
          }
        }
      }
    }
    return prepared
  }

  /// Whether a prepared pixel is transparent.
  @inline(__always) static func isTransparent(_ pixel: UInt32) -> Bool { pixel == 0 }

  /// Plans the frames of a `width` x `height` animation held in memory; see `GIFPlanner`, which does the
  /// same one frame at a time.
  static func plan(_ frames: [[UInt32]], centiseconds: [Int], width: Int, height: Int) -> [GIFFramePlan] {
    var planner = GIFPlanner(width: width, height: height)
    var plans: [GIFFramePlan] = []
    for (index, frame) in frames.enumerated() {
      if let plan = planner.add(frame, centiseconds: centiseconds[index], frame: index, merging: false) {
        plans.append(plan)
      }
    }
    if let plan = planner.finish() { plans.append(plan) }
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
