import FlipbookGraphics
import FlipbookJSON
import FlipbookScene
import Foundation

// MARK: - Animations

/// Every frame of a document at a fixed rate: what `.animation(fps:)` snapshots, stored as one animated
/// PNG and compared frame by frame.
public struct AnimationFrames: Sendable {
  public var fps: Double
  public var frames: [Image]

  public init(fps: Double, frames: [Image]) {
    self.fps = fps
    self.frames = frames
  }
}

extension Diffing where Value == AnimationFrames {
  /// Frames stored as an animated PNG (identical frames merged into longer delays, changed regions cropped)
  /// and compared one by one on decoded pixels. Reports like "3 of 40 frames differ (first: frame 12 at
  /// 0.2 s, 1.3 % of pixels)", and frame counts, rates or sizes that do not match.
  public static func animation(tolerance: ImageTolerance = .strict) -> Diffing {
    Diffing(
      toData: { animation in
        let delay = 1 / animation.fps
        return try AnimatedPNG.encode(
          animation.frames.map { AnimatedPNG.Frame(image: $0, delay: delay) }, options: .smallest)
      },
      fromData: { data in
        let decoded = try AnimatedPNG.decode(data, source: "reference")
        return AnimationFrames.expanding(decoded.frames)
      },
      diff: { reference, actual in AnimationComparison.compare(reference, actual, tolerance: tolerance) })
  }
}

extension AnimationFrames {
  /// Undoes the merging of identical frames: a frame shown for k frame periods becomes k frames. The rate
  /// is the shortest delay's (every merged delay is a whole number of it).
  static func expanding(_ stored: [AnimatedPNG.Frame]) -> AnimationFrames {
    guard let shortest = stored.map(\.delay).filter({ $0 > 0 }).min() else {
      return AnimationFrames(fps: 1, frames: [])
    }
    var frames: [Image] = []
    for frame in stored {
      let count = max(1, Int((frame.delay / shortest).rounded()))
      frames += Array(repeating: frame.image, count: count)
    }
    return AnimationFrames(fps: 1 / shortest, frames: frames)
  }
}

enum AnimationComparison {
  static func compare(_ reference: AnimationFrames, _ actual: AnimationFrames, tolerance: ImageTolerance)
    -> DiffFailure?
  {
    // The stored rate is rebuilt from the shortest delay, so only the frame count is compared strictly.
    guard reference.frames.count == actual.frames.count else {
      return DiffFailure(
        message:
          "Frame counts differ: the reference has \(reference.frames.count) frames, the new animation "
          + "\(actual.frames.count) (at \(JSONValue.format(actual.fps)) fps).")
    }
    var differing: [(index: Int, comparison: ImageComparison)] = []
    for (index, (expected, new)) in zip(reference.frames, actual.frames).enumerated() {
      let comparison = ImageComparison.compare(expected, new, tolerance: tolerance)
      if !comparison.passes { differing.append((index, comparison)) }
    }
    guard let first = differing.first else { return nil }
    let time = Double(first.index) / actual.fps
    let detail =
      first.comparison.sizeMatches
      ? String(format: "%.1f %% of pixels", first.comparison.differingRatio * 100) : first.comparison.summary
    let message =
      "\(differing.count) of \(actual.frames.count) frames differ (first: frame \(first.index) at "
      + "\(JSONValue.format(time)) s, \(detail))"
    let artifacts = ImageArtifacts.make(
      expected: reference.frames[first.index], actual: actual.frames[first.index], tolerance: tolerance,
      prefix: "frame\(first.index)-")
    return DiffFailure(message: message, artifacts: artifacts)
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == AnimationFrames {
  /// A whole document, `from` up to (not including) `to` (default: its duration) at `fps`, stored as one
  /// animated PNG and compared frame by frame.
  public static func animation(
    fps: Double, from: Double = 0, to: Double? = nil, scale: Double? = nil, tolerance: ImageTolerance = .strict
  ) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .animation(tolerance: tolerance)) { document in
      let loaded = try document.make()
      let end = to ?? loaded.duration
      let count = max(1, Int(((end - from) * fps - 1e-9).rounded(.up)))
      var frames: [Image] = []
      for i in 0..<count {
        frames.append(try Documents.render(loaded, at: from + Double(i) / fps, scale: scale))
      }
      return AnimationFrames(fps: fps, frames: frames)
    }
  }
}
