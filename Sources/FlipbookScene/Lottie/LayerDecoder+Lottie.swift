import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - A Lottie layer in a document

extension LayerDecoder {
  /// A `"lottie"` layer's own keys: `file` (a Lottie JSON file or a dotLottie archive beside the document),
  /// `contentMode` (lottie-ios's content modes, aspect fit by default), and where it shows: paused at
  /// `currentProgress`, `currentFrame` or `currentTime` (lottie-ios's names; `frame` is the layer's own rectangle),
  /// or `play`ing a range from the moment the layer joins its tree (a scene's time 0, a refresh view's install).
  static let lottieKeys: Set<String> = [
    "file", "contentMode", "currentProgress", "currentFrame", "currentTime", "play",
  ]
  /// What timed changes (events, reactions' `set`) may change on a Lottie layer: where it is paused.
  static let lottieMomentKeys: Set<String> = ["currentProgress", "currentFrame", "currentTime"]

  /// The layer a `"lottie"` object describes. Its size is its `frame` or `bounds` (the animation is fitted into it
  /// with `contentMode`), or the animation's own.
  func lottieLayer(_ cursor: JSONCursor) throws(DocumentError) -> LottieAnimationLayer {
    guard let fileCursor = cursor.value["file"].map({ JSONCursor($0, path: cursor.path + ".file") }) else {
      throw cursor.error("missing key \"file\"")
    }
    let (animation, options) = try lottieFiles.animation(
      named: try fileCursor.string(), in: baseDirectory, allowOutside: allowsFilesOutside,
      location: fileCursor.path)
    return LottieAnimationLayer(animation: animation, options: options)
  }

  /// Fits the animation into the layer's size and applies where it shows.
  func lottieProperties(_ m: [String: JSONCursor], into layer: LottieAnimationLayer, sized: Bool)
    throws(DocumentError)
  {
    let mode = try m["contentMode"].map { c throws(DocumentError) in try c.choice(LottieContentMode.self) }
    if sized || mode != nil {
      layer.fit(into: layer.bounds.size, contentMode: mode ?? .scaleAspectFit)
    }
    try lottieMoment(m, on: layer)
    if let c = m["play"] {
      if let other = Self.lottieMomentKeys.sorted().first(where: { m[$0] != nil }) {
        throw c.error("give \"play\" or \"\(other)\", not both")
      }
      let file = (try? m["file"]?.string()) ?? "the animation"
      let (range, loopMode) = try LottieRangeDecoder.playback(c, in: layer.animation, file: file)
      pending.starts.append { [weak layer] in layer?.play(range, loopMode: loopMode) }
      let repeats = loopMode.timing.repeatCount * (loopMode.timing.autoreverses ? 2 : 1)
      if let once = range.duration(in: layer.animation), repeats.isFinite {
        pending.playDurations.append(once * repeats)
      }
    }
  }

  /// Why a timed change (an event's or a reaction's `set`) cannot carry `key` to a Lottie layer, or nil: its file,
  /// content mode and playback are fixed when it loads, and a number for `frame` meant the Lottie frame.
  static func lottieChangeProblem(_ key: String, _ value: JSONValue) -> String? {
    if key == "frame", case .number = value {
      return "\"frame\" is the layer's rectangle, [x, y, width, height]; the animation's frame is \"currentFrame\""
    }
    guard lottieKeys.contains(key), !lottieMomentKeys.contains(key) else { return nil }
    return key == "play"
      ? "a change cannot play a Lottie layer; a refresh view's reactions do (\"play\": {layer: stretch})"
      : "\"\(key)\" is fixed when the layer loads; a change can pause it at currentProgress, currentFrame or currentTime"
  }

  /// Pauses the layer at the `currentProgress`, `currentFrame` or `currentTime` in `m`, if one is given.
  func lottieMoment(_ m: [String: JSONCursor], on layer: LottieAnimationLayer) throws(DocumentError) {
    let given = Self.lottieMomentKeys.sorted().filter { m[$0] != nil }
    if given.count > 1, let c = m[given[1]] {
      throw c.error("give one of \"currentProgress\", \"currentFrame\" or \"currentTime\", not several")
    }
    let animation = layer.animation
    if let c = m["currentProgress"] { layer.currentProgress = try c.number(in: 0...1) }
    if let c = m["currentFrame"] {
      layer.currentFrame = try c.number(in: animation.startFrame...animation.endFrame)
    }
    if let c = m["currentTime"] { layer.currentTime = try c.number(in: 0...animation.duration) }
  }
}
