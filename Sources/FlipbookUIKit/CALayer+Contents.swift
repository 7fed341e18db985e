import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Contents and mask

extension CALayer {
  /// The image the layer shows (`contents`): a `CGImage`, as `UIImage.cgImage` gives it. Anything else stops the
  /// program, naming it, where Core Animation would show nothing.
  public var contents: Any? {
    get { engineLayer.contents }
    set {
      guard let newValue else { return changing { engineLayer.contents = nil } }
      guard let image = newValue as? CGImage else {
        preconditionFailure("contents: a \(type(of: newValue)) is not a CGImage")
      }
      changing { engineLayer.contents = image }
    }
  }

  /// How `contents` sits in the bounds (`contentsGravity`; `.resize` by default).
  public var contentsGravity: CALayerContentsGravity {
    get { CALayerContentsGravity(engine: engineLayer.contentsGravity) }
    set { engineLayer.contentsGravity = newValue.engine }
  }

  /// A layer whose alpha, and only its alpha, masks this one (`mask`); it is not a sublayer.
  public var mask: CALayer? {
    get { maskObject }
    set {
      newValue?.removeFromSuperlayer()
      maskObject = newValue
      engineLayer.mask = newValue?.engineLayer
    }
  }
}

/// Where a layer's contents sit (`CALayerContentsGravity`), by Core Animation's names, which on iOS, where contents
/// are flipped, put `top` against the bottom edge and `bottom` against the top (the "Important" note of
/// https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity); a view's `contentMode` names the
/// edge as seen.
public struct CALayerContentsGravity: Hashable, Sendable {
  let engine: ContentsGravity
  init(engine: ContentsGravity) { self.engine = engine }

  /// Centred, unscaled.
  public static let center = Self(engine: .center)
  /// Against the bottom edge on iOS, unscaled.
  public static let top = Self(engine: .top)
  /// Against the top edge on iOS, unscaled.
  public static let bottom = Self(engine: .bottom)
  /// Against the left, unscaled.
  public static let left = Self(engine: .left)
  /// Against the right, unscaled.
  public static let right = Self(engine: .right)
  /// In the top left corner, unscaled.
  public static let topLeft = Self(engine: .topLeft)
  /// In the top right corner, unscaled.
  public static let topRight = Self(engine: .topRight)
  /// In the bottom left corner, unscaled.
  public static let bottomLeft = Self(engine: .bottomLeft)
  /// In the bottom right corner, unscaled.
  public static let bottomRight = Self(engine: .bottomRight)
  /// Stretched to the bounds.
  public static let resize = Self(engine: .resize)
  /// Scaled to fit, keeping its aspect.
  public static let resizeAspect = Self(engine: .resizeAspect)
  /// Scaled to fill, keeping its aspect.
  public static let resizeAspectFill = Self(engine: .resizeAspectFill)
}
