import FlipbookGraphics
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - Video

/// MP4 (H.264, yuv420p) and WebM (VP9) through `ffmpeg`, when it is installed.
///
/// The frames go to ffmpeg's standard input as raw pixels at a constant rate (the folder's own unless
/// `timing.fps` asks for another): output frame *k* is the source frame on screen at `k/rate`, each
/// source frame repeated for as many output frames as its time covers, so the video lasts as long as
/// the frames do and nothing is dropped or duplicated at the folder's own rate. Transparent pixels show
/// black (the premultiplied colours as they are); odd sizes are padded to even with a black edge
/// (yuv420p needs even sides); the output is written beside the target and renamed into place.
public enum Video {
  /// A video container and its codec; the raw value is ffmpeg's name for the container (`-f`).
  public enum Format: String, CaseIterable, Sendable {
    /// MP4: H.264 in yuv420p, with `+faststart` so a browser starts playing before it is downloaded.
    case mp4
    /// WebM: VP9 in yuv420p.
    case webm

    var arguments: [String] {
      switch self {
      case .mp4:
        ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium", "-movflags", "+faststart"]
      case .webm: ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "30", "-b:v", "0"]
      }
    }
  }

  /// Where ffmpeg is, or nil.
  public static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    let paths =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    return paths.map { ($0 as NSString).appendingPathComponent("ffmpeg") }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Encodes the frame folder into `path`, as `timing` plays it.
  public static func write(
    _ sequence: FrameSequence, format: Format, timing: PreviewTiming = .init(), to path: String
  ) throws(PreviewError) {
    guard let ffmpeg = ffmpegPath() else {
      throw PreviewError(
        "ffmpeg is not installed; install it with `sudo apt-get install ffmpeg` to write \(format.rawValue) video")
    }
    let rate = timing.fps ?? sequence.rate
    let shown = try sequence.timeline(timing).quantized(ticksPerSecond: rate, maximumTicks: Int.max)
    let url = URL(fileURLWithPath: path)
    Leftovers.remove(besideTarget: path)
    // ffmpeg creates the video, so it is in flight from before the launch; the format is named with
    // `-f` because the temporary's name does not end in it.
    let temporary = URL(fileURLWithPath: TemporaryName.path(besideTarget: path, tag: "video"))
    _ = InFlight.creating(temporary.path) {}
    defer { InFlight.finished(temporary.path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(sequence.width)x\(sequence.height)",
        "-framerate", rate.description, "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
      ] + format.arguments + ["-f", format.rawValue, temporary.path]
    let input = Pipe()
    // ffmpeg's messages go to a file, so a chatty ffmpeg never blocks on a full pipe while we write; it
    // is a temporary beside the video, so that a killed run's log is removed with its other leftovers.
    let log = URL(fileURLWithPath: TemporaryName.path(besideTarget: path, tag: "log"))
    defer {
      try? FileManager.default.removeItem(at: log)
      InFlight.finished(log.path)
    }
    guard InFlight.creating(log.path, { FileManager.default.createFile(atPath: log.path, contents: nil) }) == true,
      let logHandle = try? FileHandle(forWritingTo: log)
    else {
      throw PreviewError("cannot write ffmpeg's log in \(log.deletingLastPathComponent().path)")
    }
    defer { try? logHandle.close() }
    process.standardInput = input
    process.standardError = logHandle
    process.standardOutput = FileHandle.nullDevice
    // Launched and recorded as one step, so that an interruption kills it before removing its video.
    let launched: Bool
    do {
      launched = try InFlight.launching {
        try process.run()
        return process.processIdentifier
      }
    } catch {
      throw PreviewError("cannot run \(ffmpeg): \(error.localizedDescription)")
    }
    guard launched else { throw PreviewError("cannot run \(ffmpeg): the run is being interrupted") }
    defer { InFlight.exited(process.processIdentifier) }
    // If ffmpeg stops early, writing to its input must fail with EPIPE, not kill the process.
    signal(SIGPIPE, SIG_IGN)
    var failure: PreviewError?
    do throws(PreviewError) {
      try feed(sequence, shown, to: input.fileHandleForWriting)
    } catch {
      failure = error
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard failure == nil, process.terminationStatus == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      if let failure { throw failure }
      let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      let firstLine = stderr.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
      throw PreviewError("ffmpeg could not write \(path): \(firstLine)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw PreviewError("\(path): cannot write (\(reason))")
    }
  }

  /// Writes each shown frame's pixels (Cairo's premultiplied ARGB32 is BGRA in memory on little-endian
  /// machines) once per output frame it covers.
  private static func feed(_ sequence: FrameSequence, _ shown: [(frame: Int, ticks: Int)], to handle: FileHandle)
    throws(PreviewError)
  {
    for (frame, ticks) in shown {
      let image = try sequence.image(at: frame)
      let bytes = image.pixels.withUnsafeBytes { Data($0) }
      for _ in 0..<ticks {
        do {
          try handle.write(contentsOf: bytes)
        } catch {
          // ffmpeg stopped reading: its own message says why.
          return
        }
      }
    }
  }
}
