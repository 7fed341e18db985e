import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - SceneEventDecoder

/// Decodes a timed event: `{"at": 1.0, "set": {"arrow": {"transform": [{"rotate": 180}]}}}`, optionally
/// inside a transaction (`"transaction": {"duration": 0.18, "timingFunction": "easeIn",
/// "disableActions": false}`) or a view animation block (`"viewAnimation": {"duration": 0.3, "delay": 0,
/// "curve": "easeOut"}` or with `"dampingRatio"` and `"initialVelocity"` for a spring).
struct SceneEventDecoder {
  let layers: LayerDecoder
  let root: Layer

  /// The event and how long its animations may run after it (for the scene's default duration).
  func event(_ cursor: JSONCursor) throws(DocumentError) -> (event: SceneEvent, time: Double, settle: Double) {
    let m = try cursor.object(allowing: ["at", "set", "transaction", "viewAnimation"])
    guard let at = m["at"] else { throw cursor.error("missing key \"at\"") }
    let time = try at.number(in: 0...86_400)
    guard let exactTime = Rational(decimal: time) else { throw at.error("expected a finite time") }
    guard let set = m["set"] else { throw cursor.error("missing key \"set\"") }
    if m["transaction"] != nil, let view = m["viewAnimation"] {
      throw view.error("an event is either a transaction or a view animation, not both")
    }
    // Check every change now against a scratch copy, so a bad event fails at load, not mid-render.
    var changes: [(Layer, JSONCursor)] = []
    guard case .object(let members) = set.value else { throw set.error("expected an object of layer names") }
    for (name, _) in members {
      let change = JSONCursor(set.value[name]!, path: set.path + "." + name)
      guard let layer = root.layer(named: name) else {
        throw change.error("no layer named \"\(name)\"")
      }
      try layers.set(change, on: type(of: layer).init(layer: layer))
      changes.append((layer, change))
    }
    let layers = self.layers
    let applyChanges = {
      for (layer, change) in changes { try? layers.set(change, on: layer) }
    }
    if let view = m["viewAnimation"] {
      let settings = try Self.viewAnimation(view)
      let event = SceneEvent(time: exactTime) { context in settings.perform(in: context, applyChanges) }
      return (event, time, settings.delay + settings.duration)
    }
    let (duration, function, disable) =
      try m["transaction"].map { c throws(DocumentError) in
        try Self.transaction(c)
      } ?? (nil, nil, nil)
    let event = SceneEvent(time: exactTime) { context in
      context.transaction(duration: duration, timingFunction: function, disableActions: disable, applyChanges)
    }
    return (event, time, duration ?? 0.25)
  }

  /// A view animation block: `{"duration": 0.3, "delay": 0, "curve": "easeOut"}`, or a spring with
  /// `"dampingRatio"` and `"initialVelocity"` (UIKit's `usingSpringWithDamping:initialSpringVelocity:`).
  static func viewAnimation(_ c: JSONCursor) throws(DocumentError) -> ViewAnimationSettings {
    let v = try c.object(allowing: ["duration", "delay", "curve", "dampingRatio", "initialVelocity"])
    let duration = try v["duration"].map { c throws(DocumentError) in try c.number(in: 0...3600) } ?? 0.2
    let delay = try v["delay"].map { c throws(DocumentError) in try c.number(in: 0...3600) } ?? 0
    let options = try v["curve"].map { c throws(DocumentError) in try Self.viewCurve(c) } ?? []
    let damping = try v["dampingRatio"].map { c throws(DocumentError) in try c.number(in: 0.01...10) }
    let velocity = try v["initialVelocity"].map { c throws(DocumentError) in try c.number() }
    if damping == nil, let v = v["initialVelocity"] { throw v.error("\"initialVelocity\" goes with \"dampingRatio\"") }
    let spring = damping.map { ViewAnimationSettings.Spring(dampingRatio: $0, initialVelocity: velocity ?? 0) }
    return ViewAnimationSettings(duration: duration, delay: delay, options: options, spring: spring)
  }

  /// A transaction's settings: `{"duration": 0.18, "timingFunction": "easeIn", "disableActions": false}`,
  /// each nil when not given (the enclosing transaction's then applies).
  static func transaction(_ c: JSONCursor) throws(DocumentError) -> (
    duration: Double?, timingFunction: TimingFunction?, disableActions: Bool?
  ) {
    let members = try c.object(allowing: ["duration", "timingFunction", "disableActions"])
    return (
      try members["duration"].map { c throws(DocumentError) in try c.number(in: 0...3600) },
      try members["timingFunction"].map { c throws(DocumentError) in try AnimationDecoder.timingFunction(c) },
      try members["disableActions"].map { c throws(DocumentError) in try c.bool() }
    )
  }

  /// A view animation curve: `easeInOut` (UIKit's default; `easeInEaseOut` also reads), `easeIn`,
  /// `easeOut`, `linear`.
  static func viewCurve(_ c: JSONCursor) throws(DocumentError) -> ViewAnimationOptions {
    switch try c.string() {
    case "easeInOut", "easeInEaseOut": return .curveEaseInOut
    case "easeIn": return .curveEaseIn
    case "easeOut": return .curveEaseOut
    case "linear": return .curveLinear
    case let other: throw c.error("\"\(other)\" is not one of \"easeInOut\", \"easeIn\", \"easeOut\", \"linear\"")
    }
  }
}
