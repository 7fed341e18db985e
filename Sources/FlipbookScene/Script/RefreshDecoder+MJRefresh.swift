import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import Foundation

extension RefreshDecoder {
  /// The header kinds a script may name, with `none` for a footer alone.
  enum MJHeaderKind: String, CaseIterable {
    case normal, state, gif, none
  }

  /// The keys of an `mjrefresh` refresh besides `style`.
  static let mjKeys: Set<String> = [
    "header", "language", "timeZone", "now", "lastUpdated", "titles", "hideStateLabel", "hideTimeLabel",
    "automaticallyChangeAlpha", "textColor", "images", "durations", "footer",
  ]
  /// The keys of its `footer`.
  static let mjFooterKeys: Set<String> = [
    "kind", "look", "titles", "hideStateLabel", "automaticallyChangeAlpha", "textColor", "autoTriggerTimes",
    "triggerPercent",
  ]
  /// The states a header's titles, images and durations are given for; a footer's titles add `noMoreData`.
  static let mjHeaderStates: [MJRefreshState] = [.idle, .pulling, .refreshing]

  /// `{"style": "mjrefresh", "header": "normal", "language": "zh-Hant", "lastUpdated": "2026-11-30T09:00:00Z",
  /// "footer": {"kind": "back"}}`: MJRefresh's header (`normal`, `state`, `gif` or `none`) and an optional
  /// footer (`back` or `auto`, `normal` or `state`), in one of MJRefresh's six languages. A gif header takes
  /// `images` per state (`{"file": …}` or `{"asset": …}` each) and optional loop `durations`.
  static func mjRefresh(_ cursor: JSONCursor, layers: LayerDecoder) throws(DocumentError) -> RefreshComponent {
    let m = try cursor.object(allowing: mjKeys.union(["style"]))
    let kind = try m["header"].map { c throws(DocumentError) in try c.choice(MJHeaderKind.self) } ?? .normal
    let strings =
      try m["language"].map { c throws(DocumentError) in
        try language(c, in: MJRefreshStrings.byLanguage, what: "MJRefresh ")
      } ?? .english
    let textColor =
      try m["textColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) } ?? MJRefreshMetrics.labelTextColor
    let header: MJRefreshHeader?
    if kind == .none {
      for key in mjKeys.subtracting(["header", "language", "footer", "textColor"]).sorted() {
        if let c = m[key] { throw c.error("\(key) configures a header; this refresh has \"header\": \"none\"") }
      }
      header = nil
    } else {
      header = try mjHeader(kind, m, at: cursor, strings: strings, textColor: textColor, layers: layers)
    }
    let footer = try m["footer"].map { c throws(DocumentError) in
      try mjFooter(c, strings: strings, textColor: textColor)
    }
    if header == nil, footer == nil { throw cursor.error("\"header\": \"none\" needs a \"footer\"") }
    return MJRefreshControl(header: header, footer: footer)
  }

  private static func mjHeader(
    _ kind: MJHeaderKind, _ m: [String: JSONCursor], at cursor: JSONCursor, strings: MJRefreshStrings, textColor: Color,
    layers: LayerDecoder
  ) throws(DocumentError) -> MJRefreshHeader {
    var headerKind = MJRefreshHeader.Kind.normal
    if kind == .state { headerKind = .state }
    if kind == .gif {
      guard let c = m["images"] else { throw cursor.error("a gif header needs \"images\" for at least one state") }
      headerKind = .gif(try gifImages(c, durations: m["durations"], layers: layers))
    } else {
      for key in ["images", "durations"] {
        if let c = m[key] { throw c.error("\(key) belong to a gif header; this one is \"\(kind.rawValue)\"") }
      }
    }
    var timeZone = TimeZone(identifier: "UTC")!
    if let c = m["timeZone"] { timeZone = try DateDecoder.timeZone(c) }
    let now = try m["now"].map { c throws(DocumentError) in try DateDecoder.date(c) } ?? defaultNow
    let lastUpdated = try m["lastUpdated"].map { c throws(DocumentError) in try DateDecoder.date(c) }
    let header = MJRefreshHeader(
      kind: headerKind, strings: strings,
      titles: try m["titles"].map { c throws(DocumentError) in try mjTitles(c, states: mjHeaderStates) } ?? [:],
      stateLabelHidden: try m["hideStateLabel"].map { c throws(DocumentError) in try c.bool() } ?? false,
      lastUpdatedTimeLabelHidden: try m["hideTimeLabel"].map { c throws(DocumentError) in try c.bool() } ?? false,
      textColor: textColor,
      timeZone: timeZone, now: now, lastUpdatedTime: lastUpdated)
    header.automaticallyChangeAlpha =
      try m["automaticallyChangeAlpha"].map { c throws(DocumentError) in try c.bool() } ?? false
    return header
  }

  private static func mjFooter(_ cursor: JSONCursor, strings: MJRefreshStrings, textColor: Color)
    throws(DocumentError) -> MJRefreshFooter
  {
    let m = try cursor.object(allowing: mjFooterKeys)
    let behaviour =
      try m["kind"].map { c throws(DocumentError) in try c.choice(MJRefreshFooter.Behaviour.self) } ?? .back
    if let c = m["look"], case .string("gif") = c.value {
      throw c.error("gif footers are not drawn yet; use \"normal\" or \"state\"")
    }
    let look = try m["look"].map { c throws(DocumentError) in try c.choice(MJRefreshFooter.Look.self) } ?? .normal
    var states: [MJRefreshState] = [.idle, .refreshing, .noMoreData]
    if behaviour == .back { states.insert(.pulling, at: 1) }
    let footer = MJRefreshFooter(
      behaviour: behaviour, look: look, strings: strings,
      titles: try m["titles"].map { c throws(DocumentError) in try mjTitles(c, states: states) } ?? [:],
      stateLabelHidden: try m["hideStateLabel"].map { c throws(DocumentError) in try c.bool() } ?? false,
      textColor: try m["textColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) } ?? textColor)
    footer.automaticallyChangeAlpha =
      try m["automaticallyChangeAlpha"].map { c throws(DocumentError) in try c.bool() } ?? false
    for key in ["autoTriggerTimes", "triggerPercent"] where behaviour == .back {
      if let c = m[key] { throw c.error("\(key) belongs to an auto footer; this one is \"back\"") }
    }
    if let c = m["autoTriggerTimes"] { footer.autoTriggerTimes = try c.integer(in: -1...100) }
    if let c = m["triggerPercent"] { footer.triggerAutomaticallyRefreshPercent = try c.number(in: 0...10) }
    return footer
  }

  /// `{"idle": "…", "pulling": "…"}`: `setTitle:forState:` for the listed states.
  private static func mjTitles(_ cursor: JSONCursor, states: [MJRefreshState]) throws(DocumentError)
    -> [MJRefreshState: String]
  {
    let m = try cursor.object(allowing: Set(states.map(\.rawValue)))
    var titles: [MJRefreshState: String] = [:]
    for state in states { if let c = m[state.rawValue] { titles[state] = try c.string() } }
    return titles
  }

  /// A gif header's images per state (each a non-empty list of contents) and their loop durations in seconds.
  private static func gifImages(_ cursor: JSONCursor, durations: JSONCursor?, layers: LayerDecoder)
    throws(DocumentError) -> MJRefreshGifImages
  {
    let m = try cursor.object(allowing: Set(mjHeaderStates.map(\.rawValue)))
    var frames: [MJRefreshState: [MJRefreshGifImages.Frame]] = [:]
    for state in mjHeaderStates {
      guard let list = m[state.rawValue] else { continue }
      let items = try list.array()
      guard !items.isEmpty else { throw list.error("give at least one image, or leave \"\(state.rawValue)\" out") }
      guard items.count <= 240 else { throw list.error("at most 240 images a state") }
      var images: [MJRefreshGifImages.Frame] = []
      for item in items {
        let (image, scale) = try layers.contents(item)
        guard let image else { throw item.error("expected an image, found null") }
        images.append(MJRefreshGifImages.Frame(image: image, scale: scale))
      }
      frames[state] = images
    }
    guard !frames.isEmpty else {
      throw cursor.error("give images for at least one of \"idle\", \"pulling\", \"refreshing\"")
    }
    var loops: [MJRefreshState: Double] = [:]
    if let durations {
      let d = try durations.object(allowing: ["pulling", "refreshing"])
      for state in [MJRefreshState.pulling, .refreshing] {
        guard let c = d[state.rawValue] else { continue }
        guard frames[state] != nil else { throw c.error("no images for \"\(state.rawValue)\" to loop") }
        loops[state] = try c.number(in: 0.01...60)
      }
    }
    return MJRefreshGifImages(frames: frames, durations: loops)
  }
}
