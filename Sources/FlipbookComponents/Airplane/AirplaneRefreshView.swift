import FlipbookAssets
import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - AirplaneRefreshView

/// The airplane pull-to-refresh view of seed 004 ("iOS Animations by Tutorials" ch. 15 in Objective-C),
/// ported line by line; `Variant.book` switches to the book's own numbers (both sources are named, and each
/// number given, in ``AirplaneMetrics``).
///
/// A 110 pt view above the content (frame (0, −110, width, 110) in the scroll view): the sky image
/// (aspect-fill, clipped), a dashed white oval of radius 44 and the plane at 3 o'clock on it. Pulling draws
/// the oval (`strokeEnd = progress`) and fades the plane in (`opacity = progress`); letting go at full
/// progress grows the inset by 110 pt and sends the dashes and the plane round the oval, 1.5 s a lap.
///
/// `ovalShapeLayer` and `airplaneLayer` are standalone layers, not view layers, so every redraw starts Core
/// Animation's implicit animation (0.25 s, the `default` curve, from what is on screen): the oval and the
/// plane lag a little behind the finger, as on iOS. The view's own layers never animate implicitly ("The UIView
/// class disables layer animations by default but reenables them inside animation blocks", Apple's Core Animation
/// Programming Guide).
///
/// States (`state`): `idle` (nothing pulled), `pulling` (progress > 0: the finger pulls past the top, or
/// the content bounces back), `refreshing` (from the trigger until `endRefreshing`), `finishing` (the
/// 0.3 s ease-out retraction of the inset, until its completion).
public final class AirplaneRefreshView: View, RefreshComponent, ScrollViewDelegate {
  /// Which code the view follows.
  public enum Variant: String, CaseIterable, Sendable {
    /// Seed 004: 4.0 s inset animation whose completion ends the refresh, groups repeating for 6.0 s,
    /// redraw on every scroll (even while refreshing).
    case seed
    /// The book: 0.3 s inset animation, `endRefreshing` 4 s after the trigger, groups repeating for 5.0 s,
    /// no redraw while refreshing.
    case book

    /// The variant's durations, each a named constant of `AirplaneMetrics`.
    public var timings: AirplaneMetrics.Timings {
      switch self {
      case .seed: AirplaneMetrics.seed
      case .book: AirplaneMetrics.book
      }
    }
  }

  /// The key of the stroke group on `ovalShapeLayer` (the seed adds it under nil; a key lets it be found).
  public static let strokeGroupKey = "strokeGroup"
  /// The key of the flight group on `airplaneLayer`.
  public static let flightGroupKey = "flightGroup"
  /// The key of the book variant's 4 s timer on `endRefreshingTimerLayer`.
  public static let endRefreshingTimerKey = "endRefreshingTimer"

  /// Which original's timings the view follows.
  public let variant: Variant
  public let style = "airplane"
  /// The last progress computed in `scrollViewDidScroll`, 0...1.
  public private(set) var progress = 0.0
  /// `isRefreshing` of the original: set by `beginRefreshing`, cleared by `endRefreshing`.
  public private(set) var isRefreshing = false
  /// True during the retraction that `endRefreshing` starts.
  public private(set) var isFinishing = false
  /// The scroll view the view is attached to; weak, as the scroll view holds the view.
  public private(set) weak var scrollView: ScrollView?

  /// The sky (`UIImageView` of `refreshBackground`, scaleAspectFill, clipsToBounds).
  public let backgroundView = View()
  /// The dashed oval: a standalone shape layer.
  public let ovalShapeLayer = ShapeLayer()
  /// The plane: a standalone layer showing the `airplane` image.
  public let airplaneLayer = Layer()
  /// The book variant's `delay(seconds: 4)` before `endRefreshing`, on the tree's virtual clock.
  private let endRefreshingTimer = VirtualTimer(name: AirplaneRefreshView.endRefreshingTimerKey)
  /// The hidden, empty layer that carries the book variant's timer.
  public var endRefreshingTimerLayer: Layer { endRefreshingTimer.layer }

  /// Every callback with the context time it ran at: `trigger`, `beginRefreshing`, `endRefreshing`,
  /// `finished` (the retraction's completion).
  public private(set) var callbacks: [(time: Double, name: String)] = []
  public private(set) var diagnostics: [String] = []

