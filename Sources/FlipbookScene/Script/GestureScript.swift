import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation

// MARK: - GestureScript

/// Reads gesture scripts: a phone screen, table content, a finger's pulls and timed events, in JSON.
///
/// ```json
/// { "viewport": {"width": 320, "height": 480, "scale": 2}, "fps": 60, "duration": 4,
///   "content": {"rows": 20},
///   "touches": [{"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0}, {"at": 1.0, "y": 150, "curve": "easeOut"}]}] }
/// ```
///
/// Every problem is one `DocumentError` naming its JSON path.
public enum GestureScript {
  /// The largest viewport side in points; with the scale it must also fit `ImageLimits`.
  public static let maxViewportSide = 4096.0
  /// The frame rates a script may ask for: at least one frame a second, at most a 240 Hz screen's.
  public static let fpsRange = 1.0...240
  /// The lengths a script may run, in seconds: more than nothing, at most an hour.
  public static let durationRange = 0.001...3600

  /// True when the document is a gesture script (it has a `viewport`) rather than a scene.
  public static func isScript(_ json: JSONValue) -> Bool { json["viewport"] != nil }

  /// Loads a script; images a custom refresh view names by `file` are resolved against the script's
  /// folder, and must lie inside it unless `allowFilesOutside`.
  public static func load(path: String, scale: Double? = nil, allowFilesOutside: Bool = false) throws(DocumentError)
    -> ScriptScene
  {
    try DocumentFile.decode(path) { data throws(DocumentError) in
      try decode(
        json: try DocumentFile.parse(data), scale: scale, baseDirectory: DocumentFile.directory(of: path),
        allowFilesOutside: allowFilesOutside)
    }
  }

  /// Decodes a script; `file` images resolve against `baseDirectory` (by default the current folder).
  public static func decode(
    _ data: Data, scale: Double? = nil, baseDirectory: URL? = nil, allowFilesOutside: Bool = false
  ) throws(DocumentError) -> ScriptScene {
    try decode(
      json: try DocumentFile.parse(data), scale: scale, baseDirectory: baseDirectory,
      allowFilesOutside: allowFilesOutside)
  }

  /// Decodes an already parsed script; `makeRefresh`, when given, makes its refresh component instead of
  /// its `refresh` object (see `decode(_:refresh:scale:baseDirectory:allowFilesOutside:)`).
  static func decode(
    json: JSONValue, scale: Double? = nil, baseDirectory: URL? = nil, allowFilesOutside: Bool = false,
    makeRefresh: RefreshFactory? = nil
  ) throws(DocumentError) -> ScriptScene {
    let top = try JSONCursor(json).object(allowing: [
      DocumentFile.schemaKey, "viewport", "fps", "duration", "background", "tableStyle", "content", "refresh",
      "touches", "events", "statusBar", "navigationBar", "scrollIndicator",
    ])
    try DocumentFile.checkSchemaKey(top)
    guard let viewportCursor = top["viewport"] else {
      throw DocumentError(location: "$", message: "missing key \"viewport\"")
    }
    let viewport = try viewportCursor.object(allowing: ["width", "height", "scale"])
    func side(_ key: String) throws(DocumentError) -> Double {
      guard let c = viewport[key] else { throw viewportCursor.error("missing key \"\(key)\"") }
      return try c.number(in: 1...maxViewportSide)
    }
    let size = CGSize(width: try side("width"), height: try side("height"))
    let documentScale = try viewport["scale"].map { c throws(DocumentError) in try c.number(in: 1...3) } ?? 2
    let finalScale = scale ?? documentScale
    let pixels = (Int((size.width * finalScale).rounded(.up)), Int((size.height * finalScale).rounded(.up)))
    do {
      try ImageLimits.check(width: pixels.0, height: pixels.1)
    } catch {
      throw viewportCursor.error(error.description)
    }
    let fps = try top["fps"].map { c throws(DocumentError) in try c.number(in: fpsRange) } ?? 60
    let background = try top["background"].map { c throws(DocumentError) in try LayerDecoder.color(c) }
    let track = try top["touches"].map { c throws(DocumentError) in try TouchDecoder.touches(c) } ?? FingerTrack()

    let context = AnimationContext()
    let root = Layer()
    root.name = "screen"
    root.bounds = CGRect(origin: .zero, size: size)
    root.position = CGPoint(x: size.width / 2, y: size.height / 2)
    root.animationContext = context
    let chrome = try ChromeDecoder.chrome(statusBar: top["statusBar"], navigationBar: top["navigationBar"])
    let scrollView = ScrollView(frame: chrome?.scrollViewFrame(in: size) ?? CGRect(origin: .zero, size: size))
    scrollView.layer.name = "scrollView"
    scrollView.screenScale = finalScale
    // `"scrollIndicator": false` hides the vertical scroll indicator UIKit shows by default.
    scrollView.showsVerticalScrollIndicator =
      try top["scrollIndicator"].map { c throws(DocumentError) in try c.bool() } ?? true
    let era = try top["tableStyle"].map { c throws(DocumentError) in try c.choice(TableStyle.Era.self) } ?? .ios7
    let (sections, style) = try ContentDecoder.content(top["content"], base: TableStyle(era: era))
    let table = TableView(width: size.width, sections: sections, style: style)
    scrollView.backgroundColor = style.backgroundColor
    scrollView.contentSize = CGSize(width: size.width, height: table.contentHeight)
    scrollView.addSubview(table)
    root.addSublayer(scrollView.layer)
    // iOS 7's bars: the content rests below them from the first frame (set before a refresh component
    // installs, so that one that keeps the inset it finds, a custom view's, keeps the bars').
    if let chrome, chrome.topInset > 0 { scrollView.contentInset.top = chrome.topInset }
    let bars = chrome?.makeViews(width: size.width, screenScale: finalScale)
    for bar in [bars?.navigationBar as View?, bars?.statusBar] { if let bar { root.addSublayer(bar.layer) } }

    let layers = LayerDecoder(
      baseDirectory: baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      scale: finalScale, allowsFilesOutside: allowFilesOutside)
    let refresh: RefreshComponent?
    if let makeRefresh {
      if let given = top["refresh"] {
        throw given.error("this script's refresh component is made in Swift; leave \"refresh\" out")
      }
      refresh = makeRefresh(scrollView.bounds.size)
      if let container = refresh as? PullToRefreshContainer, container.baseTopInset == 0, let chrome {
        container.baseTopInset = chrome.topInset
      }
    } else {
      refresh = try RefreshDecoder.component(
        top["refresh"], viewport: scrollView.bounds.size, layers: layers, barInset: chrome?.topInset)
    }
    do {
      try refresh?.install(in: scrollView)
    } catch {
      throw DocumentError(location: "$.refresh", message: error.description)
    }
    var events: [ScriptEvent] = []
    if let list = top["events"] {
      for item in try list.array() { events.append(try event(item, refresh: refresh)) }
    }
    let lastTouch = track.touches.map(\.up).max() ?? 0
    let lastEvent = events.map(\.time.seconds).max() ?? 0
    let duration =
      try top["duration"].map { c throws(DocumentError) in try c.number(in: durationRange) }
      ?? max(1, max(lastTouch, lastEvent) + 1)
    return ScriptScene(
      size: size, scale: finalScale, fps: fps, duration: duration, background: background, root: root, context: context,
      scrollView: scrollView, table: table, track: track, events: events, refresh: refresh, chrome: chrome,
      statusBar: bars?.statusBar, navigationBar: bars?.navigationBar)
  }

