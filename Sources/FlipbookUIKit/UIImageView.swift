import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - UIImageView

/// `UIImageView`: a view showing an image as its layer's contents, placed by `contentMode` (stretched to the
/// bounds by default, as in UIKit).
open class UIImageView: UIView {
  /// The image shown.
  open var image: UIImage? {
    didSet { show(image) }
  }

  /// A view the size of `image` showing it (`UIImageView(image:)`).
  public init(image: UIImage?) {
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
    show(image)
  }

  /// Makes `image` the layer's contents (property observers do not run in the view's own initializer).
  private func show(_ image: UIImage?) {
    layer.changing {
      layer.engineLayer.contents = image?.cgImage
      layer.engineLayer.contentsScale = Double(image?.scale ?? 1)
    }
  }

  public override init(frame: CGRect) { super.init(frame: frame) }

  public required init?(coder: NSCoder) { nil }

  /// The image's size: what `sizeToFit()` makes the view.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}

// MARK: - Content mode

extension UIView {
  /// How a view's contents are placed in its bounds (`UIView.ContentMode`), as its layer's `contentsGravity`;
  /// `top` is the top of the screen.
  public enum ContentMode: Sendable {
    /// Stretched to the bounds.
    case scaleToFill
    /// Scaled to fit, keeping its aspect.
    case scaleAspectFit
    /// Scaled to fill, keeping its aspect.
    case scaleAspectFill
    /// Stretched, as `scaleToFill` (views here draw no content of their own to redraw).
    case redraw
    /// Centred, unscaled.
    case center
    /// At the top, unscaled.
    case top
    /// At the bottom, unscaled.
    case bottom
    /// At the left, unscaled.
    case left
    /// At the right, unscaled.
    case right
    /// At the top left, unscaled.
    case topLeft
    /// At the top right, unscaled.
    case topRight
    /// At the bottom left, unscaled.
    case bottomLeft
    /// At the bottom right, unscaled.
    case bottomRight

    var gravity: ContentsGravity {
      switch self {
      case .scaleToFill, .redraw: .resize
      case .scaleAspectFit: .resizeAspect
      case .scaleAspectFill: .resizeAspectFill
      case .center: .center
      // Core Animation's vertical gravity names are upside down on iOS (contents are flipped), UIKit's are not.
      case .top: .bottom
      case .bottom: .top
      case .left: .left
      case .right: .right
      case .topLeft: .bottomLeft
      case .topRight: .bottomRight
      case .bottomLeft: .topLeft
      case .bottomRight: .topRight
      }
    }
  }
}
