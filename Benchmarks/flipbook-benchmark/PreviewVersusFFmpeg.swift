import FlipbookGraphics
import FlipbookImageFormats
import FlipbookPreview
import FlipbookTiming
import Foundation

// MARK: - PreviewVersusFFmpeg

/// The APNG and GIF previews side by side with ffmpeg's, and the WebP with libwebp's `img2webp`, in one run: wall time, bytes and peak memory
/// of each as a child process (so each is measured alone), as ratios of Flipbook's to ffmpeg's; for the
/// GIFs also the colour error against the source frames, both decoded by the same decoder.
///
/// Both GIFs show the same frames at the same times: Flipbook's picks a source frame every 2 cs (its
/// default 50 fps), and ffmpeg is given exactly that list of frames at 50 fps (symbolic links), so
/// the error measures colours, not timing.
enum PreviewVersusFFmpeg {
  static func run(_ sequence: FrameSequence, workspace: URL) throws {
    guard ChildRun.available("ffmpeg") else {
      print("ffmpeg is not installed: no side-by-side comparison")
      return
    }
    let rate = Int(sequence.fps.rounded())
    header()

    let ours = workspace.appendingPathComponent("ours.apng").path
    let theirs = workspace.appendingPathComponent("ffmpeg.apng").path
    let pattern = (sequence.folder as NSString).appendingPathComponent("frame_%06d.png")
    let apng = try PreviewChild.measure("apng", folder: sequence.folder, output: ours)
    let apngSmallest = try PreviewChild.measure("apng-smallest", folder: sequence.folder, output: ours + ".smallest")
    let apngFast = try PreviewChild.measure("apng-fast", folder: sequence.folder, output: ours + ".fast")
    let ffmpegAPNG = try ChildRun.run(
      ffmpeg + ["-framerate", "\(rate)", "-i", pattern, "-plays", "0", "-f", "apng", theirs])
    line("ffmpeg APNG", ffmpegAPNG, bytes: size(theirs))
    line("Flipbook APNG, balanced", apng, bytes: size(ours), versus: (ffmpegAPNG, size(theirs)))
    line("Flipbook APNG, smallest", apngSmallest, bytes: size(ours + ".smallest"), versus: (ffmpegAPNG, size(theirs)))
    line("Flipbook APNG, fast", apngFast, bytes: size(ours + ".fast"), versus: (ffmpegAPNG, size(theirs)))

    try runGIF(sequence, workspace: workspace)

    try runWebP(sequence, workspace: workspace)

    let sheet = workspace.appendingPathComponent("ours.sheet").path
    line(
      "Flipbook contact sheet", try PreviewChild.measure("sheet", folder: sequence.folder, output: sheet),
      bytes: size(sheet))
  }

  /// The lossless animated WebP beside libwebp's own `img2webp` (Debian's `webp`), given the same frames at the
  /// nearest whole-millisecond delay.
  static func runWebP(_ sequence: FrameSequence, workspace: URL) throws {
    let ours = workspace.appendingPathComponent("ours.webp").path
    let webp = try PreviewChild.measure("webp", folder: sequence.folder, output: ours)
    guard ChildRun.available("img2webp") else {
      print("img2webp is not installed (Debian's webp): no side-by-side WebP")
      line("Flipbook WebP, lossless", webp, bytes: size(ours))
      return
    }
    let theirs = workspace.appendingPathComponent("img2webp.webp").path
    let delay = Int((1000 / sequence.fps).rounded())
    let img2webp = try ChildRun.run(
      ["img2webp", "-loop", "0", "-lossless", "-d", "\(delay)"] + sequence.frames.map(\.path) + ["-o", theirs],
      quiet: true)
    line("img2webp WebP, lossless", img2webp, bytes: size(theirs))
    line("Flipbook WebP, lossless", webp, bytes: size(ours), versus: (img2webp, size(theirs)))
  }

