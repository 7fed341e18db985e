import FlipbookJSON
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - TouchDecoder

/// Decodes the `touches` of a gesture script into a ``FingerTrack``:
///
/// ```json
/// "touches": [
///   { "down": 0.2, "up": 1.4, "track": [
///       { "at": 0.2, "y": 0 },
///       { "at": 1.0, "y": 150, "curve": "easeOut" },
///       { "at": 1.4, "y": 150 } ] },
///   { "down": 2.0, "up": 2.6 }
/// ]
/// ```
///
/// `down` and `up` are the seconds the finger lands and lifts; each keyframe of `track` gives the points `y` the
/// finger has moved down the screen at time `at`, and its optional `curve` (a timing-function name or
/// `[x1, y1, x2, y2]`, default `linear`) shapes the motion to the next keyframe. A hold is two keyframes with the
/// same `y`; a touch without `track` is a tap. An optional `x` places the finger across the screen, in points from
/// the scroll view's left edge (default: where it was, the middle before any keyframe says). Every problem, including those of ``FingerTrack/validate(_:)``, is
/// reported at its JSON path, touch by touch.
public enum TouchDecoder {
  static let touchKeys: Set<String> = ["down", "up", "track"]
  static let keyframeKeys: Set<String> = ["at", "y", "x", "curve"]

  /// The finger track of a `touches` array (which may be empty).
  public static func touches(_ cursor: JSONCursor) throws(DocumentError) -> FingerTrack {
    var touches: [Touch] = []
    for (index, item) in try cursor.array().enumerated() {
      let (touch, cursors) = try self.touch(item)
      let problems = FingerTrack.validate(touch, index: index, previous: touches.last)
      if let problem = problems.first { throw cursors.error(problem) }
      touches.append(touch)
    }
    return FingerTrack(touches: touches)
  }

  /// The cursors a touch was decoded from, to place validation problems.
  private struct Cursors {
    var down: JSONCursor
    var up: JSONCursor
    var at: [JSONCursor] = []
    var y: [JSONCursor] = []

    func error(_ problem: FingerTrack.Problem) -> DocumentError {
      let cursor =
        switch problem.field {
        case .down: down
        case .up: up
        case .keyframeTime(let k): at[k]
        case .keyframeTranslation(let k): y[k]
        }
      return cursor.error(problem.message)
    }
  }

  private static func touch(_ cursor: JSONCursor) throws(DocumentError) -> (Touch, Cursors) {
    let m = try cursor.object(allowing: touchKeys)
    guard let downCursor = m["down"] else { throw cursor.error("missing key \"down\"") }
    guard let upCursor = m["up"] else { throw cursor.error("missing key \"up\"") }
    var cursors = Cursors(down: downCursor, up: upCursor)
    var touch = Touch(down: try downCursor.number(), up: try upCursor.number())
    for item in try m["track"].map({ c throws(DocumentError) in try c.array() }) ?? [] {
      let k = try item.object(allowing: keyframeKeys)
      guard let at = k["at"] else { throw item.error("missing key \"at\"") }
      guard let y = k["y"] else { throw item.error("missing key \"y\"") }
      let curve = try k["curve"].map { c throws(DocumentError) in try AnimationDecoder.timingFunction(c) } ?? .linear
      let x = try k["x"].map { c throws(DocumentError) in try c.number(in: 0...GestureScript.maxViewportSide) }
      touch.keyframes.append(FingerKeyframe(time: try at.number(), translation: try y.number(), curve: curve, x: x))
      cursors.at.append(at)
      cursors.y.append(y)
    }
    return (touch, cursors)
  }
}
