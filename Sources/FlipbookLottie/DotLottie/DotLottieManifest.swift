// A dotLottie archive's manifest.json: which animations it holds, and in which layout.
import FlipbookJSON
import Foundation

/// The manifest of a dotLottie archive (`manifest.json` at its root), as the dotLottie format defines it
/// (dotlottie.io; read by lottie-ios `Sources/Private/Model/DotLottie/DotLottieManifest.swift` (4.6.1) and
/// LottieFiles' dotlottie-rs `dotlottie-rs/src/fms/mod.rs`).
///
/// Only what choosing and finding an animation needs is required (`animations`, each with a string `id`);
/// the playback hints are read when they have the type the format gives them and ignored otherwise, since
/// exporters disagree on them and they never change what a frame shows. Other keys (author, generator,
/// themes, state machines) are ignored.
public struct DotLottieManifest: Sendable, Equatable {
  /// The archive member holding it (dotLottie's own `manifest.json`, not a Flipbook frame folder's).
  public static let fileName = "manifest.json"

  /// Where an archive keeps its animations and images.
  public enum Layout: Sendable, Equatable {
    /// dotLottie 1: `animations/<id>.json`, `images/`.
    case v1
    /// dotLottie 2 (`"version": "2"`): `a/<id>.json`, `i/` images, `f/` fonts.
    case v2

    /// The folder of the animations, with its trailing `/`.
    public var animationsFolder: String { self == .v1 ? "animations/" : "a/" }
    /// The folder of the images, with its trailing `/`.
    public var imagesFolder: String { self == .v1 ? "images/" : "i/" }
    /// The folder of the fonts, with its trailing `/` (dotLottie 2; none in version 1).
    public var fontsFolder: String? { self == .v1 ? nil : "f/" }
  }

  /// One animation the manifest lists, with the playback hints the format gives it.
  public struct Animation: Sendable, Equatable {
    /// Its id: the animation is `<animations folder>/<id>.json` (or `.lot`).
    public let id: String
    /// Whether it loops (version 1's `loop`, a boolean; nil when absent).
    public let loop: Bool?
    /// Its playback speed (version 1's `speed`; nil when absent).
    public let speed: Double?
    /// 1 forwards, -1 backwards (version 1's `direction`; nil when absent).
    public let direction: Int?
    /// `"normal"` or `"bounce"` (version 1's `mode` or `playMode`; nil when absent).
    public let mode: String?

    /// An animation entry as a manifest lists it.
    public init(id: String, loop: Bool? = nil, speed: Double? = nil, direction: Int? = nil, mode: String? = nil) {
      self.id = id
      self.loop = loop
      self.speed = speed
      self.direction = direction
      self.mode = mode
    }
  }

  /// The manifest's `version` as written (`"1.0"`, `"2"`), or nil when absent (read as version 1).
  public let version: String?
  /// The layout `version` selects: version 2 and later put animations under `a/` (as lottie-ios's
  /// `DotLottieFile.animationsUrl(for:)` and dotlottie-rs decide), anything else under `animations/`.
  public let layout: Layout
  /// The animations, in the manifest's order; never empty.
  public let animations: [Animation]
  /// The animation dotLottie 2's `initial.animation` names, shown when none is asked for.
  public let initialAnimationID: String?

  /// Reads `manifest.json`'s bytes; errors name the JSON path (`manifest.json $.animations[1].id`).
  public init(_ data: Data) throws(DocumentError) {
    let root: JSONValue
    do { root = try JSONParser.parse(data) } catch {
      throw DocumentError(location: "manifest.json line \(error.line), column \(error.column)", message: error.message)
    }
    let cursor = JSONCursor(root, path: "manifest.json $")
    guard case .object = root else { throw cursor.error("expected an object, found \(root.kindDescription)") }
    switch root["version"] {
    case .string(let text): version = text
    case .number(let n): version = JSONValue.format(n)
    case nil, .null: version = nil
    case let other?: throw JSONCursor(other, path: cursor.child("version")).error("expected a string like \"2\"")
    }
    layout = Self.layout(version)
    guard let list = root["animations"] else { throw cursor.error("no \"animations\": the manifest lists none") }
    let items = try JSONCursor(list, path: cursor.child("animations")).array()
    guard !items.isEmpty else {
      throw DocumentError(location: cursor.child("animations"), message: "the manifest lists no animation")
    }
    var animations: [Animation] = []
    for item in items {
      guard case .object = item.value else {
        throw item.error("expected an object, found \(item.value.kindDescription)")
      }
      guard let id = item.value["id"] else { throw item.error("an animation without an \"id\"") }
      let idCursor = JSONCursor(id, path: item.child("id"))
      let text = try idCursor.string()
      guard !text.isEmpty else { throw idCursor.error("the id is empty") }
      if animations.contains(where: { $0.id == text }) { throw idCursor.error("\"\(text)\" is listed twice") }
      animations.append(
        Animation(
          id: text, loop: Self.bool(item.value["loop"]), speed: Self.number(item.value["speed"]),
          direction: Self.number(item.value["direction"]).flatMap { Int(exactly: $0) },
          mode: Self.string(item.value["mode"]) ?? Self.string(item.value["playMode"])))
    }
    self.animations = animations
    switch root["initial"]?["animation"] {
    case .string(let id)?:
      guard animations.contains(where: { $0.id == id }) else {
        throw DocumentError(
          location: "\(cursor.child("initial")).animation", message: "\"\(id)\" is not one of the animations listed")
      }
      initialAnimationID = id
    default: initialAnimationID = nil
    }
  }

  /// Version 2 and later (`"2"`, `"2.0"`) use the short folders; `"1.0"`, `"1"` and no version the long ones.
  static func layout(_ version: String?) -> Layout {
    guard let version, let major = Int(version.prefix(while: { $0.isNumber })), major >= 2 else { return .v1 }
    return .v2
  }

  private static func bool(_ value: JSONValue?) -> Bool? {
    if case .bool(let b)? = value { return b }
    return nil
  }

  private static func number(_ value: JSONValue?) -> Double? {
    if case .number(let n)? = value, n.isFinite { return n }
    return nil
  }

  private static func string(_ value: JSONValue?) -> String? {
    if case .string(let s)? = value { return s }
    return nil
  }
}