  /// The view of `variant`, `width` points wide, placed above the content as the original places it.
  public init(variant: Variant = .seed, width: Double = 320) {
    self.variant = variant
    super.init(frame: CGRect(x: 0, y: -AirplaneMetrics.viewHeight, width: width, height: AirplaneMetrics.viewHeight))
    layer.name = "airplaneRefreshView"

    backgroundView.layer.name = AirplaneMetrics.backgroundImageName
    backgroundView.layer.contentsGravity = .resizeAspectFill
    backgroundView.clipsToBounds = true
    addSubview(backgroundView)

    ovalShapeLayer.name = "ovalShapeLayer"
    ovalShapeLayer.strokeColor = AirplaneMetrics.ovalStrokeColor
    ovalShapeLayer.fillColor = nil
    ovalShapeLayer.lineWidth = AirplaneMetrics.ovalLineWidth
    ovalShapeLayer.lineDashPattern = AirplaneMetrics.ovalDashPattern
    // The seed leaves strokeEnd at CAShapeLayer's default 1, but iOS calls scrollViewDidScroll as soon as the
    // table lays out, and that redraw sets it to progress 0: by the first pull the oval is empty.
    ovalShapeLayer.strokeEnd = 0
    layer.addSublayer(ovalShapeLayer)

    airplaneLayer.name = "airplaneLayer"
    airplaneLayer.opacity = AirplaneMetrics.airplaneInitialOpacity
    layer.addSublayer(airplaneLayer)

    layer.addSublayer(endRefreshingTimerLayer)

    layOut(width: width)
  }

  /// Places everything for a view `width` wide. Called before the view joins a tree, so nothing animates.
  private func layOut(width: Double) {
    frame = CGRect(x: 0, y: -AirplaneMetrics.viewHeight, width: width, height: AirplaneMetrics.viewHeight)
    backgroundView.frame = bounds
    ovalShapeLayer.frame = bounds
    ovalShapeLayer.path = AirplaneMetrics.ovalPath(width: width)
    airplaneLayer.bounds = CGRect(origin: .zero, size: AirplaneMetrics.airplaneSize)
    airplaneLayer.position = AirplaneMetrics.airplanePosition(width: width)
  }

  // MARK: RefreshComponent

  public var state: String {
    if isRefreshing { return "refreshing" }
    if isFinishing { return "finishing" }
    return progress > 0 ? "pulling" : "idle"
  }

  /// Sizes the view to the scroll view, loads the artwork at its screen scale, adds the view at
  /// (0, −110) and becomes the delegate.
  public func install(in scrollView: ScrollView) throws(ComponentError) {
    try loadArtwork(scale: scrollView.screenScale)
    self.scrollView = scrollView
    layOut(width: scrollView.bounds.width)
    scrollView.addSubview(self)
    scrollView.delegate = self
  }

  /// The seed's refresh ends by time, never by data: the arrival is noted and otherwise ignored.
  public func dataLoaded() {
    let when = String(format: "%.3f", now)
    let end =
      variant == .seed
      ? "when its \(variant.timings.insetDuration) s inset animation completes"
      : "\(variant.timings.endDelay) s after the trigger"
    diagnostics.append(
      "dataLoaded at t=\(when) s ignored: the airplane view (\(variant.rawValue)) ends its refresh \(end)")
  }

  // MARK: ScrollViewDelegate

