import FlipbookLayers
import Foundation

// MARK: - RefreshBehaviour

/// What a free-standing `CustomRefreshControl` decides for its view, the part each original hard-codes:
/// how far a pull must go and when that is judged, the inset that holds the view open while refreshing
/// and how it animates in and out, and what ends a refresh.
public struct RefreshBehaviour: Sendable, Equatable {
  /// How far is far enough to refresh.
  public enum Threshold: Sendable, Equatable {
    /// A pull of at least this many points (EGO: 65).
    case distance(Double)
    /// A progress of at least this much (the airplane: 1, a full 110 pt view).
    case progress(Double)
  }

  /// When the pull is judged.
  public enum TriggerMoment: String, Sendable, CaseIterable {
    /// In `scrollViewDidEndDragging`, as EGO and APL do.
    case release
    /// In `scrollViewWillEndDragging`, before the scroll view plans its bounce, as the airplane does.
    case willEndDragging
    /// Under the finger, on the scroll at which the threshold is met, as `UIRefreshControl` and iOS 6's stretching
    /// drop trigger: the refresh starts while the finger still holds the content.
    case whileDragging
  }

  /// What ends a refresh.
  public enum Ending: Sendable, Equatable {
    /// The app's data arriving (a script's `dataLoaded` event), as EGO and APL wait for.
    case dataLoaded
    /// A time after the trigger, as the airplane's 4 s inset animation's completion ends it.
    case after(Double)
  }

  /// A `UIView.animate(withDuration:delay:options:)` of the top inset.
  public struct InsetAnimation: Sendable, Equatable {
    /// How long the inset takes to move, in seconds.
    public var duration: Double
    /// How long after the call it starts moving, in seconds.
    public var delay: Double
    /// The curve it moves along (UIKit's default is easeInEaseOut).
    public var curve: ViewAnimationOptions

    /// An inset animation of `duration` seconds, after `delay`, along `curve`.
    public init(duration: Double, delay: Double = 0, curve: ViewAnimationOptions = .curveEaseInOut) {
      self.duration = duration
      self.delay = delay
      self.curve = curve
    }

    public static func == (a: InsetAnimation, b: InsetAnimation) -> Bool {
      a.duration == b.duration && a.delay == b.delay && a.curve.rawValue == b.curve.rawValue
    }
  }

  /// `progress` reaches 1 at `threshold: .progress(1)` by default.
  public var threshold: Threshold
  /// When letting go is judged against the threshold: the originals differ, and a fast flick can cross
  /// the threshold between the two moments.
  public var triggerMoment: TriggerMoment
  /// The pull, in points, at which progress reaches 1; nil: the view's height.
  public var progressDistance: Double?
  /// How much the top inset grows while refreshing; nil: the view's height.
  public var refreshingInset: Double?
  /// Defaults: 0.2 s in (EGO's `setAnimationDuration:0.2`, APL's `APLPullToRefreshAnimationDuration`),
  /// 0.3 s out (EGO's `setAnimationDuration:.3`), both with UIKit's default easeInEaseOut curve.
  public var insetIn: InsetAnimation
  /// How the top inset animates back when the refresh ends.
  public var insetOut: InsetAnimation
  /// What ends a refresh.
  public var ending: Ending
  /// Whether the view hears the pull while refreshing (seed 004 redraws on every scroll; the book does not).
  public var updatesWhileRefreshing: Bool
  /// EGO's fix for section headers: while refreshing, every scroll sets the top inset to the pull, clamped
  /// to the resting inset and the refreshing one, without animation.
  public var insetFollowsScroll: Bool

  /// A behaviour; every default is the common case of the three originals (see each property).
  public init(
    threshold: Threshold = .progress(1), triggerMoment: TriggerMoment = .release, progressDistance: Double? = nil,
    refreshingInset: Double? = nil, insetIn: InsetAnimation = InsetAnimation(duration: 0.2),
    insetOut: InsetAnimation = InsetAnimation(duration: 0.3), ending: Ending = .dataLoaded,
    updatesWhileRefreshing: Bool = false, insetFollowsScroll: Bool = false
  ) {
    self.threshold = threshold
    self.triggerMoment = triggerMoment
    self.progressDistance = progressDistance
    self.refreshingInset = refreshingInset
    self.insetIn = insetIn
    self.insetOut = insetOut
    self.ending = ending
    self.updatesWhileRefreshing = updatesWhileRefreshing
    self.insetFollowsScroll = insetFollowsScroll
  }

  /// Whether a pull of `pull` points at `progress` is far enough.
  public func isMet(pull: Double, progress: Double) -> Bool {
    switch threshold {
    case .distance(let d): pull >= d
    case .progress(let p): progress >= p
    }
  }
}
