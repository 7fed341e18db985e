import FlipbookGraphics
import Foundation

// MARK: - MJRefreshMetrics

/// MJRefresh's numbers, each from its source (https://github.com/CoderMJLee/MJRefresh at 5647d82, podspec 3.7.9):
/// `MJRefreshConst.h` and `.m` unless another file is named.
public enum MJRefreshMetrics {
  /// `MJRefreshHeaderHeight`: the header's height, and how far a pull must go to arm it.
  public static let headerHeight = 54.0
  /// `MJRefreshFooterHeight`: the footer's height, and how far a pull past the end must go to arm it.
  public static let footerHeight = 44.0
  /// `MJRefreshLabelLeftInset`: the gap between the arrow or spinner and the widest text.
  public static let labelLeftInset = 25.0
  /// The gif header's `labelLeftInset` (`MJRefreshGifHeader.m`'s `prepare`).
  public static let gifLabelLeftInset = 20.0
  /// `fastAnimationDuration` (`MJRefreshFastAnimationDuration`): the arrow's turn and the inset when refreshing
  /// begins.
  public static let fastAnimationDuration = 0.25
  /// `slowAnimationDuration` (`MJRefreshSlowAnimationDuration`): the inset and the spinner's fade when it ends.
  public static let slowAnimationDuration = 0.4
  /// `MJRefreshLabelFont`: `[UIFont boldSystemFontOfSize:14]`.
  public static let labelFontSize = 14.0
  /// See `labelFontSize`.
  public static let labelFontWeight = 700
  /// `MJRefreshLabelTextColor`: RGB 90, 90, 90.
  public static let labelTextColor = Color(red: 90.0 / 255, green: 90.0 / 255, blue: 90.0 / 255)
  /// The arrow image's size in points (`MJRefresh.bundle/arrow@2x.png` is 30x80 pixels).
  public static let arrowSize = CGSize(width: 15, height: 40)
  /// The arrow's half turn when pulled far enough: `CGAffineTransformMakeRotation(0.000001 - M_PI)`, a hair short
  /// of π so that the turn runs anticlockwise and back the same way (`MJRefreshNormalHeader.m`).
  public static let arrowTurn = 0.000_001 - Double.pi
  /// A gif header's default duration per image: `setImages:forState:` passes `images.count * 0.1`.
  public static let gifFrameDuration = 0.1
  /// `triggerAutomaticallyRefreshPercent`'s default, 1.0: the auto footer loads when it is fully in view
  /// (`MJRefreshAutoFooter.m`).
  public static let autoTriggerPercent = 1.0
  /// `autoTriggerTimes`' default, 1: one automatic load per drag (`MJRefreshAutoFooter.m`).
  public static let autoTriggerTimes = 1
}
