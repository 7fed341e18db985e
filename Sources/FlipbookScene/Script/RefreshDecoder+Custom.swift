import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

extension RefreshDecoder {
  /// `{"style": "custom", "view": {…}, "trigger": {"progress": 1, "when": "willEndDragging"},
  /// "progressDistance": 110, "inset": {"height": 110, "in": {"duration": 4}, "out": {"duration": 0.3,
  /// "curve": "easeOut"}, "followsScroll": false}, "end": {"after": 4}, "updatesWhileRefreshing": true}`:
  /// a refresh view of your own with no container, its behaviour spelled out (see `RefreshBehaviour`).
  static func custom(_ cursor: JSONCursor, viewport: CGSize, layers: LayerDecoder) throws(DocumentError)
    -> RefreshComponent
  {
    let m = try cursor.object(allowing: behaviourKeys.union(["style", "view"]))
    guard let viewCursor = m["view"] else { throw cursor.error("missing key \"view\"") }
    let design = try RefreshViewDecoder(layers: layers).design(viewCursor)
    let behaviour = try behaviour(m, base: RefreshBehaviour())
    return CustomRefreshControl(view: DesignedRefreshView(design: design, width: viewport.width), behaviour: behaviour)
  }

  /// The keys that spell out a free-standing refresh control's behaviour (see `RefreshBehaviour`).
  static let behaviourKeys: Set<String> = ["trigger", "progressDistance", "inset", "end", "updatesWhileRefreshing"]

  /// `base` with the behaviour keys in `m` applied: `"trigger": {"progress": 1, "when": "willEndDragging"}`,
  /// `"progressDistance": 110`, `"inset": {"height": 110, "in": {…}, "out": {…}, "followsScroll": false}`,
  /// `"end": {"after": 4}` or `"dataLoaded"`, `"updatesWhileRefreshing": true`.
  static func behaviour(_ m: [String: JSONCursor], base: RefreshBehaviour) throws(DocumentError) -> RefreshBehaviour {
    var behaviour = base
    if let c = m["trigger"] {
      let t = try c.object(allowing: ["distance", "progress", "when"])
      if t["distance"] != nil, let p = t["progress"] { throw p.error("give \"distance\" or \"progress\", not both") }
      if let d = t["distance"] { behaviour.threshold = .distance(try d.number(in: 0...GestureScript.maxViewportSide)) }
      if let p = t["progress"] { behaviour.threshold = .progress(try p.number(in: 0...1)) }
      if let w = t["when"] { behaviour.triggerMoment = try w.choice(RefreshBehaviour.TriggerMoment.self) }
    }
    if let c = m["progressDistance"] {
      behaviour.progressDistance = try c.number(in: 1...GestureScript.maxViewportSide)
    }
    if let c = m["inset"] {
      let i = try c.object(allowing: ["height", "in", "out", "followsScroll"])
      if let h = i["height"] { behaviour.refreshingInset = try h.number(in: 0...GestureScript.maxViewportSide) }
      if let a = i["in"] { behaviour.insetIn = try insetAnimation(a, default: behaviour.insetIn) }
      if let a = i["out"] { behaviour.insetOut = try insetAnimation(a, default: behaviour.insetOut) }
      if let f = i["followsScroll"] { behaviour.insetFollowsScroll = try f.bool() }
    }
    if let c = m["end"] {
      if case .string = c.value {
        guard try c.string() == "dataLoaded" else { throw c.error("expected \"dataLoaded\" or {\"after\": seconds}") }
        behaviour.ending = .dataLoaded
      } else {
        let e = try c.object(allowing: ["after"])
        guard let after = e["after"] else { throw c.error("expected \"dataLoaded\" or {\"after\": seconds}") }
        behaviour.ending = .after(try after.number(in: 0...3600))
      }
    }
    if let c = m["updatesWhileRefreshing"] { behaviour.updatesWhileRefreshing = try c.bool() }
    return behaviour
  }

  /// `{"duration": 0.3, "delay": 0, "curve": "easeOut"}`; what is left out keeps `default`'s.
  static func insetAnimation(_ c: JSONCursor, default base: RefreshBehaviour.InsetAnimation) throws(DocumentError)
    -> RefreshBehaviour.InsetAnimation
  {
    let m = try c.object(allowing: ["duration", "delay", "curve"])
    var result = base
    if let d = m["duration"] { result.duration = try d.number(in: 0...3600) }
    if let d = m["delay"] { result.delay = try d.number(in: 0...3600) }
    if let k = m["curve"] { result.curve = try SceneEventDecoder.viewCurve(k) }
    return result
  }

  /// APL's `didInstall` customisation of its default view: `{"indicatorStyle": "white",
  /// "indicatorColor": "#FF2D55", "backgroundColor": "#F2F2F7"}`.
  static func aplDidInstall(_ cursor: JSONCursor) throws(DocumentError) -> (any APLRefreshView) -> Void {
    let m = try cursor.object(allowing: ["indicatorStyle", "indicatorColor", "backgroundColor"])
    let style = try m["indicatorStyle"].map { c throws(DocumentError) in try c.choice(ActivityIndicatorView.Style.self)
    }
    let color = try m["indicatorColor"].map { c throws(DocumentError) in try LayerDecoder.color(c) }
    let background = try m["backgroundColor"].map { c throws(DocumentError) in try LayerDecoder.optionalColor(c) }
    return { refreshView in
      guard let view = refreshView as? DefaultRefreshView else { return }
      if let style { view.activityIndicator.style = style }
      if let color { view.activityIndicator.color = color }
      if let background { view.backgroundColor = background }
    }
  }
}
