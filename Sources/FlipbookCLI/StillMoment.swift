import FlipbookLottie
import FlipbookScene

extension Actions {
  /// When a still is taken: a time in seconds (`--at`), or for a Lottie animation a progress (`--progress`) or a
  /// frame (`--frame`), with lottie-ios's meanings: progress p is frame `ip + (op − ip)·p`, frame f is at
  /// `(f − ip) / fr` seconds.
  enum Moment: Equatable {
    /// Seconds from the document's start.
    case seconds(Double)
    /// A Lottie animation's progress, 0 to 1.
    case progress(Double)
    /// A Lottie animation's frame number.
    case frame(Double)

    /// The time this moment is in `document` (read from `path`); a progress or a frame of anything but a Lottie
    /// animation, or a frame outside its in and out points, is a usage error.
    func seconds(in document: Document, named path: String) throws(ActionFailure) -> Double {
      switch self {
      case .seconds(let seconds): return seconds
      case .progress(let progress):
        let animation = try lottie(document, path, option: "progress")
        return animation.time(forFrame: animation.frameTime(forProgress: progress))
      case .frame(let frame):
        let animation = try lottie(document, path, option: "frame")
        guard frame >= animation.startFrame, frame <= animation.endFrame else {
          throw ActionFailure(
            message:
              "--frame \(RenderCommand.format(frame)) is outside \(path)'s frames "
              + "\(RenderCommand.format(animation.startFrame)) to \(RenderCommand.format(animation.endFrame))",
            isUsage: true)
        }
        return animation.time(forFrame: frame)
      }
    }

    private func lottie(_ document: Document, _ path: String, option: String) throws(ActionFailure)
      -> LottieAnimation
    {
      guard case .lottie(let scene) = document else {
        throw ActionFailure(message: "--\(option) is for Lottie animations; \(path) is not one", isUsage: true)
      }
      return scene.animation
    }
  }
}
