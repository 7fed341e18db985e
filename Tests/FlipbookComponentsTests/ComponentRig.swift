import FlipbookComponents
import FlipbookLayers
import FlipbookScene
import FlipbookScrolling
import Foundation
import Testing

// MARK: - ComponentRig

/// A 320x480 scroll view over 2000 pt of content with a refresh component installed, in a tree with a
/// clock stepped at 60 Hz as a gesture script steps it. The component suites subclass it with their
/// own finger helpers.
class ComponentRig {
  let context = AnimationContext()
  let root = Layer()
  let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
  private(set) var time = 0.0

  init(installing component: RefreshComponent) throws {
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    root.animationContext = context
    scroll.contentSize = CGSize(width: 320, height: 2000)
    root.addSublayer(scroll.layer)
    try component.install(in: scroll)
  }

  /// Steps clock and scroll view at every 1/60 s up to `end`, then to `end` itself.
  func run(to end: Double) {
    var k = Int((time * 60).rounded(.down)) + 1
    while Double(k) / 60 < end {
      step(Double(k) / 60)
      k += 1
    }
    step(end)
  }

  private func step(_ t: Double) {
    guard t >= time else { return }
    time = t
    context.advance(to: t)
    scroll.step(to: t)
  }
}

// MARK: - ExampleScripts

/// The component examples in `examples/scripts/<component>/`, run as gesture scripts.
enum ExampleScripts {
  static func folder(_ component: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/scripts/\(component)")
  }

  /// Loads `name` from `folder` and advances it to `time` (when given); the component must be a `C`.
  static func load<C: RefreshComponent>(
    _ name: String, in folder: URL, as: C.Type, to time: Double? = nil
  ) throws -> (ScriptScene, C) {
    let scene = try GestureScript.load(path: folder.appendingPathComponent(name).path)
    let component = try #require(scene.refresh as? C)
    if let time { scene.advance(to: time) }
    return (scene, component)
  }

  /// The one-line error a 320x480 script with `refresh` and `events` (JSON text) gets, or "no error"; files
  /// resolve against `baseDirectory`.
  static func error(refresh: String, events: String = "[]", baseDirectory: URL? = nil) -> String {
    let text =
      ##"{"viewport": {"width": 320, "height": 480}, "refresh": "## + refresh + ##", "events": "## + events + "}"
    do {
      _ = try GestureScript.decode(Data(text.utf8), baseDirectory: baseDirectory)
      return "no error"
    } catch { return error.description }
  }

  /// A component's callbacks as "time name" lines, times to the millisecond.
  static func trace(_ callbacks: [(time: Double, name: String)]) -> [String] {
    callbacks.map { String(format: "%.3f %@", $0.time, $0.name) }
  }
}
