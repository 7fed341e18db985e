import FlipbookJSON
import Foundation

// MARK: - Decoding

extension LottieKeyframes where Value: LottieKeyframeValue {
  /// Decodes an animatable property object (`{"a": 0|1, "k": …, "x": expression}`).
  ///
  /// As lottie-ios reads it (`Sources/Private/Model/Keyframes/KeyframeGroup.swift`, 4.6.1): `k` is a keyframe list
  /// when it is an array of objects carrying `t` (whatever `a` says — some exporters omit it), otherwise the
  /// constant value. A keyframe's value is its `s`, or for bodymovin 4 files the previous keyframe's end value `e`
  /// (their last keyframe holds only `t`); a keyframe with neither is an error naming it. Times must not go
  /// backwards: Core Animation's key times cannot.
  public init(decoding cursor: JSONCursor) throws(DocumentError) {
    let k = try cursor.required("k")
    let expression = try? cursor.member("x")?.string()
    if Self.isKeyframeList(k) {
      self.init(keyframes: try Self.decodeList(k), expression: expression)
    } else {
      self.init(keyframes: [LottieKeyframe(value: try Value.decodeLottie(k), frame: 0, isHold: true)])
      self.expression = expression
    }
  }

  /// Decodes member `key` of `object`, or returns nil when it is absent.
  public static func decode(_ key: String, in object: JSONCursor) throws(DocumentError) -> LottieKeyframes? {
    guard let member = object.member(key) else { return nil }
    return try LottieKeyframes(decoding: member)
  }

  /// Whether `k` is a keyframe list: an array whose first item is an object with a time `t`.
  static func isKeyframeList(_ k: JSONCursor) -> Bool {
    guard case .array(let items) = k.value, let first = items.first, case .object = first else { return false }
    return first["t"] != nil
  }

  private static func decodeList(_ k: JSONCursor) throws(DocumentError) -> [LottieKeyframe<Value>] {
    var result: [LottieKeyframe<Value>] = []
    var previous: (end: Value?, inTangent: CGPoint?, spatialIn: CGPoint?)?
    for item in try k.array() {
      try item.requireObject()
      let time = try item.required("t")
      let frame = try time.number()
      if let last = result.last, frame < last.frame {
        throw time.error(
          "keyframe time \(JSONValue.format(frame)) comes before the previous keyframe's \(JSONValue.format(last.frame))"
        )
      }
      let start = try item.member("s").map { (s) throws(DocumentError) in try Value.decodeLottie(s) }
      let end = try item.member("e").map { (e) throws(DocumentError) in try Value.decodeLottie(e) }
      guard let value = start ?? previous?.end else {
        throw item.error("keyframe has no value: no \"s\", and no \"e\" on the keyframe before it")
      }
      let inTangent = try item.member("i").map { (c) throws(DocumentError) in try easingTangent(c) }
      let outTangent = try item.member("o").map { (c) throws(DocumentError) in try easingTangent(c) }
      let spatialIn = try item.member("ti").map { (c) throws(DocumentError) in try LottieVector.decodeLottie(c).point }
      let spatialOut = try item.member("to").map { (c) throws(DocumentError) in try LottieVector.decodeLottie(c).point }
      result.append(
        LottieKeyframe(
          value: value, frame: frame, isHold: try item.flag("h"), inTangent: previous?.inTangent,
          outTangent: outTangent, spatialInTangent: previous?.spatialIn, spatialOutTangent: spatialOut))
      previous = (end, inTangent, spatialIn)
    }
    return result
  }

  /// An easing control point `{"x": …, "y": …}` whose coordinates are numbers or arrays (one entry per dimension
  /// for multi-dimensional properties); lottie-ios takes the first entry (`LottieVector2D`,
  /// `Sources/Private/Utility/Primitives/VectorsExtensions.swift`, 4.6.1), and so does Flipbook.
  private static func easingTangent(_ cursor: JSONCursor) throws(DocumentError) -> CGPoint {
    CGPoint(x: try Double.decodeLottie(try cursor.required("x")), y: try Double.decodeLottie(try cursor.required("y")))
  }
}
