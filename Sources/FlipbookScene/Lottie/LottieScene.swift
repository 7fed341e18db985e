import FlipbookGraphics
import FlipbookLayers
import FlipbookLottie
import FlipbookTiming
import Foundation

// MARK: - LottieScene

/// A Lottie animation as a document: the file drawn by `LottieAnimationLayer`, paused at each frame's time, on a
/// screen of the animation's size in points, or fitted into the box `--width` and `--height` give.
///
/// Frame *i* of a render is at `i / fps` seconds, which shows the file's frame `ip + i·fr/fps` (lottie-ios's
/// `currentTime`), so at the file's own rate every whole frame from the in point up to the out point is drawn.
/// A still at progress *p* shows frame `ip + (op − ip)·p`, as `currentProgress` does.
public final class LottieScene {
  /// The decoded animation.
  public let animation: LottieAnimation
  /// The layer drawing it, paused at the time last advanced to.
  public let animationLayer: LottieAnimationLayer
  /// The screen: the animation's box, with the animation layer fitted in it.
  public let root: Layer
  /// The screen in points.
  public let size: CGSize
  /// Pixels per point.
  public let scale: Double
  /// What Flipbook draws differently from the file's intent, as iOS does: one line per feature and layer.
  public let notes: [String]

  /// A screen of `size` points showing `animation` fitted in it (scale aspect fit, centred, as a
  /// `LottieAnimationView`'s default content mode), drawn with `layer`.
  init(animation: LottieAnimation, layer: LottieAnimationLayer, size: CGSize, scale: Double) {
    self.animation = animation
    self.animationLayer = layer
    self.size = size
    self.scale = scale
    let root = Layer()
    root.bounds = CGRect(origin: .zero, size: size)
    root.anchorPoint = .zero
    layer.anchorPoint = .zero
    layer.fit(into: size)
    root.addSublayer(layer)
    self.root = root
    self.notes = layer.issues.map { "\($0.feature) (\($0.location))" }
  }

  /// Nothing is painted behind the animation: its own solids and shapes are the picture.
  public var background: Color? { nil }
  /// The file's frame rate.
  public var fps: Double { animation.framerate }
  /// From the in point to the out point, in seconds.
  public var duration: Double { animation.duration }

  /// Pauses the animation at `time` seconds after its in point.
  public func advance(to time: Rational) {
    animationLayer.currentTime = time.seconds
  }
}
