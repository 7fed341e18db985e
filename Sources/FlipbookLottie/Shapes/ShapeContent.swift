import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - Shape content

/// The layers drawing `items` (a shape layer's `shapes`), back to front, to be added to the shape layer's
/// container, built as lottie-ios's Core Animation engine builds them (lottie-ios
/// Sources/Private/CoreAnimation/Layers/ShapeLayer.swift, 4.6.1): one layer per group with the group's
/// transform and opacity, inside it one layer per set of paths painted together, and a copy of the items before
/// a repeater for each of its copies. Hidden items are left out; what iOS does not draw is reported.
func makeShapeContent(_ items: [ShapeItem], context: LottieBuildContext) -> [Layer] {
  reportIgnoredItems(items, groupPath: [], context: context)
  return ShapeContentBuilder(context: context).groupLayers(
    from: items.map { PlacedShapeItem(item: $0, groupPath: []) }, parentGroup: nil, parentGroupPath: [])
}

/// Names what iOS draws without, silently in lottie-ios (so the file stays "drawn as iOS draws it"): merge
/// paths, item types lottie-ios does not know, a repeater's offset and start/end opacities, gradient highlights.
private func reportIgnoredItems(_ items: [ShapeItem], groupPath: [String], context: LottieBuildContext) {
  for item in items where !item.isHidden {
    let itemContext = PlacedShapeItem(item: item, groupPath: groupPath).context(in: context)
    switch item {
    case .group(let group):
      let path = group.info.name.isEmpty ? groupPath : groupPath + [group.info.name]
      reportIgnoredItems(group.items, groupPath: path, context: context)
    case .merge:
      itemContext.report("merge paths (no iOS engine draws them)", kind: .ignored)
    case .unknown(let unknown):
      itemContext.report("shape item type \"\(unknown.type)\" (iOS does not draw it)", kind: .ignored)
    case .repeater(let repeater):
      let opacities = repeater.startOpacity.keyframes + repeater.endOpacity.keyframes
      if repeater.offset.keyframes.contains(where: { $0.value != 0 }) || opacities.contains(where: { $0.value != 100 })
      {
        itemContext.report(
          "repeater offset and start/end opacity (iOS's Core Animation engine ignores them)", kind: .ignored)
      }
    case .gradientFill(let x) where x.gradient.hasHighlight:
      itemContext.report(ShapeGradient.highlightIssue, kind: .ignored)
    case .gradientStroke(let x) where x.gradient.hasHighlight:
      itemContext.report(ShapeGradient.highlightIssue, kind: .ignored)
    default:
      break
    }
  }
}

/// Every layer the shape content creates shares its superlayer's coordinates: anchor point at the origin and
/// the same bounds as its container (lottie-ios `fillBoundsOfSuperlayer`). The container's size is not needed
/// for the geometry, so a unit square stands for it: an anchor point `a` in unit coordinates is then exactly the
/// file's absolute anchor `a`, as lottie-ios's `anchor / bounds.size` gives on a layer of the real size.
let shapeLayerBounds = CGRect(x: 0, y: 0, width: 1, height: 1)

/// `layer` set up to fill its container, as every layer of the shape content does.
func filling<L: Layer>(_ layer: L) -> L {
  layer.anchorPoint = .zero
  layer.bounds = shapeLayerBounds
  layer.position = .zero
  return layer
}

/// Builds the layers of one shape layer's items.
struct ShapeContentBuilder {
  /// The shape layer's context: its keypath names the layer.
  var context: LottieBuildContext

  /// The layers for `items` below a group (or at the top when `parentGroup` is nil), in drawing order: each
  /// repeater draws the items before it once per copy; the rest become group layers (lottie-ios
  /// `setupGroups(from:parentGroup:parentGroupPath:context:)`).
  func groupLayers(from items: [PlacedShapeItem], parentGroup: ShapeGroup?, parentGroupPath: [String]) -> [Layer] {
    guard items.contains(where: { $0.item.isRepeater }) else {
      return makeGroupLayers(from: items, parentGroup: parentGroup, parentGroupPath: parentGroupPath)
    }
    var layers: [Layer] = []
    for grouping in items.splitAtRepeaters().reversed() {
      if let repeater = grouping.repeater {
        layers += repeatedLayers(repeater, items: grouping.items, parentGroupPath: parentGroupPath)
      } else {
        layers += groupLayers(from: grouping.items, parentGroup: parentGroup, parentGroupPath: parentGroupPath)
      }
    }
    return layers
  }

