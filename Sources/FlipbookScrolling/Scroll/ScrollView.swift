import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - ScrollView

/// A vertical `UIScrollView` driven by a finger and by time, never by timers.
///
/// - While dragging, the offset follows the finger; past an edge it is rubber-banded,
///   `(1 − 1/(x·0.55/d + 1))·d` with d the viewport height (Grant Paul's formula; see `RubberBand`).
/// - On release it decelerates at `decelerationRate` per millisecond and springs back from beyond an edge
///   with a critically damped spring (ω = 10 rad/s), both closed-form `ScrollMotion`s of the time since
///   release (`Decay` and `BounceSpring` cite their sources), settling within half a pixel.
/// - `contentInset` changes at once, as UIKit's does: a bounce in progress re-aims at the new edge, and
///   content at rest that the new inset leaves out of range is moved into it there and then — inside a
///   view animation block that move is animated (EGO's 0.3 s return, APL's 0.2 s scroll back). Content
///   resting at its top stays at the top (a bar's inset, UIKit's adjusted content inset). An inset the
///   delegate sets as the finger lifts is in force when the release motion is planned.
/// - The delegate hears UIKit's callbacks in UIKit's order (see ``ScrollViewDelegate``).
/// - While the content moves under the finger or by itself (deceleration, bounce) the vertical scroll
///   indicator shows; once the motion, and any animated offset change, has ended it fades out
///   (`showsVerticalScrollIndicator`, `ScrollIndicator`).
///
/// Scrolling is vertical: the horizontal offset stays at `-contentInset.left`.
public final class ScrollView: View {
  /// The view's layer as the scroll layer it always is, which holds the animatable inset.
  public var scrollLayer: ScrollLayer { layer as! ScrollLayer }

  /// A scroll view filling `frame`, clipping its content as UIKit's does.
  public init(frame: CGRect) {
    super.init(frame: frame, layer: ScrollLayer())
    clipsToBounds = true
  }

  /// The size of the scrollable content, in points.
  public var contentSize: CGSize = .zero {
    didSet { notifyObservers() }
  }
  /// The observers watching its properties beside the delegate (`observe(_:options:changeHandler:)`).
  var observers: [WeakObservation] = []
  /// Velocity kept per millisecond after release: `DecelerationRate.normal` (0.998) or `.fast` (0.99).
  public var decelerationRate = DecelerationRate.normal
  /// Pixels per point of the screen; motion settles within half a pixel.
  public var screenScale: Double = 2
  /// Hears the scrolling callbacks (a refresh component is the usual one); weak, as in UIKit.
  public weak var delegate: ScrollViewDelegate?

  /// Whether a finger is moving the content (`isDragging`).
  public private(set) var isDragging = false {
    didSet { if oldValue != isDragging { notifyObservers() } }
  }
  /// Whether the content moves by itself after the finger lifted, decelerating or bouncing back.
  public private(set) var isDecelerating = false {
    didSet { if oldValue != isDecelerating { notifyObservers() } }
  }

  /// Whether the vertical scroll indicator shows while the content moves; on by default, as in UIKit.
  /// Turning it off takes the indicator away at once.
  public var showsVerticalScrollIndicator = true {
    didSet {
      guard !showsVerticalScrollIndicator else { return }
      verticalScrollIndicator?.removeFromSuperview()
      verticalScrollIndicator = nil
      indicatorIsShown = false
    }
  }

  /// The indicator, made the first time the content moves (nil until then and while turned off).
  public private(set) var verticalScrollIndicator: ScrollIndicator?
  /// True from the moment the content starts moving until the fade-out is planned.
  private var indicatorIsShown = false

  /// Margins around the content. Changing it moves content at rest back into range at once, animated when
  /// the change is made inside a view animation block (`setContentInset:`'s behaviour). Content resting at
  /// its top stays at the top, whatever its length: this one inset also plays UIKit's adjusted content
  /// inset, which keeps a scroll view scrolled to its top below bars when they change it
  /// (`contentInsetAdjustmentBehavior`), so a 64 pt inset for a navigation bar shows the first row below
  /// the bar from the first frame.
  public var contentInset: EdgeInsets {
    get { scrollLayer.contentInset }
    set {
      let oldTop = restingRange(for: scrollLayer.contentInset).lowerBound
      scrollLayer.contentInset = newValue
      notifyObservers()
      layoutScrollIndicator(followingContent: false)
      // Under the finger, in a motion, or while the release motion is being planned, the motion takes
      // the new inset into account itself; a delegate that has moved the content itself has replaced it.
      guard !isDragging, !isDecelerating, !isReleasing || offsetWasSet else { return }
      let range = restingRange(for: newValue)
      let y = bounds.origin.y
      let resting = y == oldTop ? range.lowerBound : min(max(y, range.lowerBound), range.upperBound)
      if resting != y { moveOffset(to: resting) }
    }
  }

