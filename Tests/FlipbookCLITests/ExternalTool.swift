import Foundation

/// An outside program the tests check Flipbook's files with (ffprobe, ffmpeg): an independent reader, so a
/// preview is judged by what players see, not by Flipbook's own decoder.
struct ExternalTool {
  let path: String

  static let ffmpeg = ExternalTool(path: "/usr/bin/ffmpeg")
  static let ffprobe = ExternalTool(path: "/usr/bin/ffprobe")

  var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` to its end; stdout and stderr go through files, so large outputs (raw video
  /// frames, long reports) cannot block the child.
  static func capture(_ executable: URL, _ arguments: [String], in folder: String? = nil) throws -> (
    status: Int32, stdout: Data, stderr: Data
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return (process.terminationStatus, try Data(contentsOf: outURL), try Data(contentsOf: errURL))
  }

  /// Runs the tool and returns its standard output; a failure throws with its stderr.
  func run(_ arguments: [String]) throws -> Data {
    let result = try Self.capture(URL(fileURLWithPath: path), arguments)
    guard result.status == 0 else {
      let message = String(decoding: result.stderr, as: UTF8.self)
      throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited \(result.status): \(message)")
    }
    return result.stdout
  }

  /// Each video packet's presentation time and duration in seconds, as ffprobe reads the file.
  static func packets(of file: String) throws -> [(time: Double, duration: Double)] {
    let text = String(
      decoding: try ffprobe.run([
        "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0",
        file,
      ]), as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: ",").map { Double($0) }
      guard fields.count == 2, let time = fields[0], let duration = fields[1] else { return nil }
      return (time, duration)
    }
  }

  /// The container's duration in seconds, as ffprobe reads it.
  static func formatDuration(of file: String) throws -> Double? {
    let text = String(
      decoding: try ffprobe.run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]),
      as: UTF8.self)
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Every frame ffmpeg decodes from `input` (one per stored frame, none dropped or duplicated), as
  /// straight RGBA bytes of `width` x `height`.
  static func decodedFrames(_ input: [String], width: Int, height: Int) throws -> [Data] {
    let raw = try ffmpeg.run(
      ["-v", "error"] + input + ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let size = width * height * 4
    guard size > 0, raw.count % size == 0 else {
      throw Failure(description: "ffmpeg gave \(raw.count) bytes, not a whole number of \(width)x\(height) frames")
    }
    return stride(from: 0, to: raw.count, by: size).map { raw.subdata(in: $0..<($0 + size)) }
  }
}
