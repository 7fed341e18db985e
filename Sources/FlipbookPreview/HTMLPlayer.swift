import FlipbookGraphics
import FlipbookJSON
import FlipbookSupport
import Foundation

// MARK: - HTMLPlayer

/// A frame folder as one HTML page that plays it: the preview anyone can open, with no tool installed.
///
/// Animated PNGs and GIFs play at one speed and cannot be paused on the frame that looks wrong. The page
/// can: play/pause, a scrubber, frame stepping with ← and → (Space plays and pauses), 0.25×–2× speed,
/// and beside the picture the frame's whole manifest entry (time, refresh state, offset, progress…), so a
/// glitch can be matched to the numbers that caused it. Playback follows the manifest's times, not a
/// fixed rate: frame i stays until frame i + 1's time (divided by the speed), then it loops.
///
/// The page is self-contained and works from `file://`: styles and script are inline, nothing comes
/// from a network, and the frames are either embedded as base64 PNG data URLs (one file to attach or
/// send) or, with `embedFrames: false`, referenced by their file names, for a page saved into the frame
/// folder itself (small, but only works beside the frames).
///
/// Under the scrubber, timeline tracks (a script's frames record them): the refresh state as a band of
/// colours, `contentOffset.y`, `contentInset.top` and `refreshProgress` as curves with the component's
/// trigger dashed, the finger's down and up marks, and a cursor at the shown frame's time that follows
/// playback and scrubbing; a click on them seeks to that time. They are `MotionTracks`, the numbers
/// `flipbook plot` draws, embedded as data and drawn by the page as inline SVG.
///
/// For tests and tools the script exposes `window.flipbook` (`frame`, `playing`, `speed`, `count`,
/// `step(n)`, `show(i)`, `seek(t)`, `play()`, `pause()`, `setSpeed(x)`) and mirrors the shown frame index in
/// `document.body.dataset.frame`. A URL ending in `#test-step=N` steps N frames on load, so a headless
/// browser's `--dump-dom` shows `data-frame="N"` and proves the script ran; `#test-speed=X&test-play=MS`
/// plays at speed X for MS milliseconds (with `--virtual-time-budget`, deterministically);
/// `#test-click=F` clicks the tracks at fraction F of their width.
public enum HTMLPlayer {
  /// The speeds offered, slowest first; 1× is selected at start.
  public static let speeds: [Double] = [0.25, 0.5, 1, 2]

  /// The player page for `sequence`, whole (for tests and small folders; `write(for:toFile:)` streams).
  public static func page(for sequence: FrameSequence, embedFrames: Bool = true) throws(PreviewError) -> String {
    var page = ""
    try write(for: sequence, embedFrames: embedFrames) { page += $0 }
    return page
  }

  /// The page as `flipbook watch` serves it: frames by name, and `liveReload`'s script at the end of
  /// the body, so the page reloads itself when a new render is in place. Otherwise the same bytes as
  /// `page(for:embedFrames: false)`.
  public static func page(for sequence: FrameSequence, liveReload: LiveReload) throws(PreviewError) -> String {
    var page = ""
    try write(for: sequence, embedFrames: false, bodyEnd: liveReload.script) { page += $0 }
    return page
  }

  /// Writes the player page to `path` piece by piece through a temporary file renamed into place, so
  /// the memory needed is one frame's, however many frames the folder has, and `path` is either its
  /// earlier self or the whole new page.
  public static func write(for sequence: FrameSequence, embedFrames: Bool = true, toFile path: String)
    throws(PreviewError)
  {
    func failure(_ error: FileError) -> PreviewError { .writing(path, error) }
    let stream: AtomicFileStream
    do {
      stream = try AtomicFileStream(path: path)
    } catch {
      throw failure(error)
    }
    try write(for: sequence, embedFrames: embedFrames) { (piece) throws(PreviewError) in
      do throws(FileError) { try stream.write(piece) } catch { throw failure(error) }
    }
    do { try stream.commit() } catch { throw failure(error) }
  }

