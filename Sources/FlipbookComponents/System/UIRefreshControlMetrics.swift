import FlipbookGraphics
import Foundation

// MARK: - UIRefreshControlMetrics

/// `UIRefreshControl`'s numbers in its modern style (iOS 7 and later). Apple publishes the API
/// (https://developer.apple.com/documentation/uikit/uirefreshcontrol) but not the geometry; the numbers
/// below were read from UIKitCore as decompiled from public iOS restore images in EthanArbuckle's public
/// repositories (`iPhone17-1_18.2_22C152_Restore`: `UIRefreshControl.m`,
/// `_UIRefreshControlModernContentView.m`, `_UIRefreshControlModernReplicatorView.m`,
/// `_UIRefreshControlSeedView.m`), and agree with a published runtime dump of a live control on a 759 pt
/// tall table (`_snappingHeight 150.3301056338028`, `_refreshControlHeight 60`, insets {60, 0, 0, 0} while
/// refreshing). A decompile gives numbers, not always their roles: the values marked *chosen* are the
/// ones no source settles, and each says why it was picked.
public enum UIRefreshControlMetrics {
  /// The control's height with no title (`_refreshControlHeight` 60 in the runtime dump); the top inset
  /// grows by the control's height while refreshing.
  public static let height = 60.0
  /// With an `attributedTitle`, the control is the title's height plus this (62 above the title's top,
  /// 5 below its bottom, `_UIRefreshControlModernContentView`'s `-_heightWithTitle`).
  public static let titledExtraHeight = 67.0
  /// The room below the title, the 5 of `titledExtraHeight`.
  public static let titleBottomMargin = 5.0
  /// The title's side margins: its frame is the control's width less 10 pt each side.
  public static let titleSideMargin = 10.0
  /// The title's font size: `UIFontTextStyleCaption1` at the default content size (12 pt).
  public static let titleFontSize = 12.0

  /// The scroll view height the maximum trigger distance is scaled against (the iPhone 5's 568 pt screen).
  public static let referenceScreenHeight = 568.0
  /// Below this scroll view height the scale stops shrinking (0.654929577 = 372/568 in the decompile).
  public static let minimumScaledHeight = 372.0
  /// The untitled height the maximum trigger distance starts from, before `triggerStretch` and the scale.
  public static let triggerBase = 100.0
  /// The factor on `titleHeight + triggerBase` (112.5 pt = 100 · 1.125 at 568 pt).
  public static let triggerStretch = 1.125

  /// Nothing of the control is shown until the content is pulled this far (the decompile's 5 pt check
  /// before the content view is unhidden).
  public static let revealMinimumPull = 5.0
  /// The spinner's centre below the control's top: the middle of the untitled 60 pt.
  public static let spinnerCenterY = 30.0
  /// The spinner's spokes: 8 (`instanceCount` of the replicator on iOS 18 and 26).
  public static let spokeCount = 8
  /// Each spoke runs from this far from the centre (`_UIRefreshControlSeedView`'s frame: 5 to 15 pt up)…
  public static let spokeInnerRadius = 5.0
  /// …to this far.
  public static let spokeOuterRadius = 15.0
  /// *Chosen*: the spoke's thickness is not in the decompile (its frame's width comes from a trait);
  /// 2.5 pt is the thickness of the medium activity indicator iOS 13+ draws, which the spinner matches.
  public static let spokeWidth = 2.5

  /// The reveal: a 1 s UIView animation (UIKit's default ease-in-out curve) from `instanceAlphaOffset`
  /// −1 and alpha 0 to 0 and 1, held at `speed` 0 and scrubbed with `timeOffset`.
  public static let revealDuration = 1.0
  /// `timeOffset` is capped just under the animation's end, so it never completes (0.999999881, the
  /// float just under 1 the decompile writes).
  public static let revealTimeOffsetCap = 0.999_999_881
  /// The spun look the spinner takes when it triggers: the container turned π − 0.01 (just short of a
  /// half turn, so the turn runs clockwise)…
  public static let spunAngle = Double.pi - 0.01
  /// …and each spoke 0.08 more opaque than the one before, from 0 (`instanceAlphaOffset` 0.08 with an
  /// `instanceColor` of alpha 0): the trailing fade of an activity indicator.
  public static let spunAlphaOffset = 0.08
  /// *Chosen*: the spun look's spring. The decompile's stiffness is `clamp(|velocity| · 48.333, 5, 150)`;
  /// its damping reads 5000, which would take half a minute to settle and is likely an argument read out of
  /// order, so the turn is critically damped instead (damping 2√stiffness, mass 1).
  public static let spinStiffnessPerVelocity = 48.333
  /// See `spinStiffnessPerVelocity`.
  public static let spinStiffnessRange = 5.0...150.0
  /// While refreshing the spokes step a turn a second: a 1 s keyframe animation, repeating, discrete,
  /// each of the 8 keyframes 1/8 of the second and π/4 further (option flags decoded, not seen running).
  public static let spinDuration = 1.0
  /// The bloom when it triggers: the spokes grow to 1.2 and rise 2 pt over 0.05 s (linear)…
  public static let bloomScale = 1.2
  /// See `bloomScale`.
  public static let bloomRise = 2.0
  /// See `bloomScale`.
  public static let bloomDuration = 0.05
  /// …and shrink back over 0.15 s.
  public static let unbloomDuration = 0.15
  /// After `endRefreshing()`: the spinner shrinks to 0.001 (turned π − 0.01) and the title fades over 0.3 s.
  public static let goAwayDuration = 0.3
  /// See `goAwayDuration`.
  public static let goAwayScale = 0.001
  /// *Chosen*: the inset returns with the go-away, in a 0.3 s ease-in-out animation (no source gives its
  /// own duration).
  public static let insetOutDuration = goAwayDuration
  /// *Chosen*: `beginRefreshing()` on a list at rest at its top shows the control by moving the content
  /// down in a 0.3 s ease-in-out animation, as an app's `setContentOffset(_:animated: true)` does.
  public static let programmaticRevealDuration = 0.3

  /// The default tint: `secondaryLabelColor` in light mode, RGBA (60, 60, 67, 0.6) (Apple's published
  /// values, 0.235/0.235/0.263 at alpha 0.6).
  public static let tintColor = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
  /// The title's default colour: `labelColor` in light mode, black.
  public static let titleColor = Color.black

  /// The pull at which the control refreshes (`_snappingHeight`): half the scroll view's height, rounded,
  /// at most `maximumTriggerDistance`.
  public static func triggerDistance(scrollViewHeight h: Double, titleHeight: Double = 0) -> Double {
    min(max((h / 2).rounded(), 0), maximumTriggerDistance(scrollViewHeight: h, titleHeight: titleHeight))
  }

  /// `(titleHeight + 100) · 1.125 · max(h, 372) / 568`: 112.5 pt at 568, 150.33 at 759, 168.75 at 852.
  public static func maximumTriggerDistance(scrollViewHeight h: Double, titleHeight: Double = 0) -> Double {
    (titleHeight + triggerBase) * triggerStretch * max(h, minimumScaledHeight) / referenceScreenHeight
  }
}
