import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - ActivityIndicatorView

/// `UIActivityIndicatorView` in its gray and white styles: 20x20 pt, 12 spokes 2 pt wide from radius 4 to 10 with
/// rounded ends, the leading spoke opaque and the others fading to 0.3 behind it (alpha 0.3 + 0.7·i/12) — the
/// geometry of Chameleon's `UIActivityIndicatorView.m` (https://github.com/BigZaphod/Chameleon). Animating, the
/// highlight steps one spoke clockwise every 1/12 s — discrete, not continuous — one turn a second, starting at 9
/// o'clock as on iOS 7 and later (observed on devices, as Mark Meretzky's iOS course notes at markmeretzky.com
/// describe; Chameleon turns in 0.8 s). `hidesWhenStopped` (default true, Apple's `hidesWhenStopped` page) hides
/// it when stopped. The manual's Fidelity article lists what here is observed rather than documented.
public final class ActivityIndicatorView: View {
  /// UIKit's small indicator styles, which differ only in colour.
  public enum Style: String, CaseIterable, Sendable {
    /// Gray spokes, for light backgrounds (`UIActivityIndicatorViewStyleGray`).
    case gray
    /// White spokes, for dark backgrounds (`UIActivityIndicatorViewStyleWhite`).
    case white
    /// 50 % white for gray (`grayColor`), white for white.
    var color: Color { self == .gray ? .gray : .white }
  }

  /// The indicator's side, in points (UIKit's gray and white styles).
  public static let side = 20.0
  /// Spokes, and steps per turn.
  public static let spokeCount = 12
  /// One full turn of the highlight, in seconds.
  public static let turnDuration = 1.0
  static let spokeWidth = 2.0
  static let innerRadius = 4.0
  static let outerRadius = 10.0

  /// Setting the style also sets `color` to the style's.
  public var style: Style {
    didSet { color = style.color }
  }
  /// The spokes' colour (`UIActivityIndicatorView.color`, iOS 5): the style's unless set.
  public var color: Color {
    didSet { recolourSpokes() }
  }
  /// Whether the indicator hides while stopped (UIKit's default, true); APL's view keeps it showing.
  public var hidesWhenStopped = true {
    didSet { updateVisibility() }
  }
  /// Whether the spokes are turning.
  public private(set) var isAnimating = false
  /// The layer the spokes turn in; its rotation animation is what `startAnimating` adds.
  let wheel = Layer()

  /// A stopped 20 pt indicator of `style` at `origin`.
  public init(style: Style = .gray, origin: CGPoint = .zero) {
    self.style = style
    color = style.color
    super.init(frame: CGRect(origin: origin, size: CGSize(width: Self.side, height: Self.side)))
    layer.name = "activityIndicator"
    wheel.name = "spokes"
    wheel.frame = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
    let center = Self.side / 2
    for i in 0..<Self.spokeCount {
      // Spoke 11 is the leading one, at 9 o'clock; the others trail anticlockwise behind it.
      let angle = Double.pi + Double(i - (Self.spokeCount - 1)) * 2 * .pi / Double(Self.spokeCount)
      let spoke = ShapeLayer()
      spoke.name = "spoke \(i)"
      spoke.frame = wheel.bounds
      var path = Path()
      path.move(to: CGPoint(x: center + Self.innerRadius * cos(angle), y: center + Self.innerRadius * sin(angle)))
      path.addLine(
        to: CGPoint(x: center + (Self.outerRadius - 1) * cos(angle), y: center + (Self.outerRadius - 1) * sin(angle)))
      spoke.path = path
      spoke.fillColor = nil
      spoke.strokeColor = style.color
      spoke.lineWidth = Self.spokeWidth
      spoke.lineCap = .round
      spoke.opacity = 0.3 + 0.7 * Double(i + 1) / Double(Self.spokeCount)
      wheel.addSublayer(spoke)
    }
    layer.addSublayer(wheel)
    updateVisibility()
  }

  /// Starts stepping the highlight: a discrete keyframe animation of the wheel's rotation, one step per
  /// 1/12 s, from now.
  public func startAnimating() {
    guard !isAnimating else { return }
    isAnimating = true
    var turn = KeyframeAnimation(
      keyPath: .rotationZ,
      values: (0..<Self.spokeCount).map { Double($0) * 2 * .pi / Double(Self.spokeCount) },
      duration: Self.turnDuration)
    turn.calculationMode = .discrete
    turn.timing.repeatCount = .infinity
    try? wheel.add(turn, forKey: "spin")
    updateVisibility()
  }

  /// Stops the spokes (and hides the indicator when `hidesWhenStopped`); does nothing when stopped.
  public func stopAnimating() {
    guard isAnimating else { return }
    isAnimating = false
    wheel.removeAnimation(forKey: "spin")
    updateVisibility()
  }

  /// Spokes are plain layers: recoloured without their implicit animation, as UIKit changes them.
  private func recolourSpokes() {
    layer.withActionsDisabled {
      for case let spoke as ShapeLayer in wheel.sublayers { spoke.strokeColor = color }
    }
  }

  private func updateVisibility() {
    // Shown or hidden at once, never faded: UIKit changes `hidden` outside any animation.
    let hidden = hidesWhenStopped && !isAnimating
    if layer.isHidden != hidden { layer.isHidden = hidden }
  }
}
