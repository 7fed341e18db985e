import FlipbookGraphics
import FlipbookImageFormats
import FlipbookPreview
import FlipbookRender
import Foundation

// MARK: - PreviewAction

/// `flipbook preview` (and `render --preview`): reads the frame folder once, writes each requested
/// preview atomically, and reports each one's size against the frames' PNGs. The slow previews (APNG,
/// GIF) draw a progress bar on a terminal; `quiet` silences the bars and the report.
enum PreviewAction {
  struct Request {
    var folder: String
    var quiet = false
    var apng, gif, sheet, html, mp4, webm, webp: String?
    var webpQuality = AnimatedWebP.Quality.lossless
    /// Shrink the APNG, GIF, WebP, videos and sheet to this width, or by this factor.
    var width: Int?
    var scale: Double?
    var loop = 0
    /// How the APNG's frames are compressed (`--png`): libdeflate level 6 unless asked otherwise.
    var png = APNGEncoding.balanced
    /// The range, rate and pauses of the APNG, GIF and videos.
    var timing = PreviewTiming()
    var dither = true
    var every: Int?
    var times: [Double]?
    var progress: [Double]?
    var columns = 4
    var cellWidth: Double?
    var padding = ContactSheet().padding
    var background = ContactSheet().background
    /// The sheet's timeline strip (`--tracks`).
    var tracks = false
  }

  static func run(_ request: Request) throws(ActionFailure) -> String {
    let sequence: FrameSequence
    do {
      sequence = try FrameSequence.load(folder: request.folder)
    } catch {
      throw ActionFailure(message: error.description)
    }
    if let times = request.times { try SheetSelectionCheck.checkTimes(times, in: sequence) }
    if request.progress != nil { try SheetSelectionCheck.checkProgressIsRecorded(in: sequence) }
    if request.tracks { try SheetSelectionCheck.checkTracksAreRecorded(in: sequence) }
    // The animated previews decode each frame shrunk to the asked width; the sheet is shrunk whole.
    var frames = sequence
    let animated = [request.apng, request.gif, request.webp, request.mp4, request.webm].contains { $0 != nil }
    do {
      if animated, let width = outputWidth(request, sequence) { frames = try sequence.scaled(toWidth: width) }
    } catch {
      throw ActionFailure(message: error.description, isUsage: error.isUsage)
    }
    var lines: [String] = []
    func report(_ path: String, _ what: String) {
      let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let share = sequence.framesBytes > 0 ? Double(bytes) / Double(sequence.framesBytes) * 100 : 0
      lines.append(
        "Wrote \(path) (\(what)): \(Actions.formatBytes(bytes)), \(String(format: "%.1f", share)) % of the "
          + "\(Actions.formatBytes(sequence.framesBytes)) of \(sequence.frames.count) PNG frames")
    }
    do throws(PreviewError) {
      /// Encodes one animated preview behind a progress bar, writes it, and reports its size.
      func animated(
        _ path: String?, _ title: String, _ what: String,
        _ encode: (@escaping (Int, Int) -> Void) throws(PreviewError) -> Data
      ) throws(PreviewError) {
        guard let path else { return }
        try writePreview(try withProgressBar(titled: title, quiet: request.quiet, encode), to: path)
        report(path, what)
      }
      if let path = request.apng {
        // Streamed to its file: the APNG's body does not wait in memory.
        try withProgressBar(titled: "APNG", quiet: request.quiet) { (progress) throws(PreviewError) in
          try frames.writeAnimatedPNG(
            toFile: path, timing: request.timing, loopCount: request.loop,
            options: request.png.options, progress: progress)
        }
        report(path, "animated PNG")
      }
      if let path = request.gif {
        // Streamed to its file, like the APNG.
        try withProgressBar(titled: "GIF", quiet: request.quiet) { (progress) throws(PreviewError) in
          try frames.writeGIF(
            toFile: path, timing: request.timing, loopCount: request.loop, dithering: request.dither,
            progress: progress)
        }
        report(path, "GIF")
      }
      try animated(request.webp, "WebP", "animated WebP") { (progress) throws(PreviewError) in
        try frames.webp(
          timing: request.timing, quality: request.webpQuality, loopCount: request.loop, progress: progress)
      }
      if let path = request.sheet {
        var sheet = ContactSheet(
          columns: request.columns, cellWidth: request.cellWidth, padding: request.padding,
          background: request.background)
        sheet.tracks = request.tracks
        let image = try sheet.render(sequence, selection: selection(request, sequence))
        let data: Data
        do {
          let width = outputWidth(request, sequence, ofWidth: image.width) ?? image.width
          data = try image.scaled(toWidth: min(width, image.width)).pngData(options: .smallest)
        } catch {
          throw PreviewError(error.description)
        }
        try writePreview(data, to: path)
        report(path, "contact sheet")
      }
      if let path = request.html {
        try HTMLPlayer.write(for: sequence, toFile: path)
        report(path, "HTML player")
      }
      if let path = request.mp4 {
        try Video.write(frames, format: .mp4, timing: request.timing, to: path)
        report(path, "MP4")
      }
      if let path = request.webm {
        try Video.write(frames, format: .webm, timing: request.timing, to: path)
        report(path, "WebM")
      }
    } catch {
      throw ActionFailure(message: error.description, isUsage: error.isUsage)
    }
    return request.quiet ? "" : lines.joined(separator: "\n")
  }

  /// The width `--width` or `--scale` asks for, of an output `width` pixels wide (the frames' by default).
  static func outputWidth(_ request: Request, _ sequence: FrameSequence, ofWidth width: Int? = nil) -> Int? {
    let full = width ?? sequence.width
    if let asked = request.width { return width == nil ? asked : min(asked, full) }
    if let scale = request.scale { return max(1, Int((Double(full) * scale).rounded())) }
    return nil
  }

  /// Runs `work` with a progress bar fed by its `(done, total)` callback, and ends the bar's line
  /// however `work` ends, so an error starts on a line of its own.
  static func withProgressBar<Result>(
    titled title: String, quiet: Bool, _ work: (@escaping (Int, Int) -> Void) throws(PreviewError) -> Result
  ) throws(PreviewError) -> Result {
    let bar = ProgressBar(quiet: quiet, title: title)
    defer { bar.finish() }
    return try work(bar.update(done:of:))
  }

  /// The contact sheet's frames: as asked, else every Nth frame for about 12 cells.
  static func selection(_ request: Request, _ sequence: FrameSequence) -> ContactSheet.Selection {
    if let times = request.times { return .times(times) }
    if let progress = request.progress { return .progress(progress) }
    return .every(request.every ?? max(1, Int((Double(sequence.frames.count) / 12).rounded(.up))))
  }

  /// "0,0.5,1.2" as numbers, or nil.
  static func numbers(_ text: String) -> [Double]? {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
    return parts.compactMap { $0 }
  }
}

// MARK: - APNGEncoding

/// `flipbook preview --png`: how the animated PNG's frames are compressed.
enum APNGEncoding: String, CaseIterable {
  /// libdeflate level 6 (the default): several times faster than `smallest`, about 5 % larger (`PNGOptions.balanced`).
  case balanced
  /// Flipbook's own encoder: faster still, larger.
  case fast
  /// zlib level 9: the smallest, and the slowest.
  case smallest

  var options: PNGOptions {
    switch self {
    case .balanced: .balanced
    case .fast: .fast
    case .smallest: .smallest
    }
  }
}
