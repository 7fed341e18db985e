import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - ScrollLayer

/// The layer behind a `ScrollView`: its `bounds.origin` is the content offset, and it carries the
/// content inset.
///
/// The scroll view's physics always uses the inset as set, as UIKit's `contentInset` changes at once; what
/// moves on screen is the content offset the scroll view adjusts (animated inside a view animation block).
/// The inset is still an animatable property here, so that a view animation block that changes it lasts
/// its duration and runs its completion at the end: UIKit's does too, because the scroll indicators it
/// lays out from the inset animate (the airplane view ends its refresh in such a completion, 4 s later).
public final class ScrollLayer: Layer {
  /// The scroll view's `contentInset`, kept on the layer so that changing it inside a view animation block
  /// is an animation with a duration and a completion.
  public var contentInset: EdgeInsets = .zero {
    didSet { if oldValue != contentInset { propertyDidChange(.contentInset, from: oldValue) } }
  }

  /// A scroll layer with no inset.
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
