import FlipbookGraphics
import FlipbookTiming
import Foundation

// MARK: - AirplaneMetrics

/// Every number of the airplane pull-to-refresh view, with where it comes from. "Seed" (seed 004) is the Chinese
/// Objective-C walkthrough of "iOS Animations by Tutorials" ch. 15, the blog post "动画特效九：下拉刷新"
/// ("Animation effects 9: pull to refresh"), whose code Flipbook follows by default; "book" is the book's own
/// project (Razeware's "iOS Animations by Tutorials", ch. 15 "Stroke and Path Animations"; an Objective-C port with
/// the same artwork is https://github.com/Kookey/iOS-Animations-By-Tutorials,
/// `Chapter15-StrokeAndPathAnimations/pullToRfresh/`). The manual's Fidelity article lists where the two differ.
public enum AirplaneMetrics {
  // MARK: View

  /// The refresh view's height (`kRefreshViewHeight = 110`, seed and book): its frame is (0, −110, width, 110) in
  /// the scroll view, and the inset grows by this much while refreshing.
  public static let viewHeight = 110.0
  /// The sky artwork behind everything, drawn aspect-fill and clipped (the book's `refresh-view-bg`).
  public static let backgroundImageName = "refreshBackground"
  /// The plane artwork (the book's `icon-plane`, 35x35 pt).
  public static let airplaneImageName = "airplane"

  // MARK: Oval

  /// The oval's radius: `self.frame.size.height / 2 * 0.8` in the seed's `addOvalShapeLayer` = 44 pt.
  public static let ovalRadius = viewHeight / 2 * 0.8
  /// `ovalShapeLayer.strokeColor = whiteColor` (seed).
  public static let ovalStrokeColor = Color.white
  /// `ovalShapeLayer.lineWidth = 4.0` (seed).
  public static let ovalLineWidth = 4.0
  /// `ovalShapeLayer.lineDashPattern = @[@(2), @(3)]` (seed).
  public static let ovalDashPattern: [Double] = [2, 3]

  /// The oval for a view `width` wide: `bezierPathWithOvalInRect:` of the square of side 2·44 centred at
  /// (w/2, h/2). It runs clockwise on screen (Apple's `UIBezierPath(ovalIn:)` page) from 3 o'clock, where the seed
  /// puts the plane, which is also the flight path.
  public static func ovalPath(width: Double) -> Path {
    Path(
      ellipseIn: CGRect(
        x: width / 2 - ovalRadius, y: viewHeight / 2 - ovalRadius, width: 2 * ovalRadius, height: 2 * ovalRadius))
  }

  // MARK: Airplane

  /// The plane layer's size: the book's `@2x` image's 70x70 px at scale 2 = 35x35 pt (the seed sets the bounds to
  /// `image.size`, which UIKit gives in points).
  public static let airplaneSize = CGSize(width: 35, height: 35)
  /// Its opacity before the first pull: `airplaneLayer.opacity = 0.0` (seed).
  public static let airplaneInitialOpacity = 0.0

  /// Where the plane waits: on the oval at 3 o'clock, (w/2 + h/2·0.8, h/2) = (w/2 + 44, 55) (seed).
  public static func airplanePosition(width: Double) -> CGPoint {
    CGPoint(x: width / 2 + ovalRadius, y: viewHeight / 2)
  }

  // MARK: Refreshing

  /// The stroke and flight groups' duration: one lap in 1.5 s (seed and book).
  public static let lapDuration = 1.5
  /// strokeStart runs −0.5 → 1 while strokeEnd runs 0 → 1 (seed), so the tail starts late (strokeStart is clamped to
  /// 0...1; see `ShapeLayer`).
  public static let strokeStartFrom = -0.5
  /// Where strokeStart ends a lap; see `strokeStartFrom`.
  public static let strokeStartTo = 1.0
  /// Where strokeEnd starts a lap; see `strokeStartFrom`.
  public static let strokeEndFrom = 0.0
  /// Where strokeEnd ends a lap; see `strokeStartFrom`.
  public static let strokeEndTo = 1.0
  /// One full turn of the plane per lap: `transform.rotation` 0 → 2π (seed).
  public static let airplaneTurn = 2 * Double.pi
  /// Pulling past this progress and letting go starts the refresh: `progress >= 1.0` (seed).
  public static let triggerProgress = 1.0
  /// The retraction when the refresh ends: `contentInset.top −= h` over 0.3 s,
  /// `UIViewAnimationOptionCurveEaseOut` (seed and book).
  public static let retractDuration = 0.3

  /// What differs between seed 004 and the book's project (both named in ``AirplaneMetrics``).
  public struct Timings: Sendable, Equatable {
    /// The `contentInset.top += h` animation in `beginRefreshing`.
    public let insetDuration: Double
    /// When `endRefreshing` runs, counted from the trigger.
    public let endDelay: Double
    /// The two groups' `repeatDuration`.
    public let repeatDuration: Double
    /// Whether `scrollViewDidScroll` redraws while refreshing.
    public let redrawsWhileRefreshing: Bool
  }

  /// Seed 004: the inset animates over 4.0 s and its completion calls `endRefreshing`; the groups repeat
  /// for 6.0 s; `scrollViewDidScroll` redraws unconditionally.
  public static let seed = Timings(insetDuration: 4.0, endDelay: 4.0, repeatDuration: 6.0, redrawsWhileRefreshing: true)
  /// The book: the inset animates over 0.3 s; the view controller's delegate calls `endRefreshing` 4 s
  /// after the trigger (`delay(seconds: 4)`); the groups repeat for 5.0 s; no redraw while refreshing.
  public static let book = Timings(
    insetDuration: 0.3, endDelay: 4.0, repeatDuration: 5.0, redrawsWhileRefreshing: false)
}
