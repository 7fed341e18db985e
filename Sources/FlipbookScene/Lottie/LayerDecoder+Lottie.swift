import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - A Lottie layer in a document

extension LayerDecoder {
  /// A `"lottie"` layer's own keys: `file` (a Lottie JSON file or a dotLottie archive beside the document),
  /// `contentMode` (lottie-ios's content modes, aspect fit by default), and where it shows: paused at
  /// `currentProgress`, `currentFrame` or `currentTime` (lottie-ios's names; `frame` is the layer's own rectangle),
  /// or `play`ing a range on the document's clock from its time 0.
  static let lottieKeys: Set<String> = [
    "file", "contentMode", "currentProgress", "currentFrame", "currentTime", "play",
  ]
  /// What timed changes (events, reactions' `set`) may change on a Lottie layer: where it is paused.
  static let lottieMomentKeys: Set<String> = ["currentProgress", "currentFrame", "currentTime"]

  /// The layer a `"lottie"` object describes. Its size is its `frame` or `bounds` (the animation is fitted into it
  /// with `contentMode`), or the animation's own.
  func lottieLayer(_ m: [String: JSONCursor], at cursor: JSONCursor) throws(DocumentError) -> LottieAnimationLayer {
    guard let fileCursor = m["file"] else { throw cursor.error("missing key \"file\"") }
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
      let (range, loopMode) = try LottieRangeDecoder.playback(c, in: layer.animation)
      layer.play(range, loopMode: loopMode)
    }
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
