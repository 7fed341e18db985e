import FlipbookComponents
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import Foundation

// MARK: - RefreshViewDecoder

/// Decodes a refresh view of your own: `{"height": 110, "backgroundColor": "#…", "layers": […],
/// "bindings": […], "on": {…}}`, with `layers` in the scene-document format (animations included: they
/// start when the view is installed). The layers are decoded once here, to check every name and value the
/// bindings and reactions use, and again for each view made, so every view has its own.
struct RefreshViewDecoder {
  let layers: LayerDecoder
  /// What hosts the view, which decides the inputs its bindings may follow.
  var host: Host = .freeStanding

  /// What hosts a view of your own.
  enum Host {
    /// A free-standing `CustomRefreshControl`, which tells its view every input.
    case freeStanding
    /// APL's container, which tells its view only the fraction pulled: no finger, inset or offset.
    case aplContainer

    /// The inputs the host tells its view.
    var inputs: [RefreshInput] {
      switch self {
      case .freeStanding: RefreshInput.allCases
      case .aplContainer: RefreshInput.allCases.filter { ![.fingerX, .inset, .offset].contains($0) }
      }
    }
  }

  static let keys: Set<String> = ["height", "backgroundColor", "layers", "bindings", "on", "seed"]

  func design(_ cursor: JSONCursor) throws(DocumentError) -> RefreshDesign {
    let m = try cursor.object(allowing: Self.keys)
    guard let heightCursor = m["height"] else { throw cursor.error("missing key \"height\"") }
    let height = try heightCursor.number(in: 1...GestureScript.maxViewportSide)
    let background = try m["backgroundColor"].map { c throws(DocumentError) in try LayerDecoder.optionalColor(c) }
    let items = try m["layers"].map { c throws(DocumentError) in try c.items() } ?? []
    // The seed of the reactions' per-pull random numbers: another seed, another run.
    let seed = try m["seed"].map { c throws(DocumentError) in UInt64(try c.integer(in: 0...Int(1e9))) } ?? 0

    // The template: every layer once, with its declared animations checked against it.
    let template = Layer()
    let check = layers.fresh()
    for item in items { template.addSublayer(try check.layer(item)) }
    for (layer, _, animation, path) in check.pending.items {
      if let problem = animation.validate(for: layer) { throw DocumentError(location: path, message: problem) }
    }
    let names = Set(template.allNames)

    var bindings: [RefreshBinding] = []
    if let c = m["bindings"] {
      let decoder = BindingDecoder(template: template, layerNames: names, hostInputs: host.inputs)
      for item in try c.items() { bindings.append(try decoder.binding(item)) }
    }
    let reactions =
      try m["on"].map { c throws(DocumentError) in
        try ReactionDecoder(layers: layers, template: template, layerNames: names, random: PerPullRandom(seed: seed))
          .reactions(c)
      } ?? [:]

    let source = layers
    return RefreshDesign(height: height, backgroundColor: background ?? nil, bindings: bindings, reactions: reactions) {
      // Checked above: decoding the same items again cannot fail (an image file that vanished meanwhile
      // leaves its layer empty rather than stopping a render halfway).
      let decoder = source.fresh()
      var made: [Layer] = []
      for item in items {
        if let layer = try? decoder.layer(item) { made.append(layer) }
      }
      return RefreshDesign.Layers(
        layers: made, animations: decoder.pending.items.map { ($0.0, $0.1, $0.2) }, starts: decoder.pending.starts)
    }
  }
}

extension LayerDecoder {
  /// The same settings with its own list of pending animations.
  func fresh() -> LayerDecoder {
    var decoder = LayerDecoder(baseDirectory: baseDirectory, scale: scale, allowsFilesOutside: allowsFilesOutside)
    decoder.lottieFiles = lottieFiles
    return decoder
  }
}

extension Layer {
  /// The names of this layer's sublayers, masks and everything below them (what `layer(named:)` finds).
  var allNames: [String] {
    let below = sublayers + (mask.map { [$0] } ?? [])
    return below.flatMap { layer in (layer.name.map { [$0] } ?? []) + layer.allNames }
  }
}
