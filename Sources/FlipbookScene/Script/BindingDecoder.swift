import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - BindingDecoder

/// Decodes a refresh view's `bindings`:
///
/// ```json
/// {"layer": "oval", "property": "strokeEnd", "input": "progress", "apply": "implicit"}
/// {"layer": "ring", "property": "strokeEnd", "input": "pull", "from": [0, 80], "to": [0, 1], "curve": "easeIn", "apply": "set"}
/// {"layer": "dot", "property": "backgroundColor", "input": "progress", "keyframes": [[0, "#FF0000"], [1, "#00FF00"]], "apply": "set"}
/// {"layer": "status", "property": "string", "input": "state", "values": {"armed": "Release", "otherwise": "Pull"}, "apply": "set"}
/// ```
///
/// With no `to`, `keyframes` or `values`, a number property takes the input itself. Values are decoded by
/// the property's type, so a colour bound to `strokeEnd` is an error at its path.
struct BindingDecoder {
  /// The view's layers as decoded once, for checking names and property types.
  let template: Layer
  let layerNames: Set<String>
  /// The inputs the view's host tells it (APL's container: not the finger's place).
  var hostInputs: [RefreshInput] = RefreshInput.allCases

  static let keys: Set<String> = [
    "layer", "property", "input", "apply", "from", "to", "keyframes", "values", "clamp", "curve", "format", "decimals",
    "phases",
  ]

  /// The properties a binding can drive on `layer`: every animatable key path the layer has but `contents`
  /// (which switches rather than interpolates), `hidden`, a shape layer's `path` (blended point by point) and a
  /// text layer's `string`. This is the table the manual's "Your own refresh view" lists per layer type; a test
  /// compares the two.
  static func drivableProperties(of layer: Layer) -> Set<String> {
    var names: Set<String> = ["hidden"]
    if layer is ShapeLayer { names.insert("path") }
    func add<Value>(_ table: [String: AnimationKeyPath<Value>]) {
      for (name, keyPath) in table where keyPath.isProperty(of: layer) { names.insert(name) }
    }
    add(AnimationKeyPaths.doubles)
    add(AnimationKeyPaths.points)
    add(AnimationKeyPaths.sizes)
    add(AnimationKeyPaths.rects)
    add(AnimationKeyPaths.colors)
    add(AnimationKeyPaths.transforms)
    if layer is TextLayer { names.insert("string") }
    if layer is LottieAnimationLayer { names.formUnion(lottieProperties.keys) }
    return names
  }

  /// What a binding can drive on a Lottie layer: where it is paused, by lottie-ios's names (`currentProgress`,
  /// `currentFrame`, `currentTime`) or for short `progress`, `frame` and `time` (a layer's `frame` rectangle is not
  /// bindable, so the short names are not ambiguous).
  static let lottieProperties: [String: @Sendable (LottieAnimationLayer, Double) -> Void] = [
    "currentProgress": { $0.currentProgress = $1 }, "progress": { $0.currentProgress = $1 },
    "currentFrame": { $0.currentFrame = $1 }, "frame": { $0.currentFrame = $1 },
    "currentTime": { $0.currentTime = $1 }, "time": { $0.currentTime = $1 },
  ]