  /// One group layer per group among `items`, back to front; at the top, paths outside any group are gathered
  /// into an unnamed group first. Items no path of this level uses are inherited by every child group, strokes
  /// with the child group's scale undone (lottie-ios `makeGroupLayers`).
  func makeGroupLayers(from items: [PlacedShapeItem], parentGroup: ShapeGroup?, parentGroupPath: [String]) -> [Layer] {
    var groups: [ShapeGroup] = items.compactMap {
      if case .group(let g) = $0.item, !g.info.hidden { g } else { nil }
    }
    var others = items.filter { !$0.item.isGroup && !$0.item.isHidden }
    if parentGroup == nil, others.contains(where: { $0.item.drawsPath }) {
      groups = [ShapeGroup(info: ShapeItemInfo(name: "", hidden: false), items: items.map(\.item))]
      others = []
    }
    let inherited = others.shapeRenderGroups(groupHasChildGroupsToInheritUnusedItems: !groups.isEmpty).unusedItems
    return groups.reversed().map { group in
      let path = group.info.name.isEmpty ? parentGroupPath : parentGroupPath + [group.info.name]
      let children = group.items.filter { !$0.isHidden }.map { PlacedShapeItem(item: $0, groupPath: path) }
      let inheritedItems = inherited.map { placed in
        PlacedShapeItem(item: placed.item.scaledForChildGroup(group, context: context), groupPath: placed.groupPath)
      }
      return groupLayer(group, items: children + inheritedItems, groupPath: path)
    }
  }

  /// A group's layer: its child groups (and repeaters) behind, then one shape item layer per render group, the
  /// group's `tr` transform and opacity on the layer itself (lottie-ios `GroupLayer`).
  func groupLayer(_ group: ShapeGroup, items: [PlacedShapeItem], groupPath: [String]) -> Layer {
    let layer = filling(Layer())
    layer.name = group.info.name
    for sublayer in groupLayers(from: items, parentGroup: group, parentGroupPath: groupPath) {
      layer.addSublayer(sublayer)
    }
    let hasChildGroups = items.contains { $0.item.isGroup }
    let renderGroups = items.shapeRenderGroups(groupHasChildGroupsToInheritUnusedItems: hasChildGroups).validGroups
    for renderGroup in renderGroups.reversed() {
      let shapes = renderGroup.pathItems.compactMap { placed -> ShapePath? in
        if case .path(let p) = placed.item { p } else { nil }
      }
      if renderGroup.pathItems.count > 1, shapes.count == renderGroup.pathItems.count,
        !renderGroup.otherItems.contains(where: { $0.item.isTrim })
      {
        // Several paths in one shape layer, so an even-odd fill sees their overlaps (lottie-ios
        // `CombinedShapeItem`), named after the group.
        let combined = PlacedShapeItem(
          item: .path(ShapePath(info: ShapeItemInfo(name: group.info.name, hidden: false), combining: shapes)),
          groupPath: renderGroup.pathItems[0].groupPath)
        layer.addSublayer(
          ShapeItemLayerBuilder(
            shape: combined, combining: shapes, otherItems: renderGroup.otherItems, context: context
          )
          .build())
      } else {
        for pathItem in renderGroup.pathItems {
          layer.addSublayer(
            ShapeItemLayerBuilder(shape: pathItem, combining: nil, otherItems: renderGroup.otherItems, context: context)
              .build())
        }
      }
    }
    let nonGroupItems = items.filter { !$0.item.isGroup }
    if let placed = nonGroupItems.first(where: { if case .transform = $0.item { true } else { false } }),
      case .transform(let transform) = placed.item
    {
      let itemContext = placed.context(in: context)
      addShapeTransformAnimations(to: layer, transform: transform.transform, context: itemContext)
      itemContext.addAnimation(to: layer, .opacity, keyframes: transform.transform.opacity, property: "Opacity") {
        $0 / 100
      }
    }
    return layer
  }

