import Foundation

// MARK: - Haptics

/// A haptic a refresh view plays when it triggers (`UIImpactFeedbackGenerator`). A tap felt in the hand puts
/// nothing on the screen, on iOS as here, so it changes no frame; `impactsOccurred` counts them for tests that
/// check the view asked for one.
open class UIImpactFeedbackGenerator {
  /// How heavy the tap is (`UIImpactFeedbackGenerator.FeedbackStyle`).
  public enum FeedbackStyle: Sendable {
    /// Light.
    case light
    /// Medium.
    case medium
    /// Heavy.
    case heavy
    /// Soft.
    case soft
    /// Rigid.
    case rigid
  }

  /// The tap's weight.
  let style: FeedbackStyle
  /// How many taps the view has asked for.
  public private(set) var impactsOccurred = 0

  /// A generator of `style` taps (medium by default, as in UIKit).
  public init(style: FeedbackStyle = .medium) { self.style = style }

  /// Readies the engine for a tap soon; nothing to ready here.
  open func prepare() {}

  /// Plays a tap.
  open func impactOccurred() { impactsOccurred += 1 }

  /// Plays a tap at `intensity` (0...1).
  open func impactOccurred(intensity: CGFloat) { impactsOccurred += 1 }
}
