import FlipbookGraphics
import Foundation

// MARK: - MJRefreshGifImages

/// A gif header's images per state and how long a loop of each takes (`setImages:duration:forState:`).
public struct MJRefreshGifImages: Hashable, Sendable {
  /// An image with the scale it was drawn at (from its `@2x`-style name).
  public struct Frame: Hashable, Sendable {
    /// The image's pixels.
    public var image: Image
    /// Its pixels per point (2 for an `@2x` file).
    public var scale: Double

    /// `image`, drawn at `scale` pixels per point.
    public init(image: Image, scale: Double) {
      self.image = image
      self.scale = scale
    }
  }

  /// The images of each state that has some.
  public var frames: [MJRefreshState: [Frame]]
  /// Each state's loop duration, when not the default `count × 0.1` s.
  public var durations: [MJRefreshState: Double]

  /// Images per state, with loop durations for the states that do not take `count × 0.1` s.
  public init(frames: [MJRefreshState: [Frame]], durations: [MJRefreshState: Double] = [:]) {
    self.frames = frames
    self.durations = durations
  }

  /// The loop duration of `state`: given, or `count × 0.1` s (`setImages:forState:`).
  public func duration(for state: MJRefreshState) -> Double {
    durations[state] ?? Double(frames[state]?.count ?? 0) * MJRefreshMetrics.gifFrameDuration
  }

  /// The tallest first image of a state, in points: the header grows to it.
  var tallestFirstImage: Double {
    frames.values.compactMap { $0.first.map { Double($0.image.height) / $0.scale } }.max() ?? 0
  }
}