  func binding(_ cursor: JSONCursor) throws(DocumentError) -> RefreshBinding {
    let m = try cursor.object(allowing: Self.keys)
    func required(_ key: String) throws(DocumentError) -> JSONCursor {
      guard let c = m[key] else { throw cursor.error("missing key \"\(key)\"") }
      return c
    }
    let layerCursor = try required("layer")
    let name = try layerCursor.string()
    guard let layer = template.layer(named: name) else {
      throw layerCursor.error(
        "no layer named \"\(name)\" in this view" + JSONCursor.choices(for: name, among: layerNames.sorted()))
    }
    let inputCursor = try required("input")
    let input = try inputCursor.choice(RefreshInput.self)
    guard hostInputs.contains(input) else {
      throw inputCursor.error(
        "APL's container does not tell its view \"\(input.rawValue)\"; it tells "
          + hostInputs.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    }
    let application = try required("apply").choice(RefreshBinding.Application.self)
    let property = try required("property")
    let builder = Builder(m: m, cursor: cursor, layer: layer, layerName: name, input: input, application: application)
    var binding = try builder.binding(property: property)
    if let c = m["phases"] { binding.phases = try Self.phases(c) }
    return binding
  }

  /// `"phases": ["pulling", "armed"]`: the phases a binding runs in, at least one, each once.
  static func phases(_ c: JSONCursor) throws(DocumentError) -> Set<RefreshPhase> {
    var phases: Set<RefreshPhase> = []
    let items = try c.array()
    guard !items.isEmpty else {
      throw c.error(
        "name the phases the binding runs in: \(RefreshPhase.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
      )
    }
    for item in items {
      let phase = try item.choice(RefreshPhase.self)
      guard phases.insert(phase).inserted else { throw item.error("\"\(phase.rawValue)\" is listed twice") }
    }
    return phases
  }

  /// Builds one binding once its layer, input and application are known.
  private struct Builder {
    let m: [String: JSONCursor]
    let cursor: JSONCursor
    let layer: Layer
    let layerName: String
    let input: RefreshInput
    let application: RefreshBinding.Application

    func binding(property c: JSONCursor) throws(DocumentError) -> RefreshBinding {
      let name = try c.string()
      if name != "string" {
        for key in ["format", "decimals"] {
          if let other = m[key] { throw other.error("\"\(key)\" writes a number into a label's \"string\"") }
        }
      }
      if layer is LottieAnimationLayer, let set = BindingDecoder.lottieProperties[name] {
        let map: RefreshMap<Double>
        if m["values"] != nil {
          map = try names { c throws(DocumentError) in try c.number() }
        } else {
          guard input.isNumeric else { throw cursor.error("the \"state\" input names phases: map it with \"values\"") }
          map = try rangeOrKeyframes { c throws(DocumentError) in try c.number() } ?? .identity
        }
        return RefreshBinding(layer: layerName, input: input, map: map, application: application) {
          if let lottie = $0 as? LottieAnimationLayer { set(lottie, $1) }
        }
      }
      if let kp = AnimationKeyPaths.doubles[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try c.number() }
      }
      if let kp = AnimationKeyPaths.points[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try LayerDecoder.point(c) }
      }
      if let kp = AnimationKeyPaths.sizes[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try LayerDecoder.size(c) }
      }
      if let kp = AnimationKeyPaths.rects[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try LayerDecoder.rect(c, nonNegativeSize: true) }
      }
      if let kp = AnimationKeyPaths.colors[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try LayerDecoder.color(c) }
      }
      if let kp = AnimationKeyPaths.transforms[name] {
        return try animatable(kp, c) { c throws(DocumentError) in try LayerDecoder.transform(c) }
      }
      if name == "hidden" {
        return try named(c, value: { c throws(DocumentError) in try c.bool() }) { $0.isHidden = $1 }
      }
      if name == "path" { return try path(c) }
      if name == "string" {
        guard layer is TextLayer else {
          throw c.error("\"string\" belongs to text layers; \"\(layerName)\" is not one")
        }
        let setText: (Layer, String) -> Void = { ($0 as? TextLayer)?.string = $1 }
        if m["format"] != nil || (input.isNumeric && m["values"] == nil) { return try formatted(set: setText) }
        return try named(c, value: { c throws(DocumentError) in try DateDecoder.text(c) }, set: setText)
      }
      let valid = BindingDecoder.drivableProperties(of: layer).sorted()
      let declared =
        LayerDecoder.commonKeys.union(LayerDecoder.shapeKeys).union(LayerDecoder.textKeys)
        .union(LayerDecoder.labelKeys).union(LayerDecoder.gradientKeys).union(LayerDecoder.replicatorKeys)
      if declared.contains(name) {
        // A layer key bindings do not drive (instanceCount, a path, a font): no near name is what was meant.
        throw c.error(
          "\"\(name)\" is set in the layer's declaration, not by a binding; valid here: "
            + JSONCursor.listing(valid, nearest: name))
      }
      throw c.error(
        "\"\(name)\" is not a property a binding can drive on \"\(layerName)\", \(layer.kindDescription)"
          + JSONCursor.choices(for: name, among: valid))
    }

    /// A shape layer's `path`, blended point by point as Core Animation morphs paths drawn alike, so every
    /// path a range or keyframes give must have the first one's commands (by name, any paths go).
    private func path(_ property: JSONCursor) throws(DocumentError) -> RefreshBinding {
      var first: Path?
      let blends = m["values"] == nil
      return try animatable(AnimationKeyPath.path, property) { c throws(DocumentError) in
        let path = try LayerDecoder.path(c) ?? Path()
        if blends, let first, !path.hasSameStructure(as: first) {
          throw c.error(
            "drawn with \"\(path.commandLetters)\" where the first path has \"\(first.commandLetters)\": a binding "
              + "blends paths point by point, so each needs the same commands in the same order")
        }
        first = first ?? path
        return path
      }
    }

    /// A property whose values interpolate: every map form.
    private func animatable<Value: Animatable>(
      _ keyPath: AnimationKeyPath<Value>, _ property: JSONCursor, value: (JSONCursor) throws(DocumentError) -> Value
    ) throws(DocumentError) -> RefreshBinding {
      guard keyPath.isProperty(of: layer) else {
        throw property.error(
          "\"\(keyPath.name)\" is not a property of \"\(layerName)\", \(layer.kindDescription)")
      }
      let map: RefreshMap<Value>
      if m["values"] != nil {
        map = try names(value)
      } else {
        guard input.isNumeric else {
          throw cursor.error("the \"state\" input names phases: map it with \"values\"")
        }
        if let interpolating = try rangeOrKeyframes(value) {
          map = interpolating
        } else {
          guard Value.self == Double.self, let identity = RefreshMap<Double>.identity as? RefreshMap<Value> else {
            throw cursor.error("\"\(keyPath.name)\" is not a number: give \"to\", \"keyframes\" or \"values\"")
          }
          for key in ["from", "clamp", "curve"] {
            if let c = m[key] { throw c.error("\"\(key)\" needs \"to\" or \"keyframes\"") }
          }
          map = identity
        }
      }
      return RefreshBinding(layer: layerName, input: input, map: map, application: application) { layer, v in
        keyPath.assign(v, to: layer)
      }
    }

    /// A label showing a number: the input mapped like a number property (`"to": [0, 100]`), written with
    /// `decimals` digits (default 0) in place of `{}` in `format` (default `"{}"`): `"{}%"` shows 42%.
    private func formatted(set: @escaping (Layer, String) -> Void) throws(DocumentError) -> RefreshBinding {
      guard input.isNumeric else {
        throw cursor.error("\"format\" shows a number; \"state\" has names: use \"values\"")
      }
      let format = try m["format"].map { c throws(DocumentError) in try c.string() } ?? "{}"
      if let c = m["format"], !format.contains("{}") { throw c.error("the format needs a {} where the number goes") }
      let decimals = try m["decimals"].map { c throws(DocumentError) in try c.integer(in: 0...6) } ?? 0
      let numbers = try numberMap()
      let map = numbers.map { value in
        format.replacingOccurrences(of: "{}", with: String(format: "%.\(decimals)f", value))
      }
      return RefreshBinding(layer: layerName, input: input, map: map, application: application, set: set)
    }

    /// The numeric map of a number-valued binding (`to`, `keyframes`, or the input itself).
    private func numberMap() throws(DocumentError) -> RefreshMap<Double> {
      if let c = m["values"] { throw c.error("\"values\" does not go with \"format\"") }
      return try rangeOrKeyframes { c throws(DocumentError) in try c.number() } ?? .identity
    }

    /// `"from"/"to"` or `"keyframes"`, clamped unless `"clamp": false`, eased by `"curve"`; nil when the
    /// binding gives neither.
    private func rangeOrKeyframes<Value: Animatable>(_ value: (JSONCursor) throws(DocumentError) -> Value)
      throws(DocumentError) -> RefreshMap<Value>?
    {
      let clamp = try m["clamp"].map { c throws(DocumentError) in try c.bool() } ?? true
      let curve = try m["curve"].map { c throws(DocumentError) in try AnimationDecoder.timingFunction(c) }
      if let to = m["to"] {
        if let c = m["keyframes"] { throw c.error("give \"to\" or \"keyframes\", not both") }
        let ends = try to.array()
        guard ends.count == 2 else { throw to.error("expected [start, end], found \(ends.count) values") }
        let from = try inputRange()
        return .range(from: from, to: (try value(ends[0]), try value(ends[1])), clamped: clamp, curve: curve)
      }
      guard let c = m["keyframes"] else { return nil }
      if let from = m["from"] { throw from.error("\"from\" goes with \"to\"; keyframes carry their own inputs") }
      var frames: [(Double, Value)] = []
      for item in try c.array() {
        let pair = try item.array()
        guard pair.count == 2 else { throw item.error("expected [input, value]") }
        frames.append((try pair[0].number(), try value(pair[1])))
      }
      guard !frames.isEmpty else { throw c.error("expected at least one keyframe") }
      return .keyframes(frames, clamped: clamp, curve: curve)
    }

    /// A property that only takes values by name (`hidden`, `string`).
    private func named<Value>(
      _ property: JSONCursor, value: (JSONCursor) throws(DocumentError) -> Value, set: @escaping (Layer, Value) -> Void
    ) throws(DocumentError) -> RefreshBinding {
      guard m["values"] != nil else {
        throw cursor.error("\"\(try property.string())\" does not interpolate: map it with \"values\"")
      }
      return RefreshBinding(layer: layerName, input: input, map: try names(value), application: application, set: set)
    }

    /// `"values": {"armed": …, "otherwise": …}`: names checked against the input's.
    private func names<Value>(_ value: (JSONCursor) throws(DocumentError) -> Value) throws(DocumentError)
      -> RefreshMap<Value>
    {
      let c = m["values"]!
      for key in ["to", "keyframes", "from", "clamp", "curve"] {
        if let other = m[key] { throw other.error("\"\(key)\" does not go with \"values\"") }
      }
      let allowed: [String]
      switch input {
      case .state: allowed = RefreshPhase.allCases.map(\.rawValue)
      case .beyondThreshold: allowed = ["true", "false"]
      case .progress, .pull, .fingerX, .inset, .offset:
        throw c.error("\"\(input.rawValue)\" is a number: map it with \"to\" or \"keyframes\"")
      }
      let members = try c.object(allowing: Set(allowed + ["otherwise"]))
      var values: [String: Value] = [:]
      var otherwise: Value?
      for (key, item) in members {
        if key == "otherwise" { otherwise = try value(item) } else { values[key] = try value(item) }
      }
      return .names(values, otherwise: otherwise)
    }

    /// `"from": [a, b]`, by default 0...1 (progress, beyondThreshold); a pull or a finger's place in points needs
    /// its own.
    private func inputRange() throws(DocumentError) -> (Double, Double) {
      guard let c = m["from"] else {
        guard ![.pull, .fingerX, .inset, .offset].contains(input) else {
          throw cursor.error("a \"\(input.rawValue)\" binding with \"to\" needs \"from\": [points, points]")
        }
        return (0, 1)
      }
      let v = try c.numbers(count: 2)
      guard v[0] != v[1] else { throw c.error("the input range's ends must differ") }
      return (v[0], v[1])
    }
  }
}
