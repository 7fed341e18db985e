import FlipbookGraphics
import Foundation

// MARK: - EGOMetrics

/// EGORefreshTableHeaderView's numbers, each from the original (https://github.com/enormego/EGOTableViewPullRefresh
/// at 01d7ff2, `EGOTableViewPullRefresh/Classes/View/EGORefreshTableHeaderView.m`; seed 000, the blog post
/// "開源中國iOS用戶端學習——(二)下拉重新整理特效EGOTableViewPullRefresh", reproduces the same file).
public enum EGOMetrics {
  /// Pull distance that arms a refresh: `offset.y < -65` flips to "release", release at `<= -65` triggers.
  public static let triggerDistance = 65.0
  /// The top inset while loading (`UIEdgeInsetsMake(60.0f, 0.0f, 0.0f, 0.0f)`).
  public static let loadingInset = 60.0
  /// The arrow's flip (`FLIP_ANIMATION_DURATION 0.18f`), in a CATransaction.
  public static let flipDuration = 0.18
  /// `[UIView setAnimationDuration:0.2]` when loading starts.
  public static let insetInDuration = 0.2
  /// `[UIView setAnimationDuration:.3]` when loading finishes.
  public static let insetOutDuration = 0.3

  /// Header background, rgb(226, 231, 237).
  public static let backgroundColor = Color(hex: "#E2E7ED")!
  /// `TEXT_COLOR`, rgb(87, 108, 137).
  public static let textColor = Color(hex: "#576C89")!
  /// Labels' `shadowColor` (white 0.9) and `shadowOffset` (0, 1).
  public static let textShadowColor = Color(white: 0.9)
  /// See `textShadowColor`.
  public static let textShadowOffset = CGSize(width: 0, height: 1)

  /// Status label: frame (0, h − 48, w, 20), `boldSystemFontOfSize:13`.
  public static let statusLabelY = 48.0
  /// See `statusLabelY`.
  public static let statusFontSize = 13.0
  /// Last-updated label: frame (0, h − 30, w, 20), `systemFontOfSize:12`.
  public static let lastUpdatedLabelY = 30.0
  /// See `lastUpdatedLabelY`.
  public static let lastUpdatedFontSize = 12.0
  /// Both labels' height, the 20 of their frames above.
  public static let labelHeight = 20.0
  /// Arrow layer: frame (25, h − 65, 30, 55), `kCAGravityResizeAspect`.
  public static let arrowFrame = (x: 25.0, fromBottom: 65.0, width: 30.0, height: 55.0)
  /// Activity view: frame (25, h − 38, 20, 20), gray style.
  public static let activityFrame = (x: 25.0, fromBottom: 38.0)
}

// MARK: - Arrow colours

/// The four arrow images EGO ships (`blueArrow.png` is the default); Flipbook draws its own.
public enum EGOArrowColor: String, CaseIterable, Sendable {
  /// `blueArrow.png`, the default.
  case blue
  /// `grayArrow.png`.
  case gray
  /// `blackArrow.png`.
  case black
  /// `whiteArrow.png`.
  case white
  /// The asset drawn by the project (`Assets/Sources/<name>.json`).
  public var assetName: String { "\(rawValue)Arrow" }
}
