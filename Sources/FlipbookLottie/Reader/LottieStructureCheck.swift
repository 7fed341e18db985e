import FlipbookJSON

// MARK: - LottieStructureCheck

/// Checks what spans layers and assets once everything is read: precomposition and image references resolve,
/// precompositions never contain themselves, nesting and the expanded layer count stay within ``LottieLimits``,
/// and parent chains end. Each problem is one `DocumentError` at the JSON path of the layer that causes it.
struct LottieStructureCheck {
  let precompositions: [String: LottiePrecomposition]
  let images: [String: LottieImageAsset]

  /// Layers each precomposition expands to, once checked (memoized so shared precompositions cost once).
  private final class Memo {
    var expanded: [String: Int] = [:]
    var inProgress: [String] = []
  }
  private let memo = Memo()

  func check(_ layers: [LottieLayer], at root: JSONCursor) throws(DocumentError) {
    let total = try expandedCount(of: layers, depth: 0)
    guard total <= LottieLimits.maxExpandedLayers else {
      throw root.error(
        "the animation expands to \(total) layers with its precompositions, more than the \(LottieLimits.maxExpandedLayers) allowed"
      )
    }
  }

  /// The layers `layers` draw with every precomposition expanded, checking references, cycles, depth and parents.
  private func expandedCount(of layers: [LottieLayer], depth: Int) throws(DocumentError) -> Int {
    try checkParents(layers)
    var total = 0
    for layer in layers {
      total += 1
      switch layer.content {
      case .precomp(let refId, _, _, _):
        guard let asset = precompositions[refId] else {
          throw DocumentError(location: "\(layer.path).refId", message: "no precomposition asset has id \"\(refId)\"")
        }
        if let cycle = memo.inProgress.firstIndex(of: refId) {
          let chain = (memo.inProgress[cycle...] + [refId]).joined(separator: " → ")
          throw DocumentError(
            location: "\(layer.path).refId", message: "precomposition \"\(refId)\" contains itself (\(chain))")
        }
        guard depth < LottieLimits.maxPrecompositionDepth else {
          throw DocumentError(
            location: "\(layer.path).refId",
            message: "precompositions nest deeper than \(LottieLimits.maxPrecompositionDepth) levels")
        }
        if let known = memo.expanded[refId] {
          total += known
        } else {
          memo.inProgress.append(refId)
          let count = try expandedCount(of: asset.layers, depth: depth + 1)
          memo.inProgress.removeLast()
          memo.expanded[refId] = count
          total += count
        }
      case .image(let refId):
        guard images[refId] != nil else {
          throw DocumentError(location: "\(layer.path).refId", message: "no image asset has id \"\(refId)\"")
        }
      default:
        break
      }
      // Saturate rather than overflow: the limit is checked by the caller.
      if total > LottieLimits.maxExpandedLayers { return total }
    }
    return total
  }

  /// Parent chains must end: a layer that is its own ancestor is an error at its `parent`.
  private func checkParents(_ layers: [LottieLayer]) throws(DocumentError) {
    // Layers by index; of two with one index the later in the file wins, as in lottie-ios's `setupLayerHierarchy`
    // (grouped in z order, back first, taking the first).
    var byIndex: [Int: Int] = [:]
    for (position, layer) in layers.enumerated() {
      if let index = layer.index { byIndex[index] = position }
    }
    for (start, layer) in layers.enumerated() where layer.parent != nil {
      var seen: Set<Int> = [start]
      var current = layer
      while let parent = current.parent, let next = byIndex[parent] {
        guard seen.insert(next).inserted else {
          throw DocumentError(
            location: "\(layer.path).parent",
            message: "the chain of parents from here never ends: parent \(parent) is met twice (a parent cycle)")
        }
        current = layers[next]
      }
    }
  }
}