  /// The point of the content at the viewport's top-left (the layer's `bounds.origin`). Setting it moves the
  /// content, stops any deceleration and tells the delegate.
  public var contentOffset: CGPoint {
    get { bounds.origin }
    set {
      motion = nil
      isDecelerating = false
      offsetWasSet = true
      moveOffset(to: newValue.y, x: newValue.x)
    }
  }

  /// Set when `contentOffset` is assigned, so that a delegate that moves the content as the finger lifts
  /// (APL animates it to the loading position) replaces the bounce, as `setContentOffset:` does in UIKit.
  private var offsetWasSet = false

  /// True while the delegate hears `willEndDragging` and `didEndDragging`: an inset it sets then (EGO's 60 pt
  /// in didEndDragging, inside a 0.2 s view animation block) does not move the content — which would animate
  /// the offset to the new edge alongside the bounce — but is in force when the release motion is planned,
  /// so the bounce heads for the new edge from the first tick, as UIKit's does. Once the delegate has set
  /// the offset itself (APL) no motion is planned, and later inset changes move the content as at rest.
  private var isReleasing = false

  // MARK: State

  /// The unbanded offset the finger's translation is measured from.
  private var dragAnchor = 0.0
  private var lastTranslation = 0.0 {
    didSet { if oldValue != lastTranslation { notifyObservers() } }
  }
  /// How far the finger has moved down the screen since it landed, in points, while dragging (0 otherwise): what
  /// the pan gesture recognizer's `translation(in:)` reports.
  public var dragTranslation: Double { isDragging ? lastTranslation : 0 }
  /// Whether a finger can scroll the content (`isScrollEnabled`); while false, a touch moves nothing and the
  /// delegate hears no drag. Turning it off under a moving finger ends that drag, as UIKit cancels the pan.
  public var isScrollEnabled = true {
    didSet { if !isScrollEnabled { cancelDragging() } }
  }
  /// Where across the view the finger last was, in points from its left edge, as a script's touch says; nil when
  /// no touch has said (`fingerLocationX` is then the middle). Observers hear it change.
  public var fingerX: Double? {
    didSet { if oldValue != fingerX { notifyObservers() } }
  }
  /// Where across the view the finger is: `fingerX`, or the middle of the view.
  public var fingerLocationX: Double { fingerX ?? bounds.width / 2 }
  /// Whether the content goes past its edges, rubber-banded, under the finger and when it is flung (`bounces`,
  /// on by default); off, it stops at the edges.
  public var bounces = true
  /// The time of the latest touch or step, where `cancelDragging()` ends a drag.
  private var lastTime = 0.0
  private var lastLimits: ClosedRange<Double>?
  private var motion: (motion: ScrollMotion, start: Double)?

  /// The content offset on screen now: the model offset, or where an animated scroll has got to.
  public var presentationContentOffset: CGPoint {
    layer.presentationOfSelf(at: layer.localTime).bounds.origin
  }

  /// The inset on screen now (with its animations applied).
  public var presentationInset: EdgeInsets {
    (layer.presentationOfSelf(at: layer.localTime) as? ScrollLayer)?.contentInset ?? contentInset
  }

  /// The range the vertical offset rests in for an inset: −top ... content height + bottom − viewport.
  public func restingRange(for inset: EdgeInsets) -> ClosedRange<Double> {
    let low = 0 - inset.top  // never −0: offsets print as 0
    return low...max(low, contentSize.height + inset.bottom - bounds.height)
  }

  // MARK: Rubber band

  /// The offset shown for an unbanded position: beyond an edge the excess is rubber-banded.
  func banded(_ raw: Double, in range: ClosedRange<Double>) -> Double {
    guard bounces else { return min(max(raw, range.lowerBound), range.upperBound) }
    let d = bounds.height
    if raw < range.lowerBound {
      return range.lowerBound - RubberBand.offset(distance: range.lowerBound - raw, dimension: d)
    }
    if raw > range.upperBound {
      return range.upperBound + RubberBand.offset(distance: raw - range.upperBound, dimension: d)
    }
    return raw
  }

