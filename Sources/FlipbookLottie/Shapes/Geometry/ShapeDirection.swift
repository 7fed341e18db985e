// MARK: - ShapeDirection

/// Which way a rectangle, ellipse or polystar is walked (a shape item's `d`), which decides where a trim or a
/// dash starts and how overlapping shapes wind. Values as lottie-ios's `PathDirection`
/// (lottie-ios Sources/Private/Model/ShapeItems/Ellipse.swift, 4.6.1); only 3 reverses the path.
enum ShapeDirection: Int, Hashable, Sendable, CaseIterable {
  /// After Effects' default: clockwise on screen.
  case clockwise = 1
  /// Clockwise, chosen explicitly in After Effects; drawn as `clockwise`.
  case userSetClockwise = 2
  /// Reversed: counter-clockwise on screen.
  case counterClockwise = 3

  /// Whether the builders walk their vertices backwards.
  var isReversed: Bool { self == .counterClockwise }
}