  /// The items before a repeater, once per copy, each copy in its own layer moved a step further by the
  /// repeater's transform (lottie-ios `setUpRepeater` and `RepeaterLayer`). The copy count cannot animate in
  /// Core Animation: its first keyframe is used and more keyframes are reported.
  func repeatedLayers(_ repeater: ShapeRepeater, items: [PlacedShapeItem], parentGroupPath: [String]) -> [Layer] {
    let repeaterContext = PlacedShapeItem(item: .repeater(repeater), groupPath: parentGroupPath).context(in: context)
    if repeater.copies.keyframes.count > 1 {
      repeaterContext.report("animated repeater copies (iOS draws the first keyframe's count)")
    }
    let wanted = repeater.copies.keyframes.first?.value ?? 0
    let count = wanted.isFinite ? Int(min(max(wanted, 0), Double(ReplicatorLayer.maxInstanceCount))) : 0
    if wanted > Double(ReplicatorLayer.maxInstanceCount) {
      repeaterContext.report(
        "repeater copies beyond \(ReplicatorLayer.maxInstanceCount) (Flipbook's bound)", kind: .ignored)
    }
    let content = items.filter { !$0.item.isRepeater }
    var layers: [Layer] = []
    for index in 0..<count {
      for child in makeGroupLayers(from: content, parentGroup: nil, parentGroupPath: parentGroupPath) {
        let copy = filling(Layer())
        copy.name = "\(repeater.info.name) copy \(index)"
        copy.addSublayer(child)
        addShapeTransformAnimations(
          to: copy, transform: repeater.transform(forCopy: index), context: repeaterContext)
        layers.append(copy)
      }
    }
    return layers
  }
}

// MARK: - Repeater groupings

extension Array where Element == PlacedShapeItem {
  /// The items split at each repeater: every grouping ends with the repeater that repeats it, except a last
  /// grouping after the last repeater (lottie-ios `split(whereSeparator:)`).
  func splitAtRepeaters() -> [(items: [PlacedShapeItem], repeater: ShapeRepeater?)] {
    var result: [(items: [PlacedShapeItem], repeater: ShapeRepeater?)] = []
    for placed in self {
      if result.isEmpty || result[result.count - 1].repeater != nil { result.append(([], nil)) }
      if case .repeater(let repeater) = placed.item {
        result[result.count - 1].repeater = repeater
      } else {
        result[result.count - 1].items.append(placed)
      }
    }
    return result
  }
}

extension ShapeRepeater {
  /// The transform of copy `index`: position and rotations multiplied by the index, anchor and scale as given
  /// (so every copy, the first included, is scaled alike), as lottie-ios's `RepeaterTransform` builds it. The
  /// offset and the start and end opacities are not part of it: lottie-ios's Core Animation engine ignores them.
  func transform(forCopy index: Int) -> LottieTransform {
    let k = Double(index)
    var t = LottieTransform()
    t.anchor = anchorPoint
    t.scale = scale
    t.position = position.map { LottieVector(x: $0.x * k, y: $0.y * k, z: $0.z * k) }
    t.rotationX = rotationX.map { $0 * k }
    t.rotationY = rotationY.map { $0 * k }
    t.rotationZ = rotationZ.map { $0 * k }
    return t
  }
}

// MARK: - Inherited strokes

extension ShapeItem {
  /// The item as a child group inherits it: a stroke's width divided by the child group's scale, so that the
  /// group's transform does not thicken a stroke it did not declare (lottie-ios `scaledCopyForChildGroup`). Only
  /// a uniform scale can be undone on a width; another is reported.
  func scaledForChildGroup(_ group: ShapeGroup, context: LottieBuildContext) -> ShapeItem {
    guard !drawsPath,
      let transform = group.items.lazy.compactMap({ item -> ShapeTransform? in
        if case .transform(let t) = item { t } else { nil }
      }).first
    else { return self }
    func scaled(_ style: ShapeStrokeStyle) -> ShapeStrokeStyle {
      guard let widths = CombinableKeyframes(style.width, interpolate: ShapeInterpolation.number),
        let scales = CombinableKeyframes(transform.transform.scale, interpolate: ShapeInterpolation.vector)
      else { return style }
      var result = style
      result.width = ShapeKeyframes.combined([widths, scales]) { v in
        let scale = v[1] as! LottieVector
        if scale.x != scale.y {
          context.report("a stroke inherited by a group scaled unevenly (iOS undoes only a uniform scale)")
        }
        return (v[0] as! Double) * (100 / scale.x)
      }
      return result
    }
    switch self {
    case .stroke(var stroke):
      stroke.style = scaled(stroke.style)
      return .stroke(stroke)
    case .gradientStroke(var stroke):
      stroke.style = scaled(stroke.style)
      return .gradientStroke(stroke)
    default:
      return self
    }
  }
}

extension ShapePath {
  /// The item standing for several paths drawn as one (its keyframes are built from `shapes` when drawn).
  init(info: ShapeItemInfo, combining shapes: [ShapePath]) {
    self.info = info
    self.path = shapes.first?.path ?? LottieKeyframes(keyframes: [])
  }
}
