import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookScene

/// Issue 13's proof that the format is general: the `refresh` objects of `examples/custom/airplane.json`
/// and `ego.json`, put in place of the built-in style in every 320x480 gesture of that component, render
/// every frame the same, pixel for pixel, as the built-in does. Frames are taken as the CLI takes them:
/// frame i at i/fps up to the duration, the presentation tree at that time, drawn at the script's scale
/// over its background.
@Suite("Custom refresh views re-express the originals")
struct CustomRefreshIdentityTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

  static func json(_ relativePath: String) throws -> JSONValue {
    try JSONParser.parse(Data(contentsOf: examples.appendingPathComponent(relativePath)))
  }

  /// The custom example's `refresh` object.
  static func customRefresh(_ component: String) throws -> JSONValue {
    try #require(try json("custom/\(component).json")["refresh"])
  }

  /// The built-in gesture `name` with `refresh` in place of its own.
  static func transplant(_ refresh: JSONValue, into name: String) throws -> (original: JSONValue, custom: JSONValue) {
    let original = try json("scripts/\(name).json")
    return (original, original.setting(["refresh"], to: refresh))
  }

  /// Renders both scripts frame by frame in step and returns how many frames there were and the first
  /// few that differ.
  static func compare(_ a: JSONValue, _ b: JSONValue) throws -> (frames: Int, differing: [Int]) {
    let (left, right) = (try GestureScript.decode(json: a), try GestureScript.decode(json: b))
    #expect(left.fps == right.fps && left.duration == right.duration && left.scale == right.scale)
    let rate = try #require(Rational(decimal: left.fps))
    let end = try #require(Rational(decimal: left.duration))
    let clock = FrameClock(start: .zero, end: end, rate: rate)
    let renderer = LayerRenderer(scale: left.scale, background: left.background)
    var differing: [Int] = []
    for index in 0..<clock.count where differing.count < 3 {
      let time = clock.time(ofFrame: index)
      left.advance(to: time)
      right.advance(to: time)
      let shown = (
        try renderer.renderTree(left.root.presentation(at: time.seconds)),
        try renderer.renderTree(right.root.presentation(at: time.seconds))
      )
      if shown.0 != shown.1 { differing.append(index) }
    }
    return (clock.count, differing)
  }

  @Test(
    "The custom airplane and EGO render every frame of the built-ins' gestures as the built-ins do",
    arguments: [
      ("airplane", "full-refresh", 195), ("airplane", "short-pull", 75), ("airplane", "second-pull", 195),
      ("ego", "full-refresh", 270), ("ego", "early-finish", 150), ("ego", "second-pull", 300),
      ("ego", "short-pull", 120),
    ])
  func identical(component: String, gesture: String, frames: Int) throws {
    let (original, custom) = try Self.transplant(try Self.customRefresh(component), into: "\(component)/\(gesture)")
    let result = try Self.compare(original, custom)
    #expect(result.frames == frames && result.differing == [], "\(component)/\(gesture): frames differ")
  }

  @Test("With the book's behaviour written out, the custom airplane renders the book variant's every frame")
  func airplaneBook() throws {
    let seed = try Self.customRefresh("airplane")
    // The book: the inset in over 0.3 s (the end still 4 s after the trigger), groups repeating for 5 s,
    // no redraw while refreshing (AirplaneMetrics.book).
    let redraw = seed.setting(["updatesWhileRefreshing"], to: .bool(false))
    let book = redraw.setting(["inset", "in", "duration"], to: .number(0.3))
      .setting(["end", "after"], to: .number(4))
      .setting(["view", "on", "startAnimating", "add", "oval", 0, "repeatDuration"], to: .number(5))
      .setting(["view", "on", "startAnimating", "add", "plane", 0, "repeatDuration"], to: .number(5))
    let (original, custom) = try Self.transplant(book, into: "airplane/book-variant")
    let result = try Self.compare(original, custom)
    #expect(result.frames == 195 && result.differing == [])

    // Within the example's 6.5 s only the redraw is seen: the retraction hides the view at 5.9 s, before
    // either repeat ends, and the content follows the model inset as it bounces, so the inset's duration
    // draws nothing. A look under the content from 6.8 s shows the repeat: the seed's plane still flies
    // until 7.6 s, the book's is at rest after 6.6 s.
    let look = try JSONParser.parse(
      #"{"down": 6.8, "up": 7.6, "track": [{"at": 6.8, "y": 0}, {"at": 7.2, "y": 150}, {"at": 7.6, "y": 150}]}"#)
    guard case .array(let touches) = original["touches"] else {
      Issue.record("book-variant.json has no touches")
      return
    }
    let longer = original.setting(["duration"], to: .number(8)).setting(["touches"], to: .array(touches + [look]))
    #expect(try Self.compare(longer, longer.setting(["refresh"], to: book)).differing == [])
    #expect(try Self.compare(longer, longer.setting(["refresh"], to: redraw)).differing != [])
  }

  @Test("The comparison can fail: a 3 pt oval differs from the first frame that shows it")
  func negativeControl() throws {
    let thicker = try Self.customRefresh("airplane")
      .setting(["view", "layers", 1, "lineWidth"], to: .number(3))
    let (original, custom) = try Self.transplant(thicker, into: "airplane/full-refresh")
    let result = try Self.compare(original, custom)
    #expect(!result.differing.isEmpty)
  }
}

// MARK: - Editing JSON

/// One step of a path into a JSON value: a member's key or an element's index.
enum JSONStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  case key(String)
  case index(Int)

  init(stringLiteral value: String) { self = .key(value) }
  init(integerLiteral value: Int) { self = .index(value) }
}

extension JSONValue {
  /// The value with the member or element at `path` replaced by `value` (a missing key is appended; a
  /// path through anything else leaves the value as it is).
  func setting(_ path: [JSONStep], to value: JSONValue) -> JSONValue {
    guard let step = path.first else { return value }
    let rest = Array(path.dropFirst())
    switch (self, step) {
    case (.object(var members), .key(let key)):
      if let i = members.firstIndex(where: { $0.key == key }) {
        members[i].value = members[i].value.setting(rest, to: value)
      } else {
        members.append((key, JSONValue.null.setting(rest, to: value)))
      }
      return .object(members)
    case (.array(var items), .index(let i)) where items.indices.contains(i):
      items[i] = items[i].setting(rest, to: value)
      return .array(items)
    default:
      return self
    }
  }
}