  /// The page in order, one frame's JSON at a time, handed to `sink`. The pieces concatenate to what
  /// formatting the whole data object at once would give.
  /// `bodyEnd` goes just before `</body>` (nothing, for a page written to disk).
  static func write(
    for sequence: FrameSequence, embedFrames: Bool, bodyEnd: String = "",
    to sink: (String) throws(PreviewError) -> Void
  ) throws(PreviewError) {
    guard !sequence.frames.isEmpty else { throw PreviewError("\(sequence.folder): no frames for a player") }
    let scale = manifestScale(of: sequence)
    let title = "Flipbook · " + ((sequence.folder as NSString).lastPathComponent)
    let marker = "\u{0}flipbook-frames\u{0}"
    let page = template(
      title: escapeHTML(title),
      displayWidth: JSONValue.format((Double(sequence.width) / scale).rounded()),
      frameCount: sequence.frames.count,
      data: marker, bodyEnd: bodyEnd)
    let parts = page.components(separatedBy: marker)
    let header = JSONValue.object([
      (key: "fps", value: .number(sequence.fps)),
      (key: "width", value: .number(Double(sequence.width))),
      (key: "height", value: .number(Double(sequence.height))),
      (key: "scale", value: .number(scale)),
      (key: "tracks", value: tracksJSON(for: sequence)),
      (key: "frames", value: .string(marker)),
    ]).formatted()
    let headerParts = header.components(separatedBy: JSONValue.quote(marker))
    try sink(parts[0] + scriptSafeJSON(headerParts[0]) + "[\n")
    var previousBytes: [UInt8]?
    for (index, frame) in sequence.frames.enumerated() {
      var members: [(key: String, value: JSONValue)] = []
      if embedFrames {
        let path = (sequence.folder as NSString).appendingPathComponent(frame.file)
        let bytes: [UInt8]
        do {
          bytes = try SafeFile.read(path, kind: .image)
        } catch {
          throw PreviewError("\(error.description) (a frame to embed)")
        }
        // A frame identical to the one before (a held frame) is embedded once and reused by the script:
        // holds are common (a 150-frame pull has ~50) and each copy would cost a whole PNG.
        if index > 0, bytes == previousBytes {
          members.append((key: "same", value: .bool(true)))
        } else {
          members.append((key: "src", value: .string("data:image/png;base64," + Data(bytes).base64EncodedString())))
        }
        previousBytes = bytes
      } else {
        members.append((key: "src", value: .string(relativeURL(frame.file))))
      }
      members.append((key: "time", value: .number(frame.time)))
      members.append((key: "entry", value: frame.entry))
      let item = "    " + JSONValue.object(members).formatted(indent: "    ")
      try sink(scriptSafeJSON(index == 0 ? item : ",\n" + item))
    }
    try sink("\n  ]" + scriptSafeJSON(headerParts[1]) + parts[1])
  }

  /// The id of the `<script type="application/json">` element holding the frames and their entries.
  public static let dataElementID = "flipbook-data"

  // MARK: Helpers

  /// The timeline under the scrubber: every track the manifest has data for (a scene's frames have
  /// none, and get no tracks).
  static func tracksJSON(for sequence: FrameSequence) -> JSONValue {
    guard let tracks = try? MotionTracks(sequence: sequence), !(tracks.series.isEmpty && tracks.spans.isEmpty)
    else { return .null }
    return tracks.json
  }

  /// The manifest's `scale` (pixels per point), so the picture shows at its size in points; 1 if absent.
  static func manifestScale(of sequence: FrameSequence) -> Double {
    guard case .number(let scale)? = sequence.header["scale"], scale >= 1, scale <= 4 else { return 1 }
    return scale
  }

  /// A file name as a relative URL: percent-encoded so spaces, `#` and `?` stay part of the name.
  public static func relativeURL(_ file: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "#?;:")
    return file.addingPercentEncoding(withAllowedCharacters: allowed) ?? file
  }

  /// JSON that can sit inside a `<script>` element: a `<` only occurs inside JSON strings, where
  /// `\u003c` means the same, and without it no `</script>` or `<!--` can end the element early.
  static func scriptSafeJSON(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c")
  }

  /// `text` with `&`, `<`, `>` and `"` escaped, safe in an HTML element's text or a quoted attribute.
  public static func escapeHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static func template(title: String, displayWidth: String, frameCount: Int, data: String, bodyEnd: String = "")
    -> String
  {
    let speedButtons = speeds.map { speed in
      let label = JSONValue.format(speed) + "×"
      return
        #"<button type="button" class="speed" data-speed="\#(JSONValue.format(speed))" aria-pressed="\#(speed == 1)">\#(label)</button>"#
    }.joined(separator: "")
    return PageTemplate.player.filled([
      "title": title, "displayWidth": displayWidth, "lastFrame": String(frameCount - 1), "speedButtons": speedButtons,
      "dataElementID": dataElementID, "data": data, "bodyEnd": bodyEnd,
    ])
  }
}
