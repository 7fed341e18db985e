import FlipbookComponents
import FlipbookLayers
import FlipbookScene
import FlipbookTiming
import Foundation
import Testing

// MARK: - CustomScript

/// A gesture script with a refresh view of your own, decoded from inline JSON: a 320x480 screen at
/// scale 1 over 30 rows, the `refresh` object given, and touches and events written with the helpers
/// below. The custom suites drive it with `advance(to:)` and read the control, its view and the layers,
/// the way a script's reader would see them.
struct CustomScript {
  /// The screen's height, which the rubber band divides by.
  static let screenHeight = 480.0

  let scene: ScriptScene
  let control: CustomRefreshControl
  let view: DesignedRefreshView

  init(_ refresh: String, touches: [String] = [], events: [String] = [], duration: Double = 8) throws {
    scene = try Self.decode(refresh, touches: touches, events: events, duration: duration)
    control = try #require(scene.refresh as? CustomRefreshControl)
    view = try #require(control.refreshView as? DesignedRefreshView)
  }

  /// The script with `refresh` (any style) as its refresh object.
  static func decode(_ refresh: String, touches: [String] = [], events: [String] = [], duration: Double = 8) throws
    -> ScriptScene
  {
    let text = """
      {"viewport": {"width": 320, "height": \(screenHeight), "scale": 1}, "duration": \(duration),
       "content": {"rows": 30}, "refresh": \(refresh),
       "touches": [\(touches.joined(separator: ", "))], "events": [\(events.joined(separator: ", "))]}
      """
    return try GestureScript.decode(Data(text.utf8))
  }

  /// `{"style": "custom", "view": view, …behaviour}`: `behaviour` is the rest of the object's members.
  static func custom(view: String, _ behaviour: String = "") -> String {
    #"{"style": "custom", "view": \#(view)\#(behaviour.isEmpty ? "" : ", " + behaviour)}"#
  }

  /// A view `height` points high holding `layers`, with `rest` (bindings, on) after them.
  static func view(height: Double = 100, layers: String, _ rest: String = "") -> String {
    #"{"height": \#(height), "layers": [\#(layers)]\#(rest.isEmpty ? "" : ", " + rest)}"#
  }

  // MARK: Fingers

  /// The finger travel that rubber-bands content resting at its top to `pull` points below it.
  static func travel(toPull pull: Double) -> Double {
    RubberBand.distance(offset: pull, dimension: screenHeight)
  }

  /// A touch that lands at `down`, pulls linearly until the content shows `pull` points at `reach`, holds
  /// still there and lifts at `up` (with no velocity: the last sixtieth of a second is still).
  static func hold(pull: Double, down: Double = 0.2, reach: Double = 0.6, up: Double = 1) -> String {
    let y = travel(toPull: pull)
    return #"{"down": \#(down), "up": \#(up), "track": [{"at": \#(down), "y": 0}, {"at": \#(reach), "y": \#(y)}, "#
      + #"{"at": \#(up), "y": \#(y)}]}"#
  }

  /// A touch that pulls to `far` points by `0.6`, comes back to `near` points by `1.0`, holds and lifts.
  static func pullBack(far: Double, near: Double, down: Double = 0.2, up: Double = 1.2) -> String {
    let (a, b) = (travel(toPull: far), travel(toPull: near))
    return #"{"down": \#(down), "up": \#(up), "track": [{"at": \#(down), "y": 0}, {"at": \#(down + 0.4), "y": \#(a)}, "#
      + #"{"at": \#(down + 0.8), "y": \#(b)}, {"at": \#(up), "y": \#(b)}]}"#
  }

  static func dataLoaded(at time: Double) -> String { #"{"at": \#(time), "event": "dataLoaded"}"# }

  // MARK: Reading

  /// The model layer `name` of the view.
  func model<L: Layer>(_ name: String, as type: L.Type = Layer.self) throws -> L {
    try #require(view.layer(named: name) as? L)
  }

  /// The layer `name` as the screen shows it now (every animation evaluated).
  func shown<L: Layer>(_ name: String, as type: L.Type = Layer.self) throws -> L {
    try #require(scene.root.presentation(at: scene.time).layer(named: name) as? L)
  }

  /// The control's callbacks as "time name" lines, times to the millisecond.
  var trace: [String] { ExampleScripts.trace(control.callbacks) }

  /// The view's reactions in order, by name.
  var moments: [String] { view.moments.map(\.moment.rawValue) }
}

// MARK: - Bezier

/// A cubic Bézier timing curve from (0, 0) to (1, 1), solved here by bisection so the tests do not lean
/// on `TimingFunction`, the code under test.
struct Bezier {
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// CSS and Core Animation's `easeIn`: cubic-bezier(0.42, 0, 1, 1).
  static let easeIn = Bezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
  /// `easeOut`: cubic-bezier(0, 0, 0.58, 1).
  static let easeOut = Bezier(x1: 0, y1: 0, x2: 0.58, y2: 1)

  private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
  }

  /// The curve's y where its x is `x`: x(s) rises monotonically on 0...1 for control x values in 0...1,
  /// so halving the interval of s 100 times pins it to the last bit.
  func y(atX x: Double) -> Double {
    var (low, high) = (0.0, 1.0)
    for _ in 0..<100 {
      let mid = (low + high) / 2
      if Self.coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return Self.coordinate((low + high) / 2, y1, y2)
  }
}
