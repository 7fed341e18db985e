import Foundation

// MARK: - Video

/// MP4 (H.264, yuv420p) and WebM (VP9) through `ffmpeg`, when it is installed.
///
/// The frames go in through ffmpeg's image2 demuxer at the folder's frame rate (`-framerate`, so no frame
/// is dropped or duplicated); odd sizes are padded to even with a black edge (yuv420p needs even sides);
/// the output is written beside the target and renamed into place.
public enum Video {
  public enum Format: String, CaseIterable, Sendable {
    case mp4, webm

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

  /// Encodes the frame folder's PNGs into `path`.
  public static func write(_ sequence: FrameSequence, format: Format, to path: String) throws(PreviewError) {
    guard let ffmpeg = ffmpegPath() else {
      throw PreviewError(
        "ffmpeg is not installed; install it with `sudo apt-get install ffmpeg` to write \(format.rawValue) video")
    }
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).partial.\(format.rawValue)")
    let pattern = (sequence.folder as NSString).appendingPathComponent("frame_%06d.png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-v", "error", "-y", "-framerate", String(format: "%g", sequence.fps), "-i", pattern,
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
      ] + format.arguments + [temporary.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw PreviewError("cannot run \(ffmpeg): \(error.localizedDescription)")
    }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      let firstLine = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
      throw PreviewError("ffmpeg could not write \(path): \(firstLine)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw PreviewError("\(path): cannot write (\(reason))")
    }
  }
}
