// MARK: - FrameProgress

/// How far a render has got, reported on the calling thread after each batch of frames is written.
public struct FrameProgress: Sendable, Equatable {
  /// Frames written so far.
  public var framesDone: Int
  /// Frames the render will write.
  public var total: Int
  /// Wall-clock seconds since the render started.
  public var elapsedSeconds: Double

  /// Progress of `framesDone` of `total` frames, `elapsedSeconds` into the render.
  public init(framesDone: Int, total: Int, elapsedSeconds: Double) {
    self.framesDone = framesDone
    self.total = total
    self.elapsedSeconds = elapsedSeconds
  }

  /// 0...1; a render of no frames is complete.
  public var fraction: Double {
    total > 0 ? min(1, Double(framesDone) / Double(total)) : 1
  }
}