  /// The unbanded position that shows `offset`.
  func unbanded(_ offset: Double, in range: ClosedRange<Double>) -> Double {
    let d = bounds.height
    if offset < range.lowerBound {
      let b = min(range.lowerBound - offset, d * 0.999)
      return range.lowerBound - RubberBand.distance(offset: b, dimension: d)
    }
    if offset > range.upperBound {
      let b = min(offset - range.upperBound, d * 0.999)
      return range.upperBound + RubberBand.distance(offset: b, dimension: d)
    }
    return offset
  }

  // MARK: Finger

  /// The finger starts driving the content (a pan began): deceleration stops and the delegate hears
  /// `willBeginDragging`.
  public func beginDragging(at time: Double) {
    lastTime = time
    guard isScrollEnabled else { return }
    motion = nil
    isDecelerating = false
    isDragging = true
    let range = restingRange(for: contentInset)
    lastLimits = range
    dragAnchor = unbanded(bounds.origin.y, in: range)
    lastTranslation = 0
    delegate?.scrollViewWillBeginDragging(self)
  }

  /// The finger has moved `translation` points down the screen since it landed.
  public func drag(translation: Double, at time: Double) {
    lastTime = time
    guard isDragging else { return }
    lastTranslation = translation
    let range = restingRange(for: contentInset)
    reanchorIfNeeded(range)
    moveOffset(to: banded(dragAnchor - translation, in: range))
  }

  /// The finger lifts moving at `velocity` points per second down the screen. The delegate may change
  /// the target in `willEndDragging`; then the content decelerates to come to rest exactly there.
  public func endDragging(velocity fingerVelocity: Double, at time: Double) {
    lastTime = time
    guard isDragging else { return }
    let y = bounds.origin.y
    var velocity = 0 - fingerVelocity
    let range = restingRange(for: contentInset)
    let natural = ScrollMotion(position: y, velocity: velocity, limits: range, rate: decelerationRate)
    var target = CGPoint(x: bounds.origin.x, y: natural.restingPosition)
    offsetWasSet = false
    isReleasing = true
    defer { isReleasing = false }
    delegate?.scrollViewWillEndDragging(self, velocity: CGPoint(x: 0, y: velocity / 1000), targetContentOffset: &target)
    if target.y != natural.restingPosition, range.contains(y) {
      // Decelerate so that x0 − v/k lands on the requested target.
      velocity = (y - min(max(target.y, range.lowerBound), range.upperBound)) * 1000 * log(decelerationRate)
    }
    isDragging = false
    let willDecelerate = velocity != 0 || !restingRange(for: contentInset).contains(y)
    delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
    // Planned after the callbacks, against the inset they may have changed (the airplane view grows it in
    // willEndDragging, EGO in didEndDragging); a delegate that moved the content replaces the motion.
    guard !offsetWasSet else { return }
    let finalRange = restingRange(for: contentInset)
    let planned = ScrollMotion(
      position: y, velocity: velocity, limits: finalRange, rate: decelerationRate, threshold: 0.5 / screenScale)
    guard planned.settleTime > 0, velocity != 0 || !finalRange.contains(y) else {
      // Nothing to plan (within half a pixel of an edge the callbacks moved): come to rest in range.
      moveOffset(to: min(max(y, finalRange.lowerBound), finalRange.upperBound))
      return
    }
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    motion = (planned, time)
    lastLimits = finalRange
  }

  /// Ends the finger's drag as if it lifted without moving (the pan gesture cancelled): the delegate hears
  /// the end, the content settles, and the rest of that touch moves nothing.
  public func cancelDragging() {
    endDragging(velocity: 0, at: lastTime)
  }

  // MARK: Time

