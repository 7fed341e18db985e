import FlipbookGraphics
import FlipbookJSON
import FlipbookScene
import FlipbookSnapshotHygiene
import FlipbookTiming

// MARK: - Frames at refresh progress points

extension Snapshotting where Value == SnapshotDocument, Format == Image {
  /// lottie-ios's own snapshot points: progress 0, 0.25, 0.5, 0.75 and 1 (its `SnapshotTests.swift`).
  public static let lottieProgressPoints = [0, 0.25, 0.5, 0.75, 1.0]

  /// One reference per progress point, named `p<progress>` (`p0.25`; a file name shows `p0-25`), for use with
  /// `assertSnapshots(of:as:)`:
  ///
  /// - for a Lottie animation (a JSON file, a dotLottie archive or an overrides document), the animation paused
  ///   at that progress as lottie-ios's `currentProgress` shows it: frame `ip + (op − ip)·p`, 1 being the out
  ///   point; by default at lottie-ios's own points (``lottieProgressPoints``);
  /// - for a gesture script with a refresh component, the frame (at the script's rate) where the refresh progress
  ///   first reaches each value. A point the pull never reaches fails, naming the furthest it got.
  ///
  /// `tolerance` may be `.precision(_:perceptualPrecision:)`, swift-snapshot-testing's metric, as lottie-ios
  /// judges its snapshots.
  public static func frames(
    atProgress points: [Double] = lottieProgressPoints, scale: Double? = nil, tolerance: ImageTolerance = .strict
  ) -> [String: Snapshotting] {
    Dictionary(
      points.map { point in
        (
          SnapshotFileName.progressKey(JSONValue.format(point)),
          Snapshotting<Image, Image>.image(tolerance: tolerance).pullback { (document: SnapshotDocument) in
            let loaded = try document.make()
            if case .lottie(let scene) = loaded {
              // Set as lottie-ios sets it, not through a time, whose decimal round trip can miss a frame.
              scene.animationLayer.currentProgress = point
              return try Documents.render(loaded, atExactly: .zero, scale: scale)
            }
            return try RefreshProgressSearch.frame(reaching: point, in: loaded, origin: document.origin, scale: scale)
          }
        )
      }, uniquingKeysWith: { first, _ in first })
  }
}

extension Snapshotting where Value == SnapshotDocument, Format == Image {
  /// One reference per frame of a Lottie animation, named `f<frame>` (`f12`, `f22.5`; a file name shows `f22-5`):
  /// the animation paused at that frame as lottie-ios's `currentFrame` shows it, for use with
  /// `assertSnapshots(of:as:)`. A frame outside the file's in and out points fails, naming them.
  public static func frames(
    atFrames frames: [Double], scale: Double? = nil, tolerance: ImageTolerance = .strict
  ) -> [String: Snapshotting] {
    Dictionary(
      frames.map { frame in
        (
          SnapshotFileName.frameKey(JSONValue.format(frame)),
          Snapshotting<Image, Image>.image(tolerance: tolerance).pullback { (document: SnapshotDocument) in
            let loaded = try document.make()
            guard case .lottie(let scene) = loaded else {
              throw SnapshotError("\(document.origin) is not a Lottie animation, so it has no frames to pause at")
            }
            let animation = scene.animation
            guard frame >= animation.startFrame, frame <= animation.endFrame else {
              throw SnapshotError(
                "frame \(JSONValue.format(frame)) is outside \(document.origin), which runs from frame "
                  + "\(JSONValue.format(animation.startFrame)) to \(JSONValue.format(animation.endFrame))")
            }
            // Set as lottie-ios sets it, not through a time, whose decimal round trip can miss a frame.
            scene.animationLayer.currentFrame = frame
            return try Documents.render(loaded, atExactly: .zero, scale: scale)
          }
        )
      }, uniquingKeysWith: { first, _ in first })
  }
}

enum RefreshProgressSearch {
  /// Steps a freshly loaded script frame by frame until its refresh progress reaches `point`, and renders
  /// that frame; `origin` names the document in errors.
  static func frame(reaching point: Double, in loaded: Document, origin: String, scale: Double?) throws -> Image {
    guard case .script(let script) = loaded, let refresh = script.refresh else {
      throw SnapshotError("\(origin) has no refresh component, so it has no refresh progress to sample")
    }
    let steps = try FrameSteps(loaded, fps: nil)
    var furthest = (progress: -Double.infinity, time: Rational.zero)
    for index in 0..<steps.count {
      let time = steps.time(ofFrame: index)
      loaded.advance(to: time)
      if refresh.progress >= point - 1e-9 { return try Documents.render(loaded, atExactly: time, scale: scale) }
      if refresh.progress > furthest.progress { furthest = (refresh.progress, time) }
    }
    throw SnapshotError(
      "the refresh progress of \(origin) never reaches \(JSONValue.format(point)) (furthest: "
        + "\(JSONValue.format(furthest.progress)) at \(JSONValue.format(furthest.time.seconds)) s)")
  }
}
