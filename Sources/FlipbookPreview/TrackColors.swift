import FlipbookGraphics

// MARK: - TrackColors

/// The colours of timeline tracks, shared by `TrackPlot` (Cairo) and the HTML player's script, so a
/// state is the same colour in every picture of it.
public enum TrackColors {
  /// A state's colour by what it means, whichever component names it: resting grey, pulling amber, armed
  /// green, working blue, finishing violet. EGO's `pulling` is its armed state ("Release to refresh"),
  /// but reads as the pull it is named after.
  static let byMeaning: [String: Color] = [
    "normal": Color(hex: "#D9D9D9")!, "idle": Color(hex: "#D9D9D9")!,
    "pulling": Color(hex: "#F6C453")!,
    "armed": Color(hex: "#8CCB7E")!,
    "loading": Color(hex: "#7FB2E5")!, "refreshing": Color(hex: "#7FB2E5")!,
    "finishing": Color(hex: "#C3A6E0")!,
  ]
  /// For states of other names, in the order the component lists them.
  static let others: [Color] = ["#F2A07B", "#86D0C8", "#E59ACB", "#B7C36B"].map { Color(hex: $0)! }

  /// The colour of `state`, one of `states` (the component's list, which fixes the fallback order).
  public static func color(of state: String, among states: [String]) -> Color {
    if let known = byMeaning[state] { return known }
    let unnamed = states.filter { byMeaning[$0] == nil }
    return others[(unnamed.firstIndex(of: state) ?? 0) % others.count]
  }

  /// The curves, one per series in order.
  static let curves: [Color] = ["#2B6CD4", "#D4462B", "#1E9E5A", "#8A4FD0"].map { Color(hex: $0)! }
  /// Threshold lines and their labels.
  public static let threshold = Color(hex: "#C0392B")!
  /// The finger's down and up marks.
  public static let touch = Color(hex: "#555555")!
  /// Grid lines, axes and their labels.
  static let grid = Color(white: 0.88)
  static let axis = Color(white: 0.45)
  static let text = Color(white: 0.2)

  /// `#RRGGBB`, for the player's script.
  static func hex(_ color: Color) -> String {
    func byte(_ value: Double) -> String {
      let digits = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
  }
}