  /// Moves the scroll view to `time`: deceleration and bounce follow their closed forms, and when the
  /// inset on screen changes, the motion is re-aimed at the new resting range from where it is now.
  public func step(to time: Double) {
    lastTime = time
    defer { fadeScrollIndicatorIfStopped() }
    let range = restingRange(for: contentInset)
    if isDragging {
      reanchorIfNeeded(range)
      moveOffset(to: banded(dragAnchor - lastTranslation, in: range))
      return
    }
    if var (planned, start) = motion {
      if range != planned.limits {
        let t = time - start
        let (x, v) = (planned.position(at: t), planned.velocity(at: t))
        if planned.phase(at: t) == .bouncing, let edge = planned.bounceEdge {
          // A bounce keeps returning to its edge, wherever that edge has moved.
          let moved = edge == planned.limits.lowerBound ? range.lowerBound : range.upperBound
          planned = ScrollMotion(
            bouncingFrom: x, velocity: v, to: moved, limits: range, rate: decelerationRate, threshold: 0.5 / screenScale
          )
        } else {
          planned = ScrollMotion(
            position: x, velocity: v, limits: range, rate: decelerationRate, threshold: 0.5 / screenScale)
        }
        start = time
        motion = (planned, start)
      }
      let t = time - start
      if t >= planned.settleTime {
        motion = nil
        moveOffset(to: planned.restingPosition)
        isDecelerating = false
        delegate?.scrollViewDidEndDecelerating(self)
      } else {
        let y = planned.position(at: t)
        moveOffset(to: bounces ? y : min(max(y, range.lowerBound), range.upperBound))
      }
      return
    }
    // At rest nothing moves: the inset setter already brought the content into range.
  }

  /// While dragging, a change of the resting range keeps the content where it is on screen: the anchor
  /// moves instead, as UIKit's offset does not jump when the inset changes under the finger.
  private func reanchorIfNeeded(_ range: ClosedRange<Double>) {
    guard range != lastLimits else { return }
    lastLimits = range
    dragAnchor = unbanded(bounds.origin.y, in: range) + lastTranslation
  }

  private func moveOffset(to y: Double, x: Double? = nil) {
    let newX = x ?? -contentInset.left
    guard y != bounds.origin.y || newX != bounds.origin.x else { return }
    bounds.origin = CGPoint(x: newX, y: y)
    delegate?.scrollViewDidScroll(self)
    notifyObservers()
    if isDragging || isDecelerating, !indicatorIsShown { showScrollIndicator() } else { layoutScrollIndicator() }
  }

  // MARK: Scroll indicator

  /// Shows the indicator at once, above every other subview, as UIKit does when the content starts
  /// moving; a fade-out in progress is called off.
  private func showScrollIndicator() {
    guard showsVerticalScrollIndicator else { return }
    let indicator = verticalScrollIndicator ?? ScrollIndicator()
    verticalScrollIndicator = indicator
    indicatorIsShown = true
    layer.withoutAnimation {
      addSubview(indicator)
      indicator.layer.removeAnimation(forKey: AnimationKeyPath.opacity.property)
      indicator.alpha = 1
      layoutScrollIndicator()
    }
  }

  /// Places the indicator for the offset and inset now, kept above subviews added after it. While it
  /// shows, an offset change inside a view animation block (APL's scroll to the loading position) moves
  /// it along with the content. Otherwise it moves at once: an inset change alone, or content that
  /// moves while the indicator is faded out (EGO's return after loading), animates nothing of it, so no
  /// view block waits on the indicator or sees its animations replaced.
  private func layoutScrollIndicator(followingContent: Bool = true) {
    guard let indicator = verticalScrollIndicator else { return }
    let visible = indicatorIsShown || indicator.layer.animation(forKey: AnimationKeyPath.opacity.property) != nil
    func place() {
      bringSubviewToFront(indicator)
      let frame = ScrollIndicator.frame(
        viewport: bounds.size, contentHeight: contentSize.height, inset: contentInset, offset: bounds.origin)
      if let frame { indicator.frame = frame }
      indicator.isHidden = frame == nil
    }
    if followingContent && visible { place() } else { layer.withoutAnimation(place) }
  }

  /// Once the content has stopped (no finger, no deceleration or bounce), plans the indicator's fade:
  /// `ScrollIndicator.fadeDelay` after an animated offset change ends (or now), an animation on the
  /// scene's clock. Called after each step, outside any view animation block, so that no block's
  /// completion waits for the fade.
  private func fadeScrollIndicatorIfStopped() {
    guard indicatorIsShown, !isDragging, !isDecelerating, let indicator = verticalScrollIndicator else { return }
    indicatorIsShown = false
    let now = layer.localTime
    let scrollEnd = layer.animation(forKey: AnimationKeyPath.bounds.property)?.timing.endTime ?? now
    let delay = (scrollEnd.isFinite ? max(scrollEnd - now, 0) : 0) + ScrollIndicator.fadeDelay
    indicator.layer.animateInTree(withDuration: ScrollIndicator.fadeDuration, delay: delay) { indicator.alpha = 0 }
  }
}
