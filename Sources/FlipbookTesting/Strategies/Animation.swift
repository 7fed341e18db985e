import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookScene
import Foundation

// MARK: - Animations

/// Every frame of a document with how long each shows: what `.animation(fps:)` snapshots, stored as one
/// animated PNG with one stored frame per frame (so the file keeps the timing exactly) and compared frame
/// by frame, pixels and timing both.
public struct AnimationFrames: Sendable {
  /// The frames in order, as the screen shows them.
  public var frames: [Image]
  /// How long each frame shows, exactly (1/10 s, not 0.1).
  public var durations: [Rational]

  /// Frames at a steady rate.
  public init(fps: Double, frames: [Image]) {
    self.frames = frames
    let period = Rational(decimal: fps).flatMap { Rational.one / $0 } ?? .zero
    durations = Array(repeating: period, count: frames.count)
  }

  /// Frames with a duration each (as an animated PNG stores them).
  public init(frames: [Image], durations: [Rational]) {
    precondition(frames.count == durations.count, "one duration per frame")
    self.frames = frames
    self.durations = durations
  }

  /// The rate of the first frame (frames per second).
  public var fps: Double { durations.first.map { $0.seconds > 0 ? 1 / $0.seconds : 0 } ?? 0 }

  /// When frame `index` starts, in seconds from the first.
  func start(ofFrame index: Int) -> Rational { durations.prefix(index).reduce(.zero, +) }
}

extension Diffing where Value == AnimationFrames {
  /// Frames stored as an animated PNG and compared one by one on decoded pixels and exact durations.
  /// Reports like "3 of 40 frames differ (first: frame 12 at 1/5 s, 1.3 % of pixels)", "Timing differs for 1
  /// frame (first: frame 3 shows for 1/5 s, expected 1/10 s)", and frame counts or sizes that do not match.
  public static func animation(tolerance: ImageTolerance = .strict) -> Diffing {
    Diffing(
      toData: { animation in
        try AnimatedPNG.encode(
          zip(animation.frames, animation.durations).map { AnimatedPNG.Frame(image: $0, duration: $1) },
          options: .smallest, mergeIdentical: false)
      },
      fromData: { data in
        let decoded = try AnimatedPNG.decode(data, source: "reference").frames
        return AnimationFrames(frames: decoded.map(\.image), durations: decoded.map(\.duration))
      },
      diff: { reference, actual in AnimationComparison.compare(reference, actual, tolerance: tolerance) })
  }
}

enum AnimationComparison {
  static func compare(_ reference: AnimationFrames, _ actual: AnimationFrames, tolerance: ImageTolerance)
    -> DiffFailure?
  {
    guard reference.frames.count == actual.frames.count else {
      return DiffFailure(
        message:
          "Frame counts differ: the reference has \(reference.frames.count) frames "
          + "(\(reference.start(ofFrame: reference.frames.count)) s), the new animation \(actual.frames.count) "
          + "(\(actual.start(ofFrame: actual.frames.count)) s at \(JSONValue.format(actual.fps)) fps).")
    }
    var lines: [String] = []
    let retimed = zip(reference.durations, actual.durations).enumerated().filter { $1.0 != $1.1 }
    if let first = retimed.first {
      let count = retimed.count == 1 ? "1 frame" : "\(retimed.count) frames"
      lines.append(
        "Timing differs for \(count) (first: frame \(first.offset) shows for \(first.element.1) s, "
          + "expected \(first.element.0) s)")
    }
    var differing: [(index: Int, comparison: ImageComparison)] = []
    for (index, (expected, new)) in zip(reference.frames, actual.frames).enumerated() {
      let comparison = ImageComparison.compare(expected, new, tolerance: tolerance)
      if !comparison.passes { differing.append((index, comparison)) }
    }
    var artifacts: [SnapshotArtifact] = []
    if let first = differing.first {
      let detail =
        first.comparison.sizeMatches
        ? String(format: "%.1f %% of pixels", first.comparison.differingRatio * 100) : first.comparison.summary
      lines.insert(
        "\(differing.count) of \(actual.frames.count) frames differ (first: frame \(first.index) at "
          + "\(actual.start(ofFrame: first.index)) s, \(detail))", at: 0)
      artifacts = ImageArtifacts.make(
        expected: reference.frames[first.index], actual: actual.frames[first.index], tolerance: tolerance,
        prefix: "frame\(first.index)-")
    }
    guard !lines.isEmpty else { return nil }
    return DiffFailure(message: lines.joined(separator: "\n"), artifacts: artifacts)
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == AnimationFrames {
  /// A whole document, `from` up to (not including) `to` (default: its duration) at `fps` (default: the
  /// document's own rate, a Lottie file's `fr`), stored as one animated PNG whose delays are the exact frame
  /// period, and compared frame by frame. Frame i is at `from + i/fps`, exactly, as `flipbook render` places it.
  public static func animation(
    fps: Double? = nil, from: Double = 0, to: Double? = nil, scale: Double? = nil, tolerance: ImageTolerance = .strict
  ) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .animation(tolerance: tolerance)) { document in
      let loaded = try document.make()
      let steps = try FrameSteps(loaded, fps: fps, from: from, to: to)
      var frames: [Image] = []
      for i in 0..<steps.count {
        let time = steps.time(ofFrame: i)
        loaded.advance(to: time)
        frames.append(try Documents.render(loaded, atExactly: time, scale: scale))
      }
      return AnimationFrames(frames: frames, durations: Array(repeating: steps.period, count: frames.count))
    }
  }
}
