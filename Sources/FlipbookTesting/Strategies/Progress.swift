import FlipbookGraphics
import FlipbookJSON
import FlipbookScene
import FlipbookSnapshotHygiene
import FlipbookTiming

// MARK: - Frames at refresh progress points

extension Snapshotting where Value == SnapshotDocument, Format == Image {
  /// For a gesture script with a refresh component: the frame (at the script's rate) where the refresh
  /// progress first reaches each value, one reference per point named `p<progress>` (`p0.25`; a file name
  /// shows `p0-25`) — the way lottie-ios snapshots an animation at progress points. Use with
  /// `assertSnapshots(of:as:)`. A point the pull never reaches fails, naming the furthest it got.
  public static func frames(atProgress points: [Double], scale: Double? = nil, tolerance: ImageTolerance = .strict)
    -> [String: Snapshotting]
  {
    Dictionary(
      uniqueKeysWithValues: points.map { point in
        (
          SnapshotFileName.progressKey(JSONValue.format(point)),
          Snapshotting<Image, Image>.image(tolerance: tolerance).pullback { (document: SnapshotDocument) in
            try RefreshProgressSearch.frame(reaching: point, in: document, scale: scale)
          }
        )
      })
  }
}

enum RefreshProgressSearch {
  /// Steps a fresh copy of the script frame by frame until its refresh progress reaches `point`, and renders
  /// that frame.
  static func frame(reaching point: Double, in document: SnapshotDocument, scale: Double?) throws -> Image {
    let loaded = try document.make()
    guard case .script(let script) = loaded, let refresh = script.refresh else {
      throw SnapshotError("\(document.origin) has no refresh component, so it has no refresh progress to sample")
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
      "the refresh progress of \(document.origin) never reaches \(JSONValue.format(point)) (furthest: "
        + "\(JSONValue.format(furthest.progress)) at \(JSONValue.format(furthest.time.seconds)) s)")
  }
}