  public func scrollViewDidScroll(_ scrollView: ScrollView) {
    let offsetY = max(-(scrollView.contentOffset.y + scrollView.contentInset.top), 0)
    progress = min(max(offsetY / AirplaneMetrics.viewHeight, 0), 1)
    if variant.timings.redrawsWhileRefreshing || !isRefreshing {
      redraw(fromProgress: progress)
    }
  }

  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, velocity: CGPoint, targetContentOffset: inout CGPoint
  ) {
    guard !isRefreshing, progress >= AirplaneMetrics.triggerProgress else { return }
    log("trigger")
    if variant == .book {
      // The book's view controller, told by the delegate call, ends the refresh 4 s later.
      scheduleEndRefreshing(after: variant.timings.endDelay)
    }
    beginRefreshing()
  }

  // MARK: The original's methods

  /// `redrawFromProgress:`: the oval's strokeEnd and the plane's opacity follow the pull.
  public func redraw(fromProgress progress: Double) {
    ovalShapeLayer.strokeEnd = progress
    airplaneLayer.opacity = progress
  }

  /// Grows the inset by the view's height in a view animation block and sends the dashes and the plane
  /// round the oval: the seed's stroke group and flight group, 1.5 s a lap, evaluated by the rules of Apple's
  /// `CAAnimationGroup` and `CAKeyframeAnimation` references.
  public func beginRefreshing() {
    isRefreshing = true
    log("beginRefreshing")
    let timings = variant.timings
    animateInset(by: AirplaneMetrics.viewHeight, duration: timings.insetDuration, options: []) { [weak self] _ in
      guard let self, self.variant == .seed else { return }
      self.endRefreshing()
    }

    var stroke = AnimationGroup(
      [
        BasicAnimation(keyPath: .strokeStart, from: AirplaneMetrics.strokeStartFrom, to: AirplaneMetrics.strokeStartTo),
        BasicAnimation(keyPath: .strokeEnd, from: AirplaneMetrics.strokeEndFrom, to: AirplaneMetrics.strokeEndTo),
      ], duration: AirplaneMetrics.lapDuration)
    stroke.timing.repeatDuration = timings.repeatDuration
    try? ovalShapeLayer.add(stroke, forKey: Self.strokeGroupKey)

    var around = KeyframeAnimation<CGPoint>(keyPath: .position)
    around.path = ovalShapeLayer.path
    around.calculationMode = .paced
    let turn = BasicAnimation(keyPath: .rotation, from: 0, to: AirplaneMetrics.airplaneTurn)
    var flight = AnimationGroup([around, turn], duration: AirplaneMetrics.lapDuration)
    flight.timing.repeatDuration = timings.repeatDuration
    try? airplaneLayer.add(flight, forKey: Self.flightGroupKey)
  }

  /// Shrinks the inset back over 0.3 s, ease-out.
  public func endRefreshing() {
    isRefreshing = false
    isFinishing = true
    log("endRefreshing")
    animateInset(by: -AirplaneMetrics.viewHeight, duration: AirplaneMetrics.retractDuration, options: .curveEaseOut) {
      [weak self] _ in
      guard let self else { return }
      self.isFinishing = false
      self.log("finished")
    }
  }

  // MARK: Helpers

  private var now: Double { layer.animationContextInTree?.currentTime ?? 0 }

  private func log(_ name: String) { callbacks.append((time: now, name: name)) }

  /// `UIView.animate(withDuration:…)` changing `contentInset.top`; without a clock the change is immediate
  /// and the completion runs at once, as UIKit does when nothing animates.
  private func animateInset(
    by delta: Double, duration: Double, options: ViewAnimationOptions, completion: @escaping (Bool) -> Void
  ) {
    guard let scrollView else { return }
    layer.animateInTree(
      withDuration: duration, options: options, animations: { scrollView.contentInset.top += delta },
      completion: completion)
  }

  /// Calls `endRefreshing` `delay` seconds from now on the tree's clock; nothing is drawn for it, and it
  /// is not part of any view block or transaction.
  private func scheduleEndRefreshing(after delay: Double) {
    endRefreshingTimer.schedule(after: delay) { [weak self] in self?.endRefreshing() }
  }

  /// Loads the sky and the plane for `scale` (`UIImage(named:)`); a missing image is an error, where
  /// UIKit would leave an empty layer.
  private func loadArtwork(scale: Double) throws(ComponentError) {
    let (sky, skyScale) = try BundledArtwork.image(
      named: AirplaneMetrics.backgroundImageName, scale: scale, for: "the airplane view")
    let (plane, planeScale) = try BundledArtwork.image(
      named: AirplaneMetrics.airplaneImageName, scale: scale, for: "the airplane view")
    backgroundView.layer.contents = sky
    backgroundView.layer.contentsScale = skyScale
    airplaneLayer.contents = plane
    airplaneLayer.contentsScale = planeScale
  }
}
