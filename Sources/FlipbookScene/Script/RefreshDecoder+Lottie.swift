import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLottie
import Foundation

extension RefreshDecoder {
  /// A Lottie header's own keys, alone or as APL's view: `animation` (a Lottie JSON file or dotLottie archive beside
  /// the script), `refreshAnimation` (a second one shown while refreshing), `height` (60), `backgroundColor`,
  /// `size` of the animation's box (the header's), `contentMode` (`scaleAspectFit`), and the stretches: `pull`
  /// (scrubbed by the pull's progress), `refreshing` (played from its start, with `loopMode`, `loop` by default)
  /// and `finishing` (played once when the refresh ends). Each stretch is `{"progress": [a, b]}`,
  /// `{"frames": [a, b]}`, `{"markers": [a, b]}` or `{"marker": name}` (see `LottieRangeDecoder`).
  static let lottieViewKeys: Set<String> = [
    "animation", "refreshAnimation", "height", "backgroundColor", "size", "contentMode", "pull", "refreshing",
    "finishing",
  ]

  /// `{"style": "lottie", "animation": "pull.json", "pull": {"marker": "pull"}, "refreshing": {"marker": "refresh"},
  /// "finishing": {"marker": "finish"}, …behaviour}`: a Lottie header on its own, hosted by a free-standing
  /// `CustomRefreshControl`. Its behaviour keys are the custom style's; unless given, progress runs over 150 pt,
  /// a pull that far refreshes, and the inset waits for the finishing stretch before it retracts.
  static func lottie(_ cursor: JSONCursor, viewport: CGSize, layers: LayerDecoder) throws(DocumentError)
    -> RefreshComponent
  {
    if let c = cursor.value["updatesWhileRefreshing"].map({
      JSONCursor($0, path: cursor.path + ".updatesWhileRefreshing")
    }) {
      throw c.error("a Lottie header plays its refreshing stretch whatever the pull does, so this does not apply")
    }
    let m = try cursor.object(allowing: lottieViewKeys.union(behaviourKeys).union(["style"]))
    let design = try lottieDesign(m, at: cursor, layers: layers)
    let behaviour = try behaviour(m, base: design.defaultBehaviour)
    return CustomRefreshControl(lottie: design, width: viewport.width, behaviour: behaviour)
  }

  /// The header the Lottie keys in `m` describe (`cursor` is their object, for errors).
  static func lottieDesign(_ m: [String: JSONCursor], at cursor: JSONCursor, layers: LayerDecoder)
    throws(DocumentError) -> LottieRefreshDesign
  {
    func file(_ c: JSONCursor) throws(DocumentError) -> (animation: LottieAnimation, options: LottieBuildOptions) {
      try layers.lottieFiles.animation(
        named: try c.string(), in: layers.baseDirectory, allowOutside: layers.allowsFilesOutside, location: c.path)
    }
    guard let animationCursor = m["animation"] else { throw cursor.error("missing key \"animation\"") }
    let pulled = try file(animationCursor)
    var design = LottieRefreshDesign(animation: pulled.animation, buildOptions: pulled.options)
    let pullFile = try animationCursor.string()
    var playedFile = pullFile
    if let c = m["refreshAnimation"] {
      let second = try file(c)
      design.refreshAnimation = second.animation
      design.refreshBuildOptions = second.options
      playedFile = try c.string()
    }
    if let c = m["height"] { design.height = try c.number(in: 1...GestureScript.maxViewportSide) }
    if let c = m["backgroundColor"] { design.backgroundColor = try LayerDecoder.optionalColor(c) }
    if let c = m["size"] {
      let size = try LayerDecoder.size(c)
      guard size.width > 0, size.height > 0 else {
        throw c.error("the animation's box needs a width and height above 0")
      }
      design.animationSize = size
    }
    if let c = m["contentMode"] { design.contentMode = try c.choice(LottieContentMode.self) }
    if let c = m["pull"] { design.pull = try LottieRangeDecoder.range(c, in: design.animation, file: pullFile) }
    if let c = m["refreshing"] {
      (design.refreshing, design.refreshingLoopMode) = try LottieRangeDecoder.playback(
        c, in: design.playedAnimation, file: playedFile, defaultLoopMode: .loop)
    }
    if let c = m["finishing"] {
      design.finishing = try LottieRangeDecoder.range(c, in: design.playedAnimation, file: playedFile, played: true)
    }
    return design
  }

  /// Whether a refresh object's `view` is a Lottie header (`"style": "lottie"`) rather than a designed view.
  static func isLottieView(_ cursor: JSONCursor) -> Bool {
    if case .string("lottie") = cursor.value["style"] { return true }
    return false
  }
}
