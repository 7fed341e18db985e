import FlipbookGraphics
import FlipbookJSON
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
    func failure(_ error: GraphicsError) -> PreviewError { .writing(path, error) }
    let stream: AtomicFileStream
    do {
      stream = try AtomicFileStream(path: path)
    } catch {
      throw failure(error)
    }
    try write(for: sequence, embedFrames: embedFrames) { (piece) throws(PreviewError) in
      do throws(GraphicsError) { try stream.write(piece) } catch { throw failure(error) }
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
    return #"""
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\#(title)</title>
      <style>
      :root { color-scheme: light; font: 13px/1.4 -apple-system, "Inter", "Helvetica Neue", Arial, sans-serif; color: #222; }
      body { margin: 0; padding: 16px; background: #ececec; }
      h1 { font-size: 14px; font-weight: 600; margin: 0 0 12px; }
      main { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
      #stage { background: #fff; padding: 8px; border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
      #frame { display: block; width: \#(displayWidth)px; max-width: 100%; height: auto;
        background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
      #controls { display: flex; gap: 6px; align-items: center; margin-top: 8px; flex-wrap: wrap; max-width: \#(displayWidth)px; }
      #scrubber { flex: 1 1 100%; margin: 4px 0; }
      button { font: inherit; padding: 3px 9px; border: 1px solid #bbb; border-radius: 4px; background: #f8f8f8; cursor: pointer; }
      button[aria-pressed="true"] { background: #2b6cd4; border-color: #2b6cd4; color: #fff; }
      #play { min-width: 64px; }
      #readout { font-variant-numeric: tabular-nums; margin-left: auto; color: #555; }
      #entry { background: #fff; border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.15); border-collapse: collapse;
        font-variant-numeric: tabular-nums; min-width: 260px; }
      #entry th, #entry td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #eee; vertical-align: top; }
      #entry th { color: #666; font-weight: 500; }
      #entry caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
      #tracks { display: block; margin-top: 6px; cursor: crosshair; user-select: none; }
      #tracks text { font-size: 10px; fill: #333; }
      .help { color: #777; font-size: 12px; margin-top: 8px; max-width: \#(displayWidth)px; }
      </style>
      </head>
      <body data-frame="0">
      <h1>\#(title)</h1>
      <main>
      <section id="stage">
      <img id="frame" alt="frame">
      <div id="controls">
      <input id="scrubber" type="range" min="0" max="\#(frameCount - 1)" value="0" step="1" aria-label="Frame">
      <button type="button" id="back" title="Previous frame (←)">◀</button>
      <button type="button" id="play" title="Play or pause (Space)">Play</button>
      <button type="button" id="forward" title="Next frame (→)">▶</button>
      <span id="speeds" role="group" aria-label="Speed">\#(speedButtons)</span>
      <span id="readout"></span>
      </div>
      <svg id="tracks" width="\#(displayWidth)" height="0" role="img" aria-label="Timeline tracks: click to seek"></svg>
      <div class="help">← → step a frame (Shift: 10) · Space plays and pauses · Home / End · click a track to seek</div>
      </section>
      <table id="entry"><caption>Manifest entry</caption><tbody></tbody></table>
      </main>
      <script type="application/json" id="\#(dataElementID)">
      \#(data)
      </script>
      <script>
      (function () {
        "use strict";
        var data = JSON.parse(document.getElementById("\#(dataElementID)").textContent);
        var frames = data.frames;
        // Held frames carry "same": they show the source of the frame before them.
        for (var i = 0; i < frames.length; i++) { if (frames[i].same) { frames[i].src = frames[i - 1].src; } }
        var count = frames.length;
        var img = document.getElementById("frame");
        var scrubber = document.getElementById("scrubber");
        var playButton = document.getElementById("play");
        var readout = document.getElementById("readout");
        var tbody = document.querySelector("#entry tbody");
        var current = -1, playing = false, speed = 1;
        // While playing, the animation clock: wall time and animation time at the last (re)start.
        var anchorWall = 0, anchorTime = 0, timer = 0;

        function duration(i) { return i + 1 < count ? frames[i + 1].time - frames[i].time : 1 / data.fps; }
        var endTime = frames[count - 1].time + duration(count - 1);

        function formatValue(value) {
          if (typeof value === "number") { return String(Math.round(value * 1000) / 1000); }
          if (Array.isArray(value) && value.every(function (v) { return typeof v === "number"; })) {
            return "[" + value.map(formatValue).join(", ") + "]";
          }
          return typeof value === "string" ? value : JSON.stringify(value);
        }

        function showEntry(entry) {
          tbody.textContent = "";
          Object.keys(entry).forEach(function (key) {
            var row = document.createElement("tr");
            var th = document.createElement("th");
            var td = document.createElement("td");
            th.textContent = key;
            td.textContent = formatValue(entry[key]);
            row.appendChild(th);
            row.appendChild(td);
            tbody.appendChild(row);
          });
        }

        // The timeline tracks under the scrubber, drawn from data.tracks (the same numbers `flipbook plot`
        // draws): the state band, one panel per curve with its thresholds dashed, the finger's down and up
        // marks, and the current frame's time as a vertical cursor. Clicking anywhere on them seeks.
        var tracks = data.tracks, svg = document.getElementById("tracks"), cursor = null;
        var svgNS = svg.namespaceURI;  // the SVG namespace, which the HTML parser gave the inline element
        var trackWidth = Number(svg.getAttribute("width")) || 320;
        function timeX(t) {
          var span = Math.max(tracks.end - tracks.start, 1e-9);
          return (t - tracks.start) / span * trackWidth;
        }
        function element(name, attributes, parent) {
          var node = document.createElementNS(svgNS, name);
          Object.keys(attributes).forEach(function (key) { node.setAttribute(key, String(attributes[key])); });
          (parent || svg).appendChild(node);
          return node;
        }
        function label(text, x, y, color, anchor) {
          var node = element("text", { x: x, y: y, fill: color || "#333", "text-anchor": anchor || "start" });
          node.textContent = text;
          return node;
        }
        function drawTracks() {
          if (!tracks) { svg.style.display = "none"; return; }
          var y = 12, bandHeight = 16, panelHeight = 56, titleHeight = 13;
          tracks.touches.forEach(function (touch) {
            label("down", timeX(touch[0]), 9, tracks.touchColor, "middle");
            label("up", timeX(touch[1]), 9, tracks.touchColor, "middle");
          });
          var top = y;
          if (tracks.spans.length) {
            element("g", { id: "band" });
            tracks.spans.forEach(function (span) {
              var x0 = timeX(span.start), x1 = timeX(span.end);
              element("rect", { x: x0, y: y, width: Math.max(0, x1 - x0), height: bandHeight,
                fill: tracks.colors[span.state] || "#ccc", "data-state": span.state, "class": "span" });
              if (x1 - x0 > span.state.length * 6 + 6) { label(span.state, (x0 + x1) / 2, y + 12, "#222", "middle"); }
            });
            y += bandHeight + 4;
          }
          tracks.series.forEach(function (series) {
            label(series.title, 0, y + 10);
            y += titleHeight;
            var values = series.samples.map(function (s) { return s[1]; })
              .concat(series.thresholds.map(function (t) { return t.value; }));
            var low = Math.min.apply(null, values), high = Math.max.apply(null, values);
            if (!(high - low > 1e-9)) { low -= 1; high += 1; }
            var panelTop = y;
            function valueY(v) { return panelTop + panelHeight - (v - low) / (high - low) * panelHeight; }
            element("rect", { x: 0, y: y, width: trackWidth, height: panelHeight, fill: "#fafafa", stroke: "#bbb",
              "class": "panel", "data-series": series.name });
            series.thresholds.forEach(function (threshold) {
              var ty = valueY(threshold.value);
              element("line", { x1: 0, x2: trackWidth, y1: ty, y2: ty, stroke: tracks.thresholdColor,
                "stroke-dasharray": "5 3", "class": "threshold" });
              label(threshold.label, trackWidth - 2, ty - 3, tracks.thresholdColor, "end");
            });
            var points = series.samples.map(function (s) { return timeX(s[0]).toFixed(2) + "," + valueY(s[1]).toFixed(2); });
            if (series.samples.length) {
              points.push(trackWidth + "," + valueY(series.samples[series.samples.length - 1][1]).toFixed(2));
            }
            element("polyline", { points: points.join(" "), fill: "none", stroke: series.color, "stroke-width": 1.5,
              "class": "curve" });
            y += panelHeight + 4;
          });
          tracks.touches.forEach(function (touch) {
            [touch[0], touch[1]].forEach(function (t) {
              element("line", { x1: timeX(t), x2: timeX(t), y1: top - 2, y2: y - 4, stroke: tracks.touchColor,
                "stroke-dasharray": "2 2", "class": "touch" });
            });
          });
          svg.setAttribute("height", String(y));
          cursor = element("line", { id: "cursor", x1: 0, x2: 0, y1: 0, y2: y, stroke: "#111", "stroke-width": 1.5 });
          svg.addEventListener("click", function (event) {
            var box = svg.getBoundingClientRect();
            var fraction = (event.clientX - box.left) / Math.max(box.width, 1);
            seek(tracks.start + fraction * (tracks.end - tracks.start));
          });
        }
        function moveCursor(t) {
          if (!cursor) { return; }
          var x = timeX(t).toFixed(2);
          cursor.setAttribute("x1", x);
          cursor.setAttribute("x2", x);
          cursor.setAttribute("data-time", String(t));
        }
        // Shows the frame on screen at time t; playback, if running, carries on from there.
        function seek(t) {
          show(frameAt(Number(t) || 0));
          if (playing) { clearTimeout(timer); anchor(); tick(); }
        }

        function show(i) {
          i = Math.max(0, Math.min(count - 1, Math.round(Number(i) || 0)));
          if (i === current) { return; }
          current = i;
          var frame = frames[i];
          img.src = frame.src;
          scrubber.value = String(i);
          readout.textContent = "frame " + (i + 1) + " / " + count + " · " + frame.time.toFixed(3) + " s";
          showEntry(frame.entry);
          document.body.dataset.frame = String(i);
          moveCursor(frame.time);
        }

        // The frame on screen at animation time t: the last one whose time is at or before t.
        function frameAt(t) {
          var lo = 0, hi = count - 1;
          while (lo < hi) {
            var mid = (lo + hi + 1) >> 1;
            if (frames[mid].time <= t + 1e-9) { lo = mid; } else { hi = mid - 1; }
          }
          return lo;
        }

        function anchor() { anchorWall = performance.now(); anchorTime = frames[current].time; }

        // Wakes when the next frame is due rather than every display refresh: each frame stays exactly until
        // the next one's time (over the speed), and the clock, not a count of wake-ups, says where we are.
        function tick() {
          if (!playing) { return; }
          var t = anchorTime + (performance.now() - anchorWall) / 1000 * speed;
          if (t >= endTime) {  // loop: start again from the first frame
            show(0);
            anchor();
            t = anchorTime;
          }
          show(frameAt(t));
          var next = current + 1 < count ? frames[current + 1].time : endTime;
          timer = setTimeout(tick, Math.max(0, (next - t) / speed * 1000));
        }

        function play() {
          if (playing || count < 2) { return; }
          playing = true;
          if (current === count - 1) { show(0); }
          anchor();
          playButton.textContent = "Pause";
          playButton.setAttribute("aria-pressed", "true");
          tick();
        }

        function pause() {
          playing = false;
          clearTimeout(timer);
          playButton.textContent = "Play";
          playButton.setAttribute("aria-pressed", "false");
        }

        function step(n) { pause(); show(current + (Number(n) || 0)); }

        function setSpeed(x) {
          x = Number(x);
          if (!(x > 0)) { return; }
          speed = x;
          if (playing) { clearTimeout(timer); anchor(); tick(); }  // same frame on screen, new rate from here on
          document.querySelectorAll("button.speed").forEach(function (b) {
            b.setAttribute("aria-pressed", String(Number(b.dataset.speed) === x));
          });
        }

        playButton.addEventListener("click", function () { if (playing) { pause(); } else { play(); } this.blur(); });
        document.getElementById("back").addEventListener("click", function () { step(-1); this.blur(); });
        document.getElementById("forward").addEventListener("click", function () { step(1); this.blur(); });
        document.querySelectorAll("button.speed").forEach(function (b) {
          b.addEventListener("click", function () { setSpeed(b.dataset.speed); b.blur(); });
        });
        scrubber.addEventListener("input", function () {
          show(scrubber.value);
          if (playing) { clearTimeout(timer); anchor(); tick(); }
        });

        document.addEventListener("keydown", function (event) {
          var handled = true;
          switch (event.key) {
          case "ArrowLeft": step(event.shiftKey ? -10 : -1); break;
          case "ArrowRight": step(event.shiftKey ? 10 : 1); break;
          case "Home": step(-count); break;
          case "End": step(count); break;
          case " ": if (!event.repeat) { if (playing) { pause(); } else { play(); } } break;
          default: handled = false;
          }
          if (handled) { event.preventDefault(); }  // no native scrubber move or page scroll on top
        });

        window.flipbook = {
          get frame() { return current; },
          get playing() { return playing; },
          get speed() { return speed; },
          count: count,
          frames: frames,
          show: function (i) { pause(); show(i); },
          step: step,
          play: play,
          pause: pause,
          setSpeed: setSpeed,
          seek: seek
        };

        drawTracks();
        show(0);
        // Test hooks in the URL fragment, for headless browsers that can only load a page and dump it:
        // #test-step=N steps N frames; #test-speed=X&test-play=MS plays at speed X and pauses after MS ms.
        function hook(name) {
          var match = new RegExp("[#&]" + name + "=(-?[0-9.]+)").exec(location.hash);
          return match ? Number(match[1]) : null;
        }
        if (hook("test-step") !== null) { step(hook("test-step")); }
        // #test-click=F clicks the tracks at fraction F of their width, as a mouse would.
        if (hook("test-click") !== null && tracks) {
          var box = svg.getBoundingClientRect();
          svg.dispatchEvent(new MouseEvent("click", { bubbles: true,
            clientX: box.left + hook("test-click") * box.width, clientY: box.top + box.height / 2 }));
        }
        if (hook("test-speed") !== null) { setSpeed(hook("test-speed")); }
        if (hook("test-play") !== null) {
          play();
          setTimeout(pause, hook("test-play"));
        }
      })();
      </script>
      \#(bodyEnd)</body>
      </html>

      """#
  }
}
