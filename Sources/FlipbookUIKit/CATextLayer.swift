import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - CATextLayer

/// `CATextLayer` over Flipbook's `TextLayer`: a string drawn in the system font (Inter stands in for it).
open class CATextLayer: CALayer {
  /// What the layer shows now, as a `CATextLayer` (`presentation()`).
  open override func presentation() -> CATextLayer? { presentationLayer().map(CATextLayer.init(engineLayer:)) }

  open override class func makeEngineLayer() -> Layer { TextLayer() }

  private var text: TextLayer { engineLayer as! TextLayer }

  /// The text: a `String`, or an `NSAttributedString` whose characters are drawn in the layer's font and colour.
  open var string: Any? {
    get { text.string.isEmpty ? nil : text.string }
    set {
      let value = (newValue as? String) ?? (newValue as? NSAttributedString)?.string ?? ""
      changing { text.string = value }
    }
  }
  /// The font size in points (36 by default, as in Core Animation).
  open var fontSize: CGFloat {
    get { CGFloat(text.fontSize) }
    set { changing { text.fontSize = Double(newValue) } }
  }
  /// The text colour (opaque white by default).
  open var foregroundColor: CGColor? {
    get { text.foregroundColor }
    set { changing { text.foregroundColor = newValue ?? .white } }
  }
  /// How lines sit in the bounds: `.natural` by default, which for left-to-right text is `.left`.
  open var alignmentMode: CATextLayerAlignmentMode = .natural {
    didSet { changing { text.alignmentMode = alignmentMode.engine } }
  }
  /// Whether the text wraps at the bounds' width.
  open var isWrapped: Bool {
    get { text.isWrapped }
    set { changing { text.isWrapped = newValue } }
  }
}

/// How a text layer's lines sit (`CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: Hashable, Sendable {
  let engine: TextAlignment
  let name: String
  /// The writing direction's start: left, for the left-to-right text drawn here.
  public static let natural = CATextLayerAlignmentMode(engine: .left, name: "natural")
  /// Left.
  public static let left = CATextLayerAlignmentMode(engine: .left, name: "left")
  /// Right.
  public static let right = CATextLayerAlignmentMode(engine: .right, name: "right")
  /// Centred.
  public static let center = CATextLayerAlignmentMode(engine: .center, name: "center")
  /// Stretched to both edges.
  public static let justified = CATextLayerAlignmentMode(engine: .justified, name: "justified")
}
