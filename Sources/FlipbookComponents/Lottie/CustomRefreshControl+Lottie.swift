import Foundation

extension CustomRefreshControl {
  /// A free-standing control hosting the Lottie header `design` describes, `width` points wide, with `behaviour`
  /// (by default the design's `defaultBehaviour`: progress over 150 pt, a refresh when the pull reaches it, the inset
  /// held open while the finishing stretch plays).
  public convenience init(lottie design: LottieRefreshDesign, width: Double, behaviour: RefreshBehaviour? = nil) {
    self.init(view: LottieRefreshView(design: design, width: width), behaviour: behaviour ?? design.defaultBehaviour)
  }
}