  /// The GIF side by side with ffmpeg's palettegen + paletteuse: time, bytes, peak memory and the colour
  /// error of each against the source frames (`flipbook-benchmark previews-gif [FOLDER]` runs only this).
  static func runGIF(_ sequence: FrameSequence, workspace: URL) throws {
    let shown = try gifFrames(sequence)
    let links = workspace.appendingPathComponent("gif-frames")
    try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
    for (tick, frame) in shown.enumerated() {
      try FileManager.default.createSymbolicLink(
        atPath: links.appendingPathComponent(String(format: "frame_%06d.png", tick)).path,
        withDestinationPath: sequence.frames[frame].path)
    }
    let ourGIF = workspace.appendingPathComponent("ours.gif").path
    let theirGIF = workspace.appendingPathComponent("ffmpeg.gif").path
    let gif = try PreviewChild.measure("gif", folder: sequence.folder, output: ourGIF)
    let ffmpegGIF = try ChildRun.run(
      ffmpeg + [
        "-framerate", "50", "-i", links.appendingPathComponent("frame_%06d.png").path, "-filter_complex",
        "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", theirGIF,
      ])
    let theirError = try psnr(gif: theirGIF, shown: shown, sequence)
    let ourError = try psnr(gif: ourGIF, shown: shown, sequence)
    line("ffmpeg GIF (palettegen+paletteuse)", ffmpegGIF, bytes: size(theirGIF), psnr: theirError)
    line("Flipbook GIF, dithered", gif, bytes: size(ourGIF), versus: (ffmpegGIF, size(theirGIF)), psnr: ourError)
  }

  static func header() {
    print(
      "\nSide by side with ffmpeg and img2webp (each a child process; ratio = Flipbook / theirs, below 1 is better)")
    print(
      "preview".padding(toLength: 30, withPad: " ", startingAt: 0)
        + "     time     bytes    peak MiB   time x  bytes x  memory x  colour PSNR   CPU s  CPU x")
  }

  static let ffmpeg = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "image2"]

  /// The source frame the GIF shows at each 2 cs tick (Flipbook's default GIF timing).
  static func gifFrames(_ sequence: FrameSequence) throws -> [Int] {
    let timeline = try sequence.timeline(PreviewTiming().withDefaultFPS(FrameSequence.gifDefaultFPS))
    return GIFTiming.centiseconds(timeline).flatMap { entry in
      [Int](repeating: entry.frame, count: max(1, entry.ticks / 2))
    }
  }

  /// The peak signal-to-noise ratio in dB of a GIF against the source frames it shows (`shown`, one
  /// every 2 cs), over every channel of every pixel of every tick.
  static func psnr(gif path: String, shown: [Int], _ sequence: FrameSequence) throws -> Double {
    var squared = 0.0
    var samples = 0
    var tick = 0
    var start = 0
    var source: (index: Int, bytes: [UInt8])?
    var failure: Error?
    try GIF.forEachFrame(try Data(contentsOf: URL(fileURLWithPath: path))) { image, centiseconds in
      let decoded = image.rgbaBytes()
      let end = start + centiseconds
      while tick < shown.count && tick * 2 < end {
        if source?.index != shown[tick] {
          do {
            source = (shown[tick], try sequence.image(at: shown[tick]).rgbaBytes())
          } catch {
            failure = error
            return
          }
        }
        for (a, b) in zip(decoded, source!.bytes) {
          let d = Double(Int(a) - Int(b))
          squared += d * d
        }
        samples += decoded.count
        tick += 1
      }
      start = end
    }
    if let failure { throw failure }
    guard samples > 0, squared > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (squared / Double(samples)))
  }

  static func size(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  static func line(
    _ label: String, _ run: ChildRun, bytes: Int, versus: (ChildRun, Int)? = nil, psnr: Double? = nil
  ) {
    var text =
      label.padding(toLength: 30, withPad: " ", startingAt: 0)
      + String(format: "%7.2f s %7.0f KiB %8.1f", run.seconds, Double(bytes) / 1024, run.peakMiB)
    if let (other, otherBytes) = versus {
      text += String(
        format: "   %6.2fx  %6.2fx  %7.2fx", run.seconds / other.seconds, Double(bytes) / Double(otherBytes),
        run.peakMiB / other.peakMiB)
    } else {
      text += String(repeating: " ", count: 30)
    }
    text += psnr.map { String(format: "   %6.2f dB", $0) } ?? String(repeating: " ", count: 12)
    text += String(format: "  %6.2f", run.cpuSeconds)
    if let (other, _) = versus { text += String(format: "  %5.2fx", run.cpuSeconds / other.cpuSeconds) }
    print(text)
  }
}
