import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import FlipbookLottie
import Foundation

// MARK: - ReactionDecoder

/// Decodes a refresh view's `on` object: for each moment (`beyondThreshold`, `withinThreshold`,
/// `startAnimating`, `stopAnimating`, `idle`), a reaction or a list of them (run in order, each with its own
/// delay; an item may repeat): animations to remove by key, properties to set, animations to add and Lottie
/// layers to play, pause or stop, on named layers, in one transaction:
///
/// ```json
/// "on": {"beyondThreshold": {"transaction": {"duration": 0.18}, "set": {"arrow": {"transform": [{"rotate": 180}]}}},
///        "startAnimating": {"add": {"spinner": [{"type": "basic", "keyPath": "transform.rotation.z", "to": 6.28}]}},
///        "stopAnimating": {"remove": {"spinner": ["transform.rotation.z"]}}}
/// ```
///
/// Every change is checked against the view's layers now, so a bad one fails at load, not mid-render.
struct ReactionDecoder {
  let layers: LayerDecoder
  let template: Layer
  let layerNames: Set<String>
  /// Draws the `{"random": [min, max]}` numbers of `set` and `add` for each pull.
  var random = PerPullRandom(seed: 0)

  func reactions(_ cursor: JSONCursor) throws(DocumentError) -> [RefreshMoment: [RefreshReaction]] {
    let members = try cursor.object(allowing: Set(RefreshMoment.allCases.map(\.rawValue)))
    var result: [RefreshMoment: [RefreshReaction]] = [:]
    for (key, item) in members {
      guard let moment = RefreshMoment(rawValue: key) else { continue }
      // One reaction, or a list of them (each with its own delay and transaction; an item may repeat).
      if case .array = item.value {
        var list: [RefreshReaction] = []
        for entry in try item.items() { list.append(try reaction(entry)) }
        result[moment] = list
      } else {
        result[moment] = [try reaction(item)]
      }
    }
    return result
  }

  private func reaction(_ cursor: JSONCursor) throws(DocumentError) -> RefreshReaction {
    let m = try cursor.object(allowing: [
      "delay", "transaction", "viewAnimation", "remove", "set", "add", "play", "pause", "stop",
    ])
    let delay = try m["delay"].map { c throws(DocumentError) in try c.number(in: 0...3600) } ?? 0
    let settings = try m["transaction"].map { c throws(DocumentError) in try SceneEventDecoder.transaction(c) }
    if m["transaction"] != nil, let view = m["viewAnimation"] {
      throw view.error("a reaction runs in a transaction or a view animation, not both")
    }
    let viewAnimation = try m["viewAnimation"].map { c throws(DocumentError) in
      try SceneEventDecoder.viewAnimation(c)
    }
    var changes: [RefreshReaction.Change] = []
    if let c = m["remove"] {
      for (name, item) in try namedLayers(c) {
        for keyCursor in try item.array() {
          changes.append(.remove(try keyCursor.string(), from: name))
        }
      }
    }
    if let c = m["set"] {
      for (name, item) in try namedLayers(c) {
        let layer = template.layer(named: name)!
        if layer.isViewLayer, let settings, settings.disableActions != true,
          settings.duration.map({ $0 > 0 }) ?? true
        {
          // UIKit: a view's layer ignores a transaction's timing and jumps; only a view animation moves it.
          throw item.error(
            "\"\(name)\" is a view's layer, which jumps in a transaction as UIKit's does: "
              + "give the reaction a \"viewAnimation\" to animate it, or \"disableActions\": true to jump")
        }
        let decoder = layers
        guard PerPullRandom.draws(item.value) else {
          try layers.set(item, on: type(of: layer).init(layer: layer))
          changes.append(RefreshReaction.Change(layer: name) { try? decoder.set(item, on: $0) })
          continue
        }
        try PerPullRandom.check(item)
        for upper in [false, true] {
          let end = JSONCursor(PerPullRandom.ends(item.value, upper: upper), path: item.path)
          try layers.set(end, on: type(of: layer).init(layer: layer))
        }
        let random = self.random
        changes.append(
          RefreshReaction.Change(layer: name) { target, pull in
            let drawn = JSONCursor(random.resolve(item.value, path: item.path, pull: pull), path: item.path)
            try? decoder.set(drawn, on: target)
          })
      }
    }
    if let c = m["add"] {
      let animations = AnimationDecoder(layers: layers)
      for (name, item) in try namedLayers(c) {
        let layer = template.layer(named: name)!
        for animationCursor in try item.items() {
          if PerPullRandom.draws(animationCursor.value) {
            changes.append(try randomAnimation(animationCursor, on: layer, named: name))
            continue
          }
          let (key, animation) = try animations.animation(animationCursor)
          if let problem = animation.validate(for: layer) { throw animationCursor.error(problem) }
          if animation.timing.beginTime < 0, let c = animationCursor.value["beginTime"] {
            // Counted from the reaction, a negative begin is already past when the animation is added.
            throw JSONCursor(c, path: animationCursor.child("beginTime")).error(
              "\(JSONValue.format(animation.timing.beginTime)) s is before the reaction runs: a reaction's beginTime "
                + "counts from it (0: at once, 0.3: 0.3 s later)")
          }
          changes.append(.add(animation, forKey: key, to: name))
        }
      }
    }
    changes += try lottieChanges(m)
    return RefreshReaction(
      duration: settings?.duration, timingFunction: settings?.timingFunction,
      disableActions: settings?.disableActions, viewAnimation: viewAnimation, delay: delay, changes: changes)
  }

