import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - ScrollLayer

/// The layer behind a `ScrollView`: its `bounds.origin` is the content offset, and it carries the
/// content inset as an animatable property, so that a view animation block changing `contentInset`
/// animates it exactly as it animates any layer property (EGO's 0.2 s and 0.3 s inset animations).
public final class ScrollLayer: Layer {
  public var contentInset: EdgeInsets = .zero {
    didSet { if oldValue != contentInset { propertyDidChange(.contentInset, from: oldValue) } }
  }

  public override init() { super.init() }

  public required init(layer: Layer) {
    super.init(layer: layer)
    if let scroll = layer as? ScrollLayer { contentInset = scroll.contentInset }
  }

  public override class var typeName: String { "scroll" }
}

extension AnimationKeyPath where Value == EdgeInsets {
  /// A scroll view's `contentInset`.
  public static let contentInset = AnimationKeyPath(
    "contentInset", applies: { $0 is ScrollLayer }, get: { ($0 as? ScrollLayer)?.contentInset ?? .zero },
    set: { ($0 as? ScrollLayer)?.contentInset = $1 })
}
