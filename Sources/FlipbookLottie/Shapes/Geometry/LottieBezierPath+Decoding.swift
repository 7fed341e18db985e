import FlipbookJSON
import Foundation

// MARK: - Decoding

extension LottieBezierPath: LottieKeyframeValue {
  /// Decodes a Lottie path value `{"c": closed, "i": [[x, y]…], "o": [[x, y]…], "v": [[x, y]…]}` (or an array
  /// holding one, as some exporters write it), as lottie-ios reads it (lottie-ios
  /// Sources/Private/Utility/Primitives/BezierPath.swift, 4.6.1): `c` absent means closed; `v`, `i` and `o` must
  /// have the same length; points are `[x, y]` arrays (extra components ignored) or `{"x", "y"}` objects.
  static func decodeLottie(_ cursor: JSONCursor) throws(DocumentError) -> LottieBezierPath {
    var object = cursor
    if cursor.isArray {
      guard let first = try cursor.array().first else { throw cursor.error("expected a path object, found []") }
      object = first
    }
    try object.requireObject()
    let closed = try object.flag("c", default: true)
    let points = try decodePoints(object.required("v"))
    let inTangents = try decodePoints(object.required("i"))
    let outTangents = try decodePoints(object.required("o"))
    guard points.count == inTangents.count, points.count == outTangents.count else {
      throw object.error(
        "a path needs as many in tangents (i: \(inTangents.count)) and out tangents (o: \(outTangents.count)) as "
          + "vertices (v: \(points.count))")
    }
    return LottieBezierPath(points: points, inTangents: inTangents, outTangents: outTangents, closed: closed)
  }

  private static func decodePoints(_ cursor: JSONCursor) throws(DocumentError) -> [CGPoint] {
    var result: [CGPoint] = []
    for item in try cursor.array() {
      if item.isObject {
        result.append(CGPoint(x: try item.required("x").number(), y: try item.required("y").number()))
        continue
      }
      let items = try item.array()
      guard items.count > 1 else { throw item.error("expected a point [x, y], found \(items.count) numbers") }
      result.append(CGPoint(x: try items[0].number(), y: try items[1].number()))
    }
    return result
  }
}
