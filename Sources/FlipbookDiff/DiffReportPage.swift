import FlipbookJSON
import Foundation

// MARK: - DiffReportPage

/// `report.html`: an index of every compared frame (differing ones first, with their counts), then for
/// each frame whose pixels differ the views reviewers know from Playwright's and Paparazzi's reports:
/// expected | diff | actual side by side, a swipe slider (actual over expected, revealed right of the
/// handle), an onion-skin fade, and a zoom that scales every view of the frame to whole pixels.
///
/// Self-contained: styles and script are inline and images are files beside the page, so it opens from
/// a CI artifact with no network. For tests, `#test=swipe:30,fade:70,zoom:8` sets every frame's controls
/// through the same functions the controls call.
struct DiffReportPage {
  let outcome: DiffOutcome
  let summary: [String]
  /// The images of each pair (by index in `outcome.pairs`) whose pixels differ.
  let images: [Int: DiffReport.ImageNames]

  var html: String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>flipbook diff</title>
    <style>\(Self.style)</style></head>
    <body data-verdict="\(outcome.matches ? "match" : "differ")">
    <h1>flipbook diff: \(outcome.matches ? "match" : "differ")</h1>
    <p>Expected: <code>\(Self.escape(outcome.expectedPath))</code><br>Actual: <code>\(Self.escape(outcome.actualPath))</code><br>\
    \(Self.escape(toleranceText))</p>
    <p class="summary">\(summary.map(Self.escape).joined(separator: "<br>"))</p>
    \(index)
    \(sections.joined(separator: "\n"))
    <script>\(Self.script)</script>
    </body></html>

