import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - View

/// A small `UIView`: a layer with a frame, subviews, background, alpha and hidden, plus a layout hook.
///
/// Its layer is a view layer: it does not animate implicitly, only inside a view animation block
/// (`AnimationContext.animate(withDuration:…)`), exactly as UIKit's views behave.
open class View {
  /// The view's backing layer.
  public let layer: Layer
  /// The views inside this one, back to front, as their layers are ordered.
  public private(set) var subviews: [View] = []
  /// The view this one is inside; weak, so a view does not keep its parent alive.
  public private(set) weak var superview: View?

  /// A view on `layer` (a plain layer unless a subclass brings its own), which becomes a view layer:
  /// centred anchor, no implicit animations.
  public init(frame: CGRect = .zero, layer: Layer = Layer()) {
    self.layer = layer
    layer.isViewLayer = true
    layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
    layer.frame = frame
  }

  /// Position and size in the superview's coordinates (the layer's frame).
  public var frame: CGRect {
    get { layer.frame }
    set {
      let oldSize = layer.bounds.size
      layer.frame = newValue
      if oldSize != newValue.size { setNeedsLayout() }
    }
  }

  /// The view's own coordinate space; its origin scrolls the subviews.
  public var bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }

  /// The centre of the frame in the superview's coordinates (the layer's position).
  public var center: CGPoint {
    get { layer.position }
    set { layer.position = newValue }
  }

  /// The colour filling the bounds (the layer's), nil for none.
  public var backgroundColor: Color? {
    get { layer.backgroundColor }
    set { layer.backgroundColor = newValue }
  }

  /// `alpha`: the layer's opacity.
  public var alpha: Double {
    get { layer.opacity }
    set { layer.opacity = newValue }
  }

  /// Whether the view and its subviews are left out of drawing (the layer's `isHidden`).
  public var isHidden: Bool {
    get { layer.isHidden }
    set { layer.isHidden = newValue }
  }

  /// Whether subviews are cut to the bounds (the layer's `masksToBounds`).
  public var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  // MARK: Hierarchy

  /// Adds `view` in front of the other subviews, taking it from its old superview first.
  public func addSubview(_ view: View) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    layer.addSublayer(view.layer)
  }

  /// Inserts `view` at `index` among the subviews (clamped to the valid range), taking it from its old
  /// superview first.
  public func insertSubview(_ view: View, at index: Int) {
    view.removeFromSuperview()
    let i = min(max(index, 0), subviews.count)
    subviews.insert(view, at: i)
    view.superview = self
    if i + 1 < subviews.count {
      layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
    } else {
      layer.addSublayer(view.layer)
    }
  }

  /// Moves `view`, a subview, above its siblings (`bringSubviewToFront(_:)`).
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self, subviews.last !== view else { return }
    addSubview(view)
  }

  /// Takes the view and its layer out of its superview; does nothing when it has none.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    layer.removeFromSuperlayer()
  }

  // MARK: Layout

  private var needsLayout = true

  /// Marks the view for `layoutSubviews()` at the next `layoutIfNeeded()`.
  public func setNeedsLayout() { needsLayout = true }

  /// Runs `layoutSubviews()` here and below where marked, parents first (as UIKit's layout pass does).
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for view in subviews { view.layoutIfNeeded() }
  }

  /// Override to place subviews; the default does nothing.
  open func layoutSubviews() {}
}
