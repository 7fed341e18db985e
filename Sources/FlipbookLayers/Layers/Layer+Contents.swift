import FlipbookGraphics
import Foundation

// MARK: - Contents rectangle and nine-slice stretching

extension Layer {
  /// Whether `contents` is drawn whole, in one piece: the default `contentsRect` and `contentsCenter`.
  var drawsWholeContents: Bool { contentsRect == Layer.unitRect && contentsCenter == Layer.unitRect }

  /// The pieces of `contents` to draw and where, in bounds space: the part `contentsRect` picks, placed
  /// by `contentsGravity` at its size in points, and with a resizing gravity cut by `contentsCenter` into
  /// up to nine pieces whose corners keep their size. Empty without contents or with an empty
  /// `contentsRect`.
  public var contentsPieces: [ImagePiece] {
    guard let image = contents else { return [] }
    let part = contentsRect.standardized
    guard part.width > 0, part.height > 0 else { return [] }
    let width = Double(image.width)
    let height = Double(image.height)
    let source = CGRect(
      x: part.minX * width, y: part.minY * height, width: part.width * width, height: part.height * height)
    let scale = contentsScale > 0 ? contentsScale : 1
    let destination = contentsGravity.placement(
      of: CGSize(width: source.width / scale, height: source.height / scale), in: bounds)
    guard contentsCenter != Layer.unitRect, contentsGravity.isResizing else {
      return [ImagePiece(source: source, destination: destination)]
    }
    let centre = contentsCenter.standardized
    let columns = Self.slices(
      source: source.minX, length: source.width, centre: centre.minX, centreLength: centre.width,
      into: destination.minX, length: destination.width, scale: scale)
    let rows = Self.slices(
      source: source.minY, length: source.height, centre: centre.minY, centreLength: centre.height,
      into: destination.minY, length: destination.height, scale: scale)
    var pieces: [ImagePiece] = []
    for row in rows {
      for column in columns {
        pieces.append(
          ImagePiece(
            source: CGRect(x: column.source, y: row.source, width: column.sourceLength, height: row.sourceLength),
            destination: CGRect(x: column.start, y: row.start, width: column.length, height: row.length)))
      }
    }
    return pieces
  }

  /// The smallest source extent, in pixels, a stretched middle is sampled from: a `contentsCenter` of
  /// zero width stretches the column of pixels at its position rather than nothing.
  static let minimumCentreSource = 1.0

  /// One axis of a nine-slice: the leading edge, the middle and the trailing edge as (source start and
  /// length in pixels, destination start and length in points). The edges keep their length in points
  /// (pixels / `scale`) unless together they are longer than the destination, when both shrink in
  /// proportion and the middle vanishes. Empty slices are left out.
  static func slices(
    source: Double, length: Double, centre: Double, centreLength: Double, into start: Double, length size: Double,
    scale: Double
  ) -> [(source: Double, sourceLength: Double, start: Double, length: Double)] {
    let lower = min(max(centre, 0), 1)
    let upper = min(max(centre + centreLength, lower), 1)
    var lead = lower * length / scale
    var trail = (1 - upper) * length / scale
    if lead + trail > size, lead + trail > 0 {
      let shrink = size / (lead + trail)
      lead *= shrink
      trail *= shrink
    }
    var middleSource = source + lower * length
    var middleLength = (upper - lower) * length
    if middleLength < minimumCentreSource {
      middleSource -= (minimumCentreSource - middleLength) / 2
      middleLength = minimumCentreSource
    }
    let all = [
      (source: source, sourceLength: lower * length, start: start, length: lead),
      (source: middleSource, sourceLength: middleLength, start: start + lead, length: size - lead - trail),
      (source: source + upper * length, sourceLength: (1 - upper) * length, start: start + size - trail, length: trail),
    ]
    return all.filter { $0.sourceLength > 0 && $0.length > 0 }
  }
}

extension ContentsGravity {
  /// The gravities that scale the image to the bounds (`resize`, `resizeAspect`, `resizeAspectFill`):
  /// the ones Apple says `contentsCenter` applies with.
  public var isResizing: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
}