  /// An animation with random numbers, checked at both ends of every range and drawn afresh for each pull.
  private func randomAnimation(_ cursor: JSONCursor, on layer: Layer, named name: String) throws(DocumentError)
    -> RefreshReaction.Change
  {
    try PerPullRandom.check(cursor)
    let animations = AnimationDecoder(layers: layers)
    var key: String?
    for upper in [false, true] {
      let end = JSONCursor(PerPullRandom.ends(cursor.value, upper: upper), path: cursor.path)
      let (endKey, animation) = try animations.animation(end)
      if let problem = animation.validate(for: layer) { throw cursor.error(problem) }
      if animation.timing.beginTime < 0 { throw cursor.error("the animation may begin before the reaction runs") }
      key = endKey
    }
    let random = self.random
    return .add(forKey: key, to: name) { pull in
      let drawn = JSONCursor(random.resolve(cursor.value, path: cursor.path, pull: pull), path: cursor.path)
      return try? animations.animation(drawn).1
    }
  }

  /// `"play": {"loader": {"marker": "refresh", "loopMode": "loop"}}`, `"pause": ["loader"]`, `"stop": ["loader"]`:
  /// lottie-ios's `play`, `pause()` and `stop()` on Lottie layers, in that order.
  private func lottieChanges(_ m: [String: JSONCursor]) throws(DocumentError) -> [RefreshReaction.Change] {
    var changes: [RefreshReaction.Change] = []
    if let c = m["play"] {
      for (name, item) in try namedLayers(c) {
        let animation = try lottieLayer(name, at: item).animation
        let (range, loopMode) = try LottieRangeDecoder.playback(item, in: animation, file: "\"\(name)\"'s animation")
        changes.append(
          RefreshReaction.Change(layer: name) { ($0 as? LottieAnimationLayer)?.play(range, loopMode: loopMode) })
      }
    }
    for (key, action) in [("pause", { (l: LottieAnimationLayer) in l.pause() }), ("stop", { $0.stop() })] {
      guard let c = m[key] else { continue }
      for nameCursor in try c.array() {
        let name = try nameCursor.string()
        _ = try lottieLayer(name, at: nameCursor)
        changes.append(RefreshReaction.Change(layer: name) { ($0 as? LottieAnimationLayer).map(action) })
      }
    }
    return changes
  }

  /// The Lottie layer named `name` in the view, or an error at `cursor`.
  private func lottieLayer(_ name: String, at cursor: JSONCursor) throws(DocumentError) -> LottieAnimationLayer {
    guard let layer = template.layer(named: name) else {
      throw cursor.error(
        "no layer named \"\(name)\" in this view" + JSONCursor.choices(for: name, among: layerNames.sorted()))
    }
    guard let lottie = layer as? LottieAnimationLayer else {
      throw cursor.error("\"\(name)\" is \(layer.kindDescription), not a Lottie layer: only Lottie layers play")
    }
    return lottie
  }

  /// An object keyed by layer names, each checked, in the document's order.
  private func namedLayers(_ cursor: JSONCursor) throws(DocumentError) -> [(String, JSONCursor)] {
    guard case .object(let pairs) = cursor.value else { throw cursor.error("expected an object of layer names") }
    let members = try cursor.object(allowing: Set(pairs.map(\.key)))
    var result: [(String, JSONCursor)] = []
    for name in pairs.map(\.key) {
      guard let item = members[name] else { continue }
      guard template.layer(named: name) != nil else {
        throw item.error(
          "no layer named \"\(name)\" in this view" + JSONCursor.choices(for: name, among: layerNames.sorted()))
      }
      result.append((name, item))
    }
    return result
  }
}
