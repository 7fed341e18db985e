import FlipbookGraphics

// MARK: - Sets of frames where a set is expected

/// `assertSnapshots(of: script, as: .frames(at: [0.5, 1.2]))`: the argument is a dictionary of strategies,
/// so a bare `.frames` is looked up on the dictionary type. These forward to the `Snapshotting` versions.
extension Dictionary where Key == String, Value == Snapshotting<SnapshotDocument, Image> {
  /// One reference per time, named `t<time>`: see `Snapshotting.frames(at:scale:tolerance:)`.
  public static func frames(at times: [Double], scale: Double? = nil, tolerance: ImageTolerance = .strict)
    -> [String: Snapshotting<SnapshotDocument, Image>]
  {
    Snapshotting<SnapshotDocument, Image>.frames(at: times, scale: scale, tolerance: tolerance)
  }

  /// One reference per progress point (a Lottie animation's, or a refresh's), named `p<progress>`: see
  /// `Snapshotting.frames(atProgress:scale:tolerance:)`; lottie-ios's five points by default.
  public static func frames(
    atProgress points: [Double] = Snapshotting<SnapshotDocument, Image>.lottieProgressPoints, scale: Double? = nil,
    tolerance: ImageTolerance = .strict
  ) -> [String: Snapshotting<SnapshotDocument, Image>] {
    Snapshotting<SnapshotDocument, Image>.frames(atProgress: points, scale: scale, tolerance: tolerance)
  }

  /// One reference per frame of a Lottie animation, named `f<frame>`: see
  /// `Snapshotting.frames(atFrames:scale:tolerance:)`.
  public static func frames(atFrames frames: [Double], scale: Double? = nil, tolerance: ImageTolerance = .strict)
    -> [String: Snapshotting<SnapshotDocument, Image>]
  {
    Snapshotting<SnapshotDocument, Image>.frames(atFrames: frames, scale: scale, tolerance: tolerance)
  }
}
