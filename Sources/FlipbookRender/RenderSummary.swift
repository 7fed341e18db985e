import FlipbookJSON

// MARK: - RenderSummary

/// What a finished render did and where its time went. Reporting only: nothing in the output depends on
/// these numbers, which vary from run to run on a shared machine.
public struct RenderSummary: Sendable {
  /// Frames written.
  public var frames: Int
  /// Frames encoded; the rest repeat the frame before them byte for byte.
  public var uniqueFrames: Int
  /// Wall-clock seconds for the whole render, from the first check to the swap of the folder.
  public var seconds: Double
  /// Bytes of PNG and manifest written.
  public var bytesWritten: Int
  /// Time per stage summed over every thread that worked on it: the CPU cost of each stage, which exceeds
  /// `stageWallSeconds` by the parallel speed-up for rasterizing and encoding.
  public var stageThreadSeconds: StageSeconds
  /// Wall-clock time per stage, as the calling thread saw it: its own time for the frames it drew itself,
  /// and for the others its wait for each, shared between rasterizing and encoding in proportion to their
  /// thread time. Writing is the calling thread's alone, so its wall and thread times are the same.
  public var stageWallSeconds: StageSeconds

  /// The most frame images the pipeline held at once (each drawing thread's frame and the one before it,
  /// kept for the comparison, and the last frame's until the next claim): the bound on its memory, checked
  /// by the tests.
  var peakImagesHeld = 0
  /// The worker threads started beside the calling thread, which is one of the jobs: `jobs - 1` (or none
  /// for a single frame), checked by the tests.
  var workersStarted = 0

  /// Frames per wall-clock second.
  public var framesPerSecond: Double {
    seconds > 0 ? Double(frames) / seconds : 0
  }
}

// MARK: - StageSeconds

/// Seconds spent in each stage of the pipeline, in the order a frame goes through them.
public struct StageSeconds: Sendable, Equatable {
  /// Advancing the source and taking its snapshot (calling thread only).
  public var simulate: Double = 0
  /// Drawing the layer trees into images.
  public var rasterize: Double = 0
  /// Comparing each frame's pixels with the previous frame's.
  public var compare: Double = 0
  /// PNG encoding of the frames that differ.
  public var encode: Double = 0
  /// Writing the files (frames and manifest) and swapping the folder in.
  public var write: Double = 0

  /// Zero seconds in every stage, to add to as the render goes.
  public init() {}

  /// The sum of all stages.
  public var total: Double { simulate + rasterize + compare + encode + write }

  /// Adds `other`'s seconds, stage by stage (a frame's drawing seconds to a render's).
  mutating func add(_ other: StageSeconds) {
    simulate += other.simulate
    rasterize += other.rasterize
    compare += other.compare
    encode += other.encode
    write += other.write
  }
}

extension RenderSummary: CustomStringConvertible {
  /// Two lines for a CLI: totals, then where the time went.
  public var description: String {
    func s(_ value: Double) -> String { JSONValue.format((value * 100).rounded() / 100) }
    let stages = [
      ("simulate", \StageSeconds.simulate), ("rasterize", \.rasterize), ("compare", \.compare),
      ("encode", \.encode), ("write", \.write),
    ]
    .map { name, path in "\(name) \(s(stageWallSeconds[keyPath: path]))/\(s(stageThreadSeconds[keyPath: path]))" }
    return """
      \(frames) frames (\(uniqueFrames) unique) in \(s(seconds)) s, \(s(framesPerSecond)) frames/s, \
      \(bytesWritten) bytes
      stages, wall/thread seconds: \(stages.joined(separator: ", "))
      """
  }
}
