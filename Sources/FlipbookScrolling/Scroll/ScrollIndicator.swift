import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - ScrollIndicator

/// `UIScrollView`'s vertical scroll indicator, iOS 7 onwards: a thin dark bar with round ends near the
/// right edge, as long as the visible fraction of the content, squeezed while the content is
/// rubber-banded past either end.
///
/// It is a subview of its scroll view, as UIKit's is, so it is laid out in the scroll view's own
/// coordinates (which scroll with the content offset) and moves with an animated offset change.
/// `ScrollView` lays it out, shows it and fades it out; this type knows its look and its geometry.
public final class ScrollIndicator: View {
  /// The bar's width: UIKit's indicator views are 2.5 pt across (measured in the view hierarchy of
  /// iOS 7+, ASJColoredScrollIndicators' README; JTSScrollIndicator, which mimics it, uses 2.5 too).
  public static let thickness = 2.5
  /// The gap to the right edge and to the top and bottom of the indicator's track: 3 pt
  /// (Flutter's `CupertinoScrollbar`, `_kScrollbarCrossAxisMargin` and `_kScrollbarMainAxisMargin`).
  public static let margin = 3.0
  /// The shortest bar while scrolling: 36 pt (Flutter's `CupertinoScrollbar`, `_kScrollbarMinLength`;
  /// JTSScrollIndicator eyeballs 37).
  public static let minimumLength = 36.0
  /// The shortest bar while rubber-banding past an end: 8 pt (Flutter's `CupertinoScrollbar`,
  /// `_kScrollbarMinOverscrollLength`; JTSScrollIndicator's `MinIndicatorHeightWhenCompressed` is 8 too).
  public static let minimumSqueezedLength = 8.0
  /// The default indicator style on a light background: black at 0x59/255 ≈ 35% (Flutter's
  /// `CupertinoScrollbar`, `_kScrollbarColor`, "extracted from iOS 13.1 beta using Debug View Hierarchy").
  public static let color = Color(white: 0, alpha: 0x59 / 255.0)
  /// After the content stops, the bar stays for 0.05 s, then fades over 0.25 s with UIKit's default
  /// (easeInEaseOut) curve: flowkey's UIKit-cross-platform, `hideScrollIndicators`, "hand-tuned to match
  /// iOS". (Flutter's `CupertinoScrollbar` also fades over 0.25 s, `_kScrollbarFadeDuration`, but waits an
  /// eyeballed 1.2 s, the iOS 13 behaviour.)
  public static let fadeDelay = 0.05
  /// See `fadeDelay`.
  public static let fadeDuration = 0.25

  /// A hidden indicator; the scroll view sizes, places and shows it as the content moves.
  public init() {
    super.init(frame: .zero)
    layer.name = "scrollIndicator"
    backgroundColor = Self.color
    layer.cornerRadius = Self.thickness / 2
    alpha = 0
  }

  /// The bar's frame in the scroll view's coordinates, for a viewport whose top-left shows content point
  /// `offset`, or nil when the content fits and there is nothing to indicate (UIKit, like Flutter's
  /// `CupertinoScrollbar`, shows no indicator for content that does not scroll).
  ///
  /// The track is the viewport inside the inset (UIKit's `scrollIndicatorInsets` follow the content inset
  /// here) less the margin at each end; the bar's length is the track times the visible fraction, at least
  /// `minimumLength`, and its place along the track the fraction of the scrollable range scrolled. Past an
  /// end the bar stays at that end and shortens by the overshoot, down to `minimumSqueezedLength`.
  public static func frame(
    viewport: CGSize, contentHeight: Double, inset: EdgeInsets, offset: CGPoint
  ) -> CGRect? {
    let visible = viewport.height - inset.top - inset.bottom
    let lowest = 0 - inset.top
    let highest = contentHeight + inset.bottom - viewport.height
    guard highest > lowest, visible > 0 else { return nil }
    let track = max(visible - 2 * margin, 0)
    let natural = max(track * min(visible / contentHeight, 1), min(minimumLength, track))
    let overshoot = max(lowest - offset.y, offset.y - highest, 0)
    let length = max(natural - overshoot, min(minimumSqueezedLength, natural))
    let progress = min(max((offset.y - lowest) / (highest - lowest), 0), 1)
    return CGRect(
      x: offset.x + viewport.width - inset.right - margin - thickness,
      y: offset.y + inset.top + margin + progress * (track - length), width: thickness, height: length)
  }
}
