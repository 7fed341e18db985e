import FlipbookGraphics
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookComponents

/// EGO's two UILabels draw their lines centred in their 20 pt frames (h − 48 and h − 30), as a device
/// does, not from the frames' tops as a CATextLayer would (2.1 and 2.7 pt higher).
@Suite("EGO's labels are centred as UILabels")
struct EGOLabelTests {
  /// Inter's `hhea` metrics (fonts-inter: 2816 units per em, ascender 2728, descender −680).
  static func lineHeight(_ size: Double) -> Double { 3408 / 2816 * size }
  static func ascent(_ size: Double) -> Double { 2728 / 2816 * size }

  /// Where a device puts a label's baseline: its frame's top, plus the centring gap, plus the ascent.
  static func baseline(frameTop: Double, size: Double) -> Double {
    frameTop + (EGOMetrics.labelHeight - lineHeight(size)) / 2 + ascent(size)
  }

  /// The bottom of the first glyph's stem ("P" of "Pull…", "L" of "Last Updated…", both flat on the
  /// baseline) in pixels: the last at-least-half-inked row of the leftmost inked column, plus one.
  static func stemBottom(_ image: Image, rows: Range<Int>, from x: Int) -> Int? {
    // The text colour #576C89 against the #E2E7ED background; the light shadow is not ink.
    let inked: (RGBA8) -> Bool = { Int($0.r) < (0x57 + 0xE2) / 2 }
    for column in x..<image.width {
      if let last = rows.filter({ inked(image.pixel(x: column, y: $0)) }).max() { return last + 1 }
    }
    return nil
  }

  @Test("Pixels: the status and last-updated baselines where UIKit centres them", arguments: [1.0, 2, 3])
  func baselines(scale: Double) throws {
    let height = 80.0
    let header = try EGORefreshTableHeaderView(width: 320, height: height, now: Date(timeIntervalSince1970: 0))
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: height)
    header.frame = root.bounds
    root.addSublayer(header.layer)
    let image = try LayerRenderer(scale: scale).render(root)
    // Past the arrow and spinner (x < 60 pt), each label's rows only.
    for (top, size) in [
      (height - EGOMetrics.statusLabelY, EGOMetrics.statusFontSize),
      (height - EGOMetrics.lastUpdatedLabelY, EGOMetrics.lastUpdatedFontSize),
    ] {
      let rows = Int(top * scale)..<Int((top + EGOMetrics.labelHeight) * scale)
      let bottom = try #require(Self.stemBottom(image, rows: rows, from: Int(60 * scale)))
      let expected = Self.baseline(frameTop: top, size: size) * scale
      #expect(
        abs(Double(bottom) - expected) <= 0.6,
        "\(size) pt at \(scale)x: stem ends at \(bottom) px, baseline \(expected) px")
      let topAligned = (top + Self.ascent(size)) * scale
      #expect(abs(Double(bottom) - topAligned) > 1.5, "not where a top-aligned text layer would put it")
    }
  }

  @Test("The labels are Labels, one line, truncating at the tail, in the original's frames")
  func labels() throws {
    let header = try EGORefreshTableHeaderView(width: 320, height: 480, now: Date(timeIntervalSince1970: 0))
    for (label, y) in [(header.statusLabel, 432.0), (header.lastUpdatedLabel, 450)] {
      #expect(label.frame == CGRect(x: 0, y: y, width: 320, height: 20))
      #expect(label.numberOfLines == 1)
      #expect(label.lineBreakMode == .truncatingTail)
    }
  }
}
