import FlipbookGraphics
import FlipbookImageFormats
import FlipbookPreview
import Foundation

// MARK: - PreviewChild

/// `flipbook-benchmark preview-child KIND FOLDER OUTPUT`: makes one preview and exits, so that the
/// benchmark can measure the preview's own time and peak memory from outside, as it measures ffmpeg.
enum PreviewChild {
  static let kinds = ["apng", "apng-smallest", "apng-fast", "gif", "webp", "sheet"]

  static func run(_ arguments: [String]) throws {
    guard arguments.count == 3, kinds.contains(arguments[0]) else {
      throw ChildError("usage: flipbook-benchmark preview-child \(kinds.joined(separator: "|")) FOLDER OUTPUT")
    }
    let sequence = try FrameSequence.load(folder: arguments[1])
    let output = arguments[2]
    switch arguments[0] {
    case "apng": try sequence.writeAnimatedPNG(toFile: output)
    case "apng-smallest": try sequence.writeAnimatedPNG(toFile: output, options: .smallest)
    case "apng-fast": try sequence.writeAnimatedPNG(toFile: output, options: .fast)
    case "gif": try sequence.writeGIF(toFile: output)
    case "webp": try writePreview(try sequence.webp(), to: output)
    default:
      let every = max(1, sequence.frames.count / 12)
      try writePreview(
        try ContactSheet().render(sequence, selection: .every(every)).pngData(options: .smallest), to: output)
    }
  }

  /// Runs this benchmark's own executable as a preview child.
  static func measure(_ kind: String, folder: String, output: String) throws -> ChildRun {
    try ChildRun.run(["/proc/self/exe", "preview-child", kind, folder, output], ownChild: true)
  }
}
