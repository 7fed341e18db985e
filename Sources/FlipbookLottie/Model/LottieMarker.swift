// MARK: - LottieMarker

/// A named point or span of the timeline (`markers[]`: `cm` name, `tm` frame, `dr` duration in frames), which apps
/// play between (lottie-ios `Marker`).
public struct LottieMarker: Hashable, Sendable {
  /// The marker's name (`cm`).
  public var name: String
  /// Its frame (`tm`).
  public var frame: Double
  /// Its length in frames (`dr`), 0 for a point.
  public var duration: Double

  /// A marker.
  public init(name: String, frame: Double, duration: Double) {
    self.name = name
    self.frame = frame
    self.duration = duration
  }

  /// The frame where the span ends.
  public var endFrame: Double { frame + duration }
}
