import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - AnimationDecoder

/// Builds animations from scene-document objects (the `animations` of a layer). Every kind of
/// `CAAnimation` is here with Core Animation's names; the values are decoded by the type of the key path,
/// so `{"keyPath": "strokeEnd", "to": "#FFF"}` is an error at `…to`, never a silent no-op.
struct AnimationDecoder {
  let layers: LayerDecoder

  static let timingKeys: Set<String> = [
    "type", "key", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
    "fillMode", "removedOnCompletion", "timingFunction",
  ]
  static let propertyKeys: Set<String> = ["keyPath", "additive", "cumulative"]
  static let basicKeys: Set<String> = ["from", "to", "by"]
  static let springKeys: Set<String> = ["mass", "stiffness", "damping", "initialVelocity"]
  static let keyframeKeys: Set<String> = [
    "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "tensionValues",
    "continuityValues", "biasValues",
  ]

  /// Decodes one animation and the key it is added under (its `key`, else its key path).
  func animation(_ cursor: JSONCursor) throws(DocumentError) -> (key: String?, animation: any LayerAnimation) {
    let type =
      try cursor.value["type"].map { v throws(DocumentError) in
        try JSONCursor(v, path: cursor.path + ".type").string()
      } ?? "basic"
    let allowed: Set<String>
    switch type {
    case "basic": allowed = Self.timingKeys.union(Self.propertyKeys).union(Self.basicKeys)
    case "spring": allowed = Self.timingKeys.union(Self.propertyKeys).union(Self.basicKeys).union(Self.springKeys)
    case "keyframe": allowed = Self.timingKeys.union(Self.propertyKeys).union(Self.keyframeKeys)
    case "group": allowed = Self.timingKeys.union(["animations"])
    default:
      throw DocumentError(
        location: cursor.path + ".type",
        message: "\"\(type)\" is not one of \"basic\", \"keyframe\", \"group\", \"spring\"")
    }
    let m = try cursor.object(allowing: allowed)
    var animation: any LayerAnimation
    if type == "group" {
      var children: [any LayerAnimation] = []
      for child in try m["animations"].map({ c throws(DocumentError) in try c.items() }) ?? [] {
        children.append(try self.animation(child).animation)
      }
      animation = AnimationGroup(children)
    } else {
      guard let keyPathCursor = m["keyPath"] else { throw cursor.error("missing key \"keyPath\"") }
      animation = try property(keyPath: keyPathCursor, type: type, m)
    }
    try timing(m, into: &animation)
    let key = try m["key"].map { c throws(DocumentError) in try c.string() }
    return (key ?? (animation.keyPathNames.count == 1 ? animation.keyPathNames[0] : nil), animation)
  }

  // MARK: Timing

  private func timing(_ m: [String: JSONCursor], into animation: inout any LayerAnimation) throws(DocumentError) {
    var t = animation.timing
    if let c = m["beginTime"] { t.beginTime = try TimingLimits.timeShift(c) }
    if let c = m["duration"] { t.duration = try c.number(in: 0...86_400) }
    if let c = m["speed"] {
      t.speed = try TimingLimits.speed(c)
    }
    if let c = m["timeOffset"] { t.timeOffset = try TimingLimits.timeShift(c) }
    if let c = m["repeatCount"] {
      if case .string(let s) = c.value, s == "infinity" {
        t.repeatCount = .infinity
      } else {
        t.repeatCount = try c.number(in: 0...1_000_000)
      }
    }
    if let c = m["repeatDuration"] { t.repeatDuration = try c.number(in: 0...86_400) }
    if m["repeatCount"] != nil, let c = m["repeatDuration"] {
      throw c.error("give repeatCount or repeatDuration, not both (Core Animation leaves that undefined)")
    }
    if let c = m["autoreverses"] { t.autoreverses = try c.bool() }
    if let c = m["fillMode"] { t.fillMode = try c.choice(FillMode.self) }
    animation.timing = t
    if let c = m["removedOnCompletion"] { animation.isRemovedOnCompletion = try c.bool() }
    if let c = m["timingFunction"] { animation.timingFunction = try Self.timingFunction(c) }
  }

