import FlipbookGraphics
import Foundation

// MARK: - FrameReader

extension AnimatedPNG {
  /// An APNG's frames composed one at a time, as a viewer shows them: the reader keeps the canvas (and,
  /// for a `previous` dispose, the region it restores) between frames, so going through an animation of
  /// any length needs the memory of the file and about two frames, not of every frame at once.
  ///
  /// The whole chunk structure is checked when the reader is made (the same checks as `summary`); each
  /// frame's pixels are decoded and checked by `next()`. A plain PNG reads as one frame with delay 0.
  public struct FrameReader {
    /// The file's structure: size, loop count and every frame's fcTL.
    public let summary: Summary
    private let parsed: Parsed
    private let bytes: [UInt8]
    private let source: String
    private var canvas: [UInt32] = []
    /// The frame `next()` returns next.
    public private(set) var index = 0

    /// Checks `bytes`' chunks; `source` names the data in errors.
    public init(_ bytes: [UInt8], source: String = "data") throws(GraphicsError) {
      parsed = try AnimatedPNG.parse(bytes, source: source)
      summary = parsed.summary
      // The canvas is one decoded image: it gets the same budget as a PNG's pixels.
      if summary.isAnimated && summary.width * summary.height > ImageLimits.maxDecodedPixels {
        throw .sizeTooLarge(
          width: summary.width, height: summary.height,
          reason: "more than ImageLimits.maxDecodedPixels (\(ImageLimits.maxDecodedPixels)) pixels to decode")
      }
      self.bytes = bytes
      self.source = source
    }

    /// The number of frames the reader yields.
    public var count: Int { summary.isAnimated ? summary.frames.count : 1 }

    /// The next composed frame, nil after the last one.
    public mutating func next() throws(GraphicsError) -> Frame? {
      guard index < count else { return nil }
      defer { index += 1 }
      guard summary.isAnimated else { return Frame(image: try Image(pngData: bytes, source: source), duration: .zero) }
      let width = summary.width
      if canvas.isEmpty { canvas = [UInt32](repeating: 0, count: width * summary.height) }
      let control = summary.frames[index]
      let region = PixelRegion(x: control.x, y: control.y, width: control.width, height: control.height)
      let png = AnimatedPNG.standalonePNG(parsed, bytes: bytes, frame: index)
      let image = try Image(pngData: png, source: "\(source) frame \(index)")
      var dispose = control.dispose
      if index == 0 && dispose == .previous { dispose = .background }  // the spec's rule
      let saved = dispose == .previous ? AnimatedPNG.copy(canvas, width: width, region: region) : []
      // The first frame composites onto a transparent canvas, where OVER equals SOURCE.
      AnimatedPNG.composite(image.pixels, onto: &canvas, width: width, region: region, blend: control.blend)
      let frame = Frame(
        image: Image(width: width, height: summary.height, premultipliedARGB: canvas), duration: control.duration)
      switch dispose {
      case .none: break
      case .background:
        AnimatedPNG.fill(
          &canvas, width: width, region: region, with: [UInt32](repeating: 0, count: region.width * region.height))
      case .previous: AnimatedPNG.fill(&canvas, width: width, region: region, with: saved)
      }
      return frame
    }
  }
}
