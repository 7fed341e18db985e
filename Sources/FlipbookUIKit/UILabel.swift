import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - UIFont

/// A system font at a size and weight (`UIFont`); Inter stands in for San Francisco.
public final class UIFont: @unchecked Sendable {
  /// The size in points.
  public let pointSize: CGFloat
  /// The CSS weight: 400 regular, 700 bold.
  let weight: Int

  init(pointSize: CGFloat, weight: Int) {
    self.pointSize = pointSize
    self.weight = weight
  }

  /// The regular system font.
  public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: 400) }
  /// The bold system font.
  public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: 700) }
  /// The system font at a weight.
  public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
    UIFont(pointSize: size, weight: weight.css)
  }

  /// A font weight (`UIFont.Weight`), as CSS numbers it.
  public struct Weight: Hashable, Sendable {
    let css: Int
    /// 100.
    public static let ultraLight = Weight(css: 100)
    /// 200.
    public static let thin = Weight(css: 200)
    /// 300.
    public static let light = Weight(css: 300)
    /// 400.
    public static let regular = Weight(css: 400)
    /// 500.
    public static let medium = Weight(css: 500)
    /// 600.
    public static let semibold = Weight(css: 600)
    /// 700.
    public static let bold = Weight(css: 700)
    /// 800.
    public static let heavy = Weight(css: 800)
    /// 900.
    public static let black = Weight(css: 900)
  }
}

// MARK: - UILabel

/// `UILabel` over Flipbook's `Label`: one line of text centred vertically in the bounds, in the system font.
open class UILabel: UIView {
  open override class var layerClass: AnyClass { LabelLayer.self }

  private var label: Label { layer.engineLayer as! Label }

  /// The text.
  open var text: String? {
    get { label.string.isEmpty ? nil : label.string }
    set { layer.changing { label.string = newValue ?? "" } }
  }
  /// The font (the 17 pt system font by default).
  open var font: UIFont! {
    get { UIFont(pointSize: CGFloat(label.fontSize), weight: label.fontWeight) }
    set {
      let font = newValue ?? .systemFont(ofSize: 17)
      layer.changing {
        label.fontSize = Double(font.pointSize)
        label.fontWeight = font.weight
      }
    }
  }
  /// The text colour (black by default).
  open var textColor: UIColor! {
    get { UIColor(cgColor: label.foregroundColor) }
    set { layer.changing { label.foregroundColor = (newValue ?? .black).cgColor } }
  }
  /// How the text sits across the bounds.
  open var textAlignment: NSTextAlignment = .natural {
    didSet { layer.changing { label.alignmentMode = textAlignment.engine } }
  }
  /// The most lines (1 by default; 0 for any number).
  open var numberOfLines: Int {
    get { label.numberOfLines }
    set { layer.changing { label.numberOfLines = newValue } }
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    label.foregroundColor = .black
    label.fontSize = 17
  }

  public required init?(coder: NSCoder) { nil }

  /// The text's size in the font, its lines wrapped at `size`'s width when `numberOfLines` allows more than
  /// one; zero without text, as in UIKit.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    guard text != nil else { return .zero }
    let limit = CGSize(width: numberOfLines == 1 ? 0 : size.width, height: 0)
    return (try? label.sizeThatFits(limit)) ?? .zero
  }
}

/// The layer a `UILabel` draws its text with.
final class LabelLayer: CALayer {
  override class func makeEngineLayer() -> Layer { Label() }
}

/// How text sits across a label (`NSTextAlignment`).
public enum NSTextAlignment: Sendable {
  /// The writing direction's start: left here.
  case natural
  /// Left.
  case left
  /// Centred.
  case center
  /// Right.
  case right
  /// Stretched to both edges.
  case justified

  var engine: TextAlignment {
    switch self {
    case .natural, .left: .left
    case .center: .center
    case .right: .right
    case .justified: .justified
    }
  }
}
