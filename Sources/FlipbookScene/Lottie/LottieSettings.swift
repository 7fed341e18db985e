import Foundation

// MARK: - LottieSettings

/// How a Lottie file becomes a screen: the box it is fitted into (the command's `--width` and `--height`, in
/// points), whether a feature iOS does not draw is an error (`--strict`) rather than a warning, and the fonts the
/// animation is given with (`--fonts`).
///
/// With neither size the screen is the animation's own size (`w` × `h`). With one, the screen has that width (or
/// height) and the other side in proportion. With both, the screen is that box and the animation is fitted in it
/// keeping its aspect and centred, as a `LottieAnimationView` of that frame shows it (its default content mode,
/// scale aspect fit): lottie-ios's snapshot references are the file fitted into 500 points at scale 2.
public struct LottieSettings: Equatable, Sendable {
  /// The screen's width in points; nil: from the height, or the animation's.
  public var width: Double?
  /// The screen's height in points; nil: from the width, or the animation's.
  public var height: Double?
  /// Whether an unsupported feature fails the load instead of being named in a warning.
  public var strict: Bool
  /// Font files, or folders of them, registered before the animation is built: a text whose font name (`fName`,
  /// a PostScript name) is one of theirs is drawn in it, as iOS draws an app's registered fonts.
  public var fonts: [String]

  /// The animation's own size, unsupported features named in warnings, no fonts of its own.
  public init(width: Double? = nil, height: Double? = nil, strict: Bool = false, fonts: [String] = []) {
    self.width = width
    self.height = height
    self.strict = strict
    self.fonts = fonts
  }

  /// The screen for an animation of `natural` size.
  public func screen(for natural: CGSize) -> CGSize {
    switch (width, height) {
    case (let w?, let h?): CGSize(width: w, height: h)
    case (let w?, nil): CGSize(width: w, height: natural.height * w / max(natural.width, 1))
    case (nil, let h?): CGSize(width: natural.width * h / max(natural.height, 1), height: h)
    case (nil, nil): natural
    }
  }
}
