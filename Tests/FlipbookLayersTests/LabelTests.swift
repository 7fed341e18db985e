import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookLayers

/// `Label` against UILabel's layout rules, with Inter's own metrics as the known values.
@Suite("Label lays out as UILabel")
struct LabelTests {
  /// Inter's vertical metrics (`hhea` of Debian's fonts-inter `Inter-Regular.otf` and `Inter-Bold.otf`,
  /// read from the files' tables: 2816 units per em, ascender 2728, descender −680, no line gap).
  static let unitsPerEm = 2816.0
  static let ascender = 2728.0
  static let descender = 680.0
  static func lineHeight(_ size: Double) -> Double { (ascender + descender) / unitsPerEm * size }
  static func ascent(_ size: Double) -> Double { ascender / unitsPerEm * size }

  func label(_ text: String, size: Double, weight: Int = 400, frame: CGRect) -> Label {
    let label = Label()
    label.string = text
    label.fontSize = size
    label.fontWeight = weight
    label.frame = frame
    return label
  }

  @Test("One line is centred in the frame: its top (frame height − line height) / 2 below the frame's")
  func centred() throws {
    for (size, weight, shift) in [(13.0, 700, 2.1335), (12.0, 400, 2.7386), (17.0, 400, -0.287)] {
      let label = label(
        "Pull down to refresh", size: size, weight: weight, frame: CGRect(x: 0, y: 0, width: 320, height: 20))
      let layout = try label.layout()
      #expect(abs(layout.size.height - Self.lineHeight(size)) < 1e-3, "Inter's line height at \(size) pt")
      #expect(abs(label.textOrigin(for: layout).y - shift) < 1e-3, "\(size) pt: centred \(shift) pt down")
      let text = TextLayer()
      text.string = label.string
      text.fontSize = size
      text.frame = label.frame
      #expect(text.textOrigin(for: try text.layout()).y == 0, "a CATextLayer draws from the top")
    }
  }

  /// The bottom of the first glyph's flat stem, in pixels: the last row of its leftmost inked column
  /// that is at least half covered, plus one.
  static func stemBottom(_ image: Image, x: Range<Int>, y: Range<Int>, ink: (RGBA8) -> Bool) -> Int? {
    for column in x {
      let rows = y.filter { ink(image.pixel(x: column, y: $0)) }
      if let last = rows.max() { return last + 1 }
    }
    return nil
  }