  /// The events a script may time.
  static let eventNames = ["dataLoaded", "beginRefreshing", "noMoreData"]

  /// A timed event: `{"at": 3.0, "event": "dataLoaded"}` tells the refresh component its data arrived, and with
  /// `"rows": 10` the table first grows by that many rows (the data a load-more footer asked for);
  /// `{"at": 0.5, "event": "beginRefreshing"}` starts a refresh from code, as an app calls `beginRefreshing()`
  /// (only components that have it); `{"at": 5, "event": "noMoreData", "rows": 3}` ends an MJRefresh footer's
  /// load with `endRefreshingWithNoMoreData`. A script without a refresh component refuses them rather than
  /// ignoring them.
  static func event(_ cursor: JSONCursor, refresh: RefreshComponent?) throws(DocumentError) -> ScriptEvent {
    let m = try cursor.object(allowing: ["at", "event", "rows"])
    guard let at = m["at"] else { throw cursor.error("missing key \"at\"") }
    guard let name = m["event"] else { throw cursor.error("missing key \"event\"") }
    let time = try at.number(in: 0...3600)
    guard let exactTime = Rational(decimal: time) else { throw at.error("expected a finite time") }
    let event = try name.string()
    guard eventNames.contains(event) else {
      throw name.error(
        "\"\(event)\" is not an event; the events are \(eventNames.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
    guard let refresh else {
      throw name.error("\"\(event)\" needs a refresh component to tell; this script has none")
    }
    var rows = 0
    if let c = m["rows"] {
      guard event != "beginRefreshing" else { throw c.error("rows arrive with dataLoaded or noMoreData") }
      rows = try c.integer(in: 0...1000)
    }
    /// The rows arrive before the component hears, as an app reloads its table and then ends the refresh.
    func growTable(_ scene: ScriptScene) {
      guard rows > 0 else { return }
      scene.table.appendRows(ContentDecoder.rowTitles(count: rows, start: scene.table.rowCount))
      scene.scrollView.contentSize.height = scene.table.contentHeight
    }
    switch event {
    case "beginRefreshing":
      guard refresh is ProgrammaticRefresh else {
        throw name.error("the \"\(refresh.style)\" refresh style cannot begin refreshing from code")
      }
      return ScriptEvent(time: exactTime, name: event) { scene in
        (scene.refresh as? ProgrammaticRefresh)?.beginRefreshing()
      }
    case "noMoreData":
      guard (refresh as? MJRefreshControl)?.footer != nil else {
        throw name.error("\"noMoreData\" ends an MJRefresh footer's load; this script's refresh has no footer")
      }
      return ScriptEvent(time: exactTime, name: event) { scene in
        growTable(scene)
        (scene.refresh as? MJRefreshControl)?.noMoreData()
      }
    default:
      return ScriptEvent(time: exactTime, name: event) { scene in
        growTable(scene)
        scene.refresh?.dataLoaded()
      }
    }
  }
}