  /// A timing function: a name (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) or the two
  /// control points `[x1, y1, x2, y2]` of a cubic Bézier.
  static func timingFunction(_ c: JSONCursor) throws(DocumentError) -> TimingFunction {
    if case .string(let name) = c.value {
      guard let f = TimingFunction(name: name) else {
        throw c.error("\"\(name)\" is not one of \"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\"")
      }
      return f
    }
    let p = try c.numbers(count: 4)
    guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
      throw c.error("control point x values must be in 0...1")
    }
    return TimingFunction(controlPoints: p[0], p[1], p[2], p[3])
  }

  // MARK: Property animations

  private func property(keyPath c: JSONCursor, type: String, _ m: [String: JSONCursor]) throws(DocumentError)
    -> any LayerAnimation
  {
    let name = try c.string()
    if let kp = AnimationKeyPaths.doubles[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try c.number() }
    }
    if let kp = AnimationKeyPaths.points[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try LayerDecoder.point(c) }
    }
    if let kp = AnimationKeyPaths.sizes[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try LayerDecoder.size(c) }
    }
    if let kp = AnimationKeyPaths.rects[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try LayerDecoder.rect(c, nonNegativeSize: true) }
    }
    if let kp = AnimationKeyPaths.colors[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try LayerDecoder.color(c) }
    }
    if let kp = AnimationKeyPaths.transforms[name] {
      return try build(kp, type, m) { c throws(DocumentError) in try LayerDecoder.transform(c) }
    }
    if name == "hidden" {
      return try build(.hidden, type, m) { c throws(DocumentError) in Discrete(try c.bool()) }
    }
    if name == "contents" {
      layers.pending.notes.append(
        "\(c.path): a contents animation switches images at the midpoint; Core Animation cross-fades them")
      return try build(.contents, type, m) { c throws(DocumentError) in Discrete(try layers.contents(c).0) }
    }
    if name == "path" {
      // Paths morph point by point when drawn alike; between paths drawn differently (Core Animation leaves
      // that undefined) Flipbook switches at the midpoint, which is worth a note.
      var given: [Path] = []
      let animation = try build(.path, type, m) { c throws(DocumentError) in
        let path = try LayerDecoder.path(c) ?? Path()
        given.append(path)
        return path
      }
      if let first = given.first, given.contains(where: { !$0.hasSameStructure(as: first) }) {
        layers.pending.notes.append(
          "\(c.path): a path animation between paths drawn with different elements switches at the midpoint; "
            + "Core Animation morphs only paths drawn alike")
      }
      return animation
    }
    throw c.error(
      "unknown key path \"\(name)\"" + JSONCursor.choices(for: name, among: AnimationKeyPaths.allNames.sorted()))
  }

  private func build<Value: Animatable>(
    _ keyPath: AnimationKeyPath<Value>, _ type: String, _ m: [String: JSONCursor],
    value: (JSONCursor) throws(DocumentError) -> Value
  ) throws(DocumentError) -> any LayerAnimation {
    func optional(_ key: String) throws(DocumentError) -> Value? {
      guard let c = m[key], !c.isNull else { return nil }
      return try value(c)
    }
    let additive = try m["additive"].map { c throws(DocumentError) in try c.bool() } ?? false
    let cumulative = try m["cumulative"].map { c throws(DocumentError) in try c.bool() } ?? false
    switch type {
    case "keyframe":
      var a = KeyframeAnimation(keyPath: keyPath)
      if let c = m["values"] {
        for item in try c.array() { a.values.append(try value(item)) }
      }
      if let c = m["path"] {
        guard Value.self == CGPoint.self else {
          throw c.error("a path can only drive a point key path such as \"position\"")
        }
        a.path = try LayerDecoder.path(c)
      }
      if a.values.isEmpty, a.path == nil {
        throw DocumentError(location: m["keyPath"]!.path, message: "a keyframe animation needs \"values\" or \"path\"")
      }
      if let c = m["calculationMode"] { a.calculationMode = try c.choice(CalculationMode.self) }
      if let c = m["keyTimes"] {
        let times = try c.numbers()
        if a.path == nil,
          let problem = KeyframeTimeline.validate(keyTimes: times, count: a.values.count, mode: a.calculationMode)
        {
          throw c.error(problem)
        }
        a.keyTimes = times
      }
      if let c = m["timingFunctions"] {
        var functions: [TimingFunction] = []
        for item in try c.array() { functions.append(try Self.timingFunction(item)) }
        if a.path == nil, functions.count != max(a.values.count - 1, 1) {
          throw c.error(
            "expected \(max(a.values.count - 1, 1)) timing functions for \(a.values.count) values, found \(functions.count)"
          )
        }
        a.timingFunctions = functions
      }
      if let c = m["rotationMode"] {
        guard a.path != nil else { throw c.error("rotationMode needs a path") }
        a.rotationMode = try c.choice(RotationMode.self)
      }
      if let c = m["tensionValues"] { a.tensionValues = try c.numbers() }
      if let c = m["continuityValues"] { a.continuityValues = try c.numbers() }
      if let c = m["biasValues"] { a.biasValues = try c.numbers() }
      a.isAdditive = additive
      a.isCumulative = cumulative
      return a
    case "spring":
      var spring = Spring()
      if let c = m["mass"] { spring.mass = try c.number(in: 0.001...10_000) }
      if let c = m["stiffness"] { spring.stiffness = try c.number(in: 0.001...1_000_000) }
      if let c = m["damping"] { spring.damping = try c.number(in: 0.001...1_000_000) }
      if let c = m["initialVelocity"] { spring.initialVelocity = try c.number() }
      var a = SpringAnimation(keyPath: keyPath, from: try optional("from"), to: try optional("to"), spring: spring)
      a.base.byValue = try optional("by")
      a.base.isAdditive = additive
      a.base.isCumulative = cumulative
      return a
    default:
      var a = BasicAnimation(
        keyPath: keyPath, from: try optional("from"), to: try optional("to"), by: try optional("by"))
      a.isAdditive = additive
      a.isCumulative = cumulative
      return a
    }
  }
}
