// MARK: - RenderLimits

/// The safety limits a caller may lift, which rendering and inspecting share: `allowLarge` lets a render
/// past `RenderBudget` start, `allowOutsideFiles` lets a scene's `contents` files lie outside its folder.
/// Both are off by default, so a typo or a hostile document fails in a line instead of running for hours
/// or reading files it should not; `flipbook` sets them from `--allow-large` and `--allow-outside-files`.
public struct RenderLimits: Equatable, Sendable {
  /// Run even past the work budget.
  public var allowLarge = false
  /// Let a scene's contents files lie outside the document's folder.
  public var allowOutsideFiles = false

  /// The limits as given, by default all in force.
  public init(allowLarge: Bool = false, allowOutsideFiles: Bool = false) {
    self.allowLarge = allowLarge
    self.allowOutsideFiles = allowOutsideFiles
  }
}