    """
  }

  private var toleranceText: String {
    let t = outcome.tolerance
    return "Threshold \(JSONValue.format(t.colorThreshold)), anti-aliased pixels "
      + (t.excusesAntialiasing ? "excused" : "counted")
      + ", \(t.maxDifferingPixels) pixels or \(JSONValue.format(t.maxDifferingRatio * 100)) % allowed"
  }

  /// Pair indices with the differing pairs first, each group in frame order.
  private var order: [Int] {
    let indices = Array(outcome.pairs.indices)
    return indices.filter { outcome.pairs[$0].differs } + indices.filter { !outcome.pairs[$0].differs }
  }

  private var index: String {
    let rows = order.map { i -> String in
      let pair = outcome.pairs[i]
      let c = pair.comparison
      let name = images[i] == nil ? Self.escape(pair.label) : "<a href=\"#frame-\(i)\">\(Self.escape(pair.label))</a>"
      let pixels = c.sizeMatches ? "\(c.differingPixels)" : "sizes differ"
      return """
        <tr class="\(pair.differs ? "differ" : "match")"><td>\(name)</td><td>\(pair.time?.description ?? "")</td>\
        <td>\(pair.differs ? "differ" : "match")</td><td>\(pixels)</td>\
        <td>\(String(format: "%.3f", c.differingRatio * 100)) %</td><td>\(String(format: "%.3f", c.maxDelta))</td>\
        <td>\(c.antialiasedPixels)</td><td>\(Self.escape(pair.timing?.summary ?? ""))</td></tr>
        """
    }
    return """
      <table class="index"><thead><tr><th>Frame</th><th>Time</th><th>Verdict</th><th>Differing pixels</th>\
      <th>Ratio</th><th>Max colour distance</th><th>Anti-aliased (excused)</th><th>Timing</th></tr></thead>
      <tbody>
      \(rows.joined(separator: "\n"))
      </tbody></table>
      """
  }

  private var sections: [String] {
    order.compactMap { i -> String? in
      guard let names = images[i] else { return nil }
      let pair = outcome.pairs[i]
      let e = pair.comparison.expectedSize
      let a = pair.comparison.actualSize
      let w = max(e.width, a.width)
      let h = max(e.height, a.height)
      func img(_ file: String, _ width: Int, _ alt: String, top style: String? = nil) -> String {
        let top = style.map { " class=\"top\" style=\"--w:\(width);\($0)\"" } ?? " style=\"--w:\(width)\""
        return "<img src=\"\(file)\" alt=\"\(alt)\"\(top)>"
      }
      return """
        <section class="frame" id="frame-\(i)" data-swipe="50" data-fade="50" data-zoom="1">
        <h2>\(Self.escape(pair.label))</h2>
        <p>\(Self.escape(pair.comparison.summary))\(pair.timing.map { "; timing: " + Self.escape($0.summary) } ?? "")</p>
        <p class="controls"><label>Zoom <input class="zoom" type="range" min="1" max="16" step="1" value="1"></label> \
        <output class="zoom-value">1×</output> <a href="\(names.strip)">strip PNG</a></p>
        <div class="views">
        <figure class="side"><div class="row">\
        <div>\(img(names.expected, e.width, "expected"))<figcaption>Expected</figcaption></div>\
        <div>\(img(names.diff, w, "diff"))<figcaption>Diff</figcaption></div>\
        <div>\(img(names.actual, a.width, "actual"))<figcaption>Actual</figcaption></div></div></figure>
        <figure class="swipe"><div class="stack" style="--w:\(w);--h:\(h)">\(img(names.expected, e.width, "expected"))\
        \(img(names.actual, a.width, "actual", top: "clip-path:inset(0 0 0 50%)"))</div>
        <figcaption>Swipe: expected left, actual right <input class="swipe-range" type="range" min="0" max="100" value="50"></figcaption></figure>
        <figure class="onion"><div class="stack" style="--w:\(w);--h:\(h)">\(img(names.expected, e.width, "expected"))\
        \(img(names.actual, a.width, "actual", top: "opacity:0.5"))</div>
        <figcaption>Onion skin: expected to actual <input class="fade-range" type="range" min="0" max="100" value="50"></figcaption></figure>
        </div></section>
        """
    }
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static let style = """
    body{font:14px system-ui,sans-serif;margin:24px;color:#222}code{font-size:13px}\
    table.index{border-collapse:collapse;margin:16px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}\
    tr.differ td:nth-child(3){color:#c00;font-weight:600}tr.match td:nth-child(3){color:#080}\
    section.frame{--zoom:1;border-top:1px solid #ccc;margin-top:24px}\
    .views{display:flex;flex-direction:column;gap:16px}figure{margin:0;overflow:auto;max-width:100%}\
    .row{display:flex;gap:12px}figcaption{color:#666}\
    img{image-rendering:pixelated;width:calc(var(--w) * var(--zoom) * 1px);display:block;\
    background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}\
    .stack{position:relative;width:calc(var(--w) * var(--zoom) * 1px);height:calc(var(--h) * var(--zoom) * 1px)}\
    .stack img{position:absolute;left:0;top:0}
    """

  static let script = """
    function setSwipe(s,v){s.querySelector('.swipe .top').style.clipPath='inset(0 0 0 '+v+'%)';\
    s.querySelector('.swipe-range').value=v;s.dataset.swipe=v}
    function setFade(s,v){s.querySelector('.onion .top').style.opacity=v/100;\
    s.querySelector('.fade-range').value=v;s.dataset.fade=v}
    function setZoom(s,z){s.style.setProperty('--zoom',z);s.querySelector('.zoom').value=z;\
    s.querySelector('.zoom-value').textContent=z+'×';s.dataset.zoom=z}
    const frames=document.querySelectorAll('section.frame');
    frames.forEach(function(s){
    s.querySelector('.swipe-range').addEventListener('input',function(e){setSwipe(s,e.target.value)});
    s.querySelector('.fade-range').addEventListener('input',function(e){setFade(s,e.target.value)});
    s.querySelector('.zoom').addEventListener('input',function(e){setZoom(s,e.target.value)})});
    const hook=/#test=(.*)$/.exec(location.hash);
    if(hook){hook[1].split(',').forEach(function(p){const kv=p.split(':');const v=Number(kv[1]);
    frames.forEach(function(s){if(kv[0]==='swipe')setSwipe(s,v);if(kv[0]==='fade')setFade(s,v);\
    if(kv[0]==='zoom')setZoom(s,v)})})}
    window.addEventListener('load',function(){const all=Array.from(document.images);
    document.body.dataset.imagesLoaded=all.filter(function(i){return i.complete&&i.naturalWidth>0}).length;
    document.body.dataset.images=all.length});
    """
}