  @Test("Pixels: a label's baseline sits where UILabel centres it, at 1x, 2x and 3x", arguments: [1.0, 2, 3])
  func baselinePixels(scale: Double) throws {
    // "L" starts the text: its stem ends flat on the baseline.
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
    root.backgroundColor = .white
    let label = label("Last Updated", size: 12, frame: CGRect(x: 10, y: 10, width: 180, height: 20))
    root.addSublayer(label)
    let image = try LayerRenderer(scale: scale).render(root)
    let bottom = try #require(
      Self.stemBottom(
        image, x: Int(10 * scale)..<Int(60 * scale), y: 0..<Int(40 * scale), ink: { $0.r < 128 }))
    let baseline = (10 + (20 - Self.lineHeight(12)) / 2 + Self.ascent(12)) * scale
    #expect(abs(Double(bottom) - baseline) <= 0.6, "stem bottom \(bottom) px, baseline \(baseline) px")
  }

  @Test("numberOfLines: 1 keeps one line, 2 wraps onto two, 0 takes as many as the height holds")
  func lines() throws {
    let text = "Pull down to refresh the list of messages from the server, then let go to load the newest ones"
    let frame = CGRect(x: 0, y: 0, width: 120, height: 200)
    let one = label(text, size: 12, frame: frame)
    #expect(abs(try one.layout().size.height - Self.lineHeight(12)) < 1e-3)
    #expect(try one.layout().size.width <= 120, "truncated at the tail to the width")
    let two = label(text, size: 12, frame: frame)
    two.numberOfLines = 2
    #expect(abs(try two.layout().size.height - 2 * Self.lineHeight(12)) < 1e-3)
    let all = label(text, size: 12, frame: frame)
    all.numberOfLines = 0
    let allLines = (try all.layout().size.height / Self.lineHeight(12)).rounded()
    #expect(allLines >= 4, "the whole text wraps onto \(allLines) lines")
    let short = label(text, size: 12, frame: CGRect(x: 0, y: 0, width: 120, height: 3.5 * Self.lineHeight(12)))
    short.numberOfLines = 0
    #expect(abs(try short.layout().size.height - 3 * Self.lineHeight(12)) < 1e-3, "three whole lines fit the height")
    let tiny = label(text, size: 12, frame: CGRect(x: 0, y: 0, width: 120, height: 5))
    tiny.numberOfLines = 0
    #expect(abs(try tiny.layout().size.height - Self.lineHeight(12)) < 1e-3, "always at least one line")
    for mode in [LineBreakMode.wordWrapping, .clipping] {
      let clipped = label(text, size: 12, frame: CGRect(x: 0, y: 0, width: 120, height: 3.5 * Self.lineHeight(12)))
      clipped.numberOfLines = 0
      clipped.lineBreakMode = mode
      #expect(abs(try clipped.layout().size.height - 3 * Self.lineHeight(12)) < 1e-3, "\(mode): lines below are cut")
    }
  }

  @Test("lineBreakMode on one line: truncating modes shorten to the width, the others overflow and are clipped")
  func oneLineModes() throws {
    let text = "Pull down to refresh the list of messages"
    for mode in LineBreakMode.allCases {
      let label = label(text, size: 12, frame: CGRect(x: 20, y: 0, width: 80, height: 20))
      label.lineBreakMode = mode
      let width = try label.layout().size.width
      switch mode {
      case .truncatingHead, .truncatingMiddle, .truncatingTail: #expect(width <= 80, "\(mode)")
      case .wordWrapping, .charWrapping, .clipping: #expect(width > 80, "\(mode)")
      }
      // Drawn in a wider root, nothing reaches past the label's right edge.
      let root = Layer()
      root.bounds = CGRect(x: 0, y: 0, width: 200, height: 20)
      root.addSublayer(label)
      let image = try LayerRenderer(scale: 2).render(root)
      let outside = (200..<400).flatMap { x in (0..<40).map { image.pixel(x: x, y: $0).a } }
      #expect(outside.allSatisfy { $0 == 0 }, "\(mode): clipped to the bounds")
    }
  }

  @Test("sizeThatFits: one line's width and height, rounded up; wrapped at a width, as many lines as needed")
  func sizeThatFits() throws {
    let label = label("Release to refresh", size: 13, weight: 700, frame: .zero)
    let line = try TextLayout("Release to refresh", style: TextStyle(weight: 700, size: 13))
    #expect(try label.sizeThatFits(.zero) == CGSize(width: line.size.width.rounded(.up), height: 16))
    label.numberOfLines = 0
    let wrapped = try label.sizeThatFits(CGSize(width: 60, height: 0))
    #expect(wrapped.width <= 60)
    #expect(
      wrapped.height == (2 * Self.lineHeight(13)).rounded(.up)
        || wrapped.height == (3 * Self.lineHeight(13)).rounded(.up))
  }

  @Test("A presentation copy keeps the label's lines and line break mode")
  func copies() {
    let label = label("x", size: 12, frame: .zero)
    label.numberOfLines = 3
    label.lineBreakMode = .truncatingMiddle
    let copy = Label(layer: label)
    #expect(copy.numberOfLines == 3)
    #expect(copy.lineBreakMode == .truncatingMiddle)
    #expect(Label.typeName == "label")
    #expect(Label().fontSize == 17 && Label().foregroundColor == .black, "UILabel's defaults")
  }
}
