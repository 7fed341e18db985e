// MARK: - PlacedShapeItem

/// A shape item with the names of the groups it came from: lottie-ios rebuilds the group hierarchy into layers
/// (an item a group does not use is inherited by its child groups), so each item carries the keypath of its
/// original place for dynamic properties and issue paths (lottie-ios `ShapeItemLayer.Item`, lottie-ios
/// Sources/Private/CoreAnimation/Layers/ShapeItemLayer.swift, 4.6.1).
struct PlacedShapeItem {
  /// The item.
  var item: ShapeItem
  /// The names of the groups from the shape layer down to the item (unnamed groups add nothing).
  var groupPath: [String]

  /// The keypath of the item's properties below `context`'s.
  func context(in context: LottieBuildContext) -> LottieBuildContext {
    var result = context
    result.keypath += groupPath + [item.name]
    return result
  }
}

// MARK: - Item roles

extension ShapeItem {
  /// Whether the item draws a path: rectangle, ellipse, path, polystar (lottie-ios `drawsCGPath`).
  var drawsPath: Bool {
    switch self {
    case .rectangle, .ellipse, .path, .polystar: true
    default: false
    }
  }

  /// Whether the item fills the paths before it (lottie-ios `isFill`).
  var isFill: Bool {
    switch self {
    case .fill, .gradientFill: true
    default: false
    }
  }

  /// Whether the item strokes the paths before it (lottie-ios `isStroke`).
  var isStroke: Bool {
    switch self {
    case .stroke, .gradientStroke: true
    default: false
    }
  }

  var isGroup: Bool {
    if case .group = self { true } else { false }
  }

  var isTrim: Bool {
    if case .trim = self { true } else { false }
  }

  var isRepeater: Bool {
    if case .repeater = self { true } else { false }
  }

  /// The item's opacity keyframes, for the items that have one (fills, strokes, gradients).
  var paintOpacity: LottieKeyframes<Double>? {
    switch self {
    case .fill(let x): x.opacity
    case .stroke(let x): x.opacity
    case .gradientFill(let x): x.gradient.opacity
    case .gradientStroke(let x): x.gradient.opacity
    default: nil
    }
  }
}

// MARK: - ShapeRenderGroup

/// Items drawn together by one shape item layer: the paths and what paints and modifies them (lottie-ios
/// `ShapeRenderGroup`, Sources/Private/CoreAnimation/Layers/ShapeLayer.swift, 4.6.1).
struct ShapeRenderGroup {
  /// The path-drawing items; a valid group has at least one.
  var pathItems: [PlacedShapeItem] = []
  /// Fills, strokes, trims, rounded corners and the rest that apply to those paths.
  var otherItems: [PlacedShapeItem] = []
  /// The positions, in the list that was split, of the items used, so the unused ones can be found.
  fileprivate var used: Set<Int> = []
}

extension Array where Element == PlacedShapeItem {
  /// Splits these items (a group's, in file order: front to back) into the groups drawn as units and the items
  /// none of them uses, exactly as lottie-ios's `shapeRenderGroups(groupHasChildGroupsToInheritUnusedItems:)`:
  ///
  /// - a path joins the current group, unless that group already has a trim (trims only affect the paths before
  ///   them), which starts a new group;
  /// - a fill or gradient fill ends the current group (it applies only to the paths before it); a fill with no
  ///   path of its own borrows the previous group's paths, unless child groups will inherit it;
  /// - every other item applies to every group so far;
  /// - a group then stays one layer only if it has at most one fill and one stroke, the stroke in front of the
  ///   fill, and both with the same opacity keyframes; otherwise each fill or stroke gets its own group with the
  ///   same paths;
  /// - groups without a path are dropped, and their items are the unused ones.
  func shapeRenderGroups(groupHasChildGroupsToInheritUnusedItems: Bool) -> (
    validGroups: [ShapeRenderGroup], unusedItems: [PlacedShapeItem]
  ) {
    var groups = [ShapeRenderGroup()]
    for (index, placed) in enumerated() {
      let last = groups.count - 1
      if placed.item.drawsPath {
        if groups[last].otherItems.contains(where: { $0.item.isTrim }) { groups.append(ShapeRenderGroup()) }
        groups[groups.count - 1].pathItems.append(placed)
        groups[groups.count - 1].used.insert(index)
      } else if placed.item.isFill {
        groups[last].otherItems.append(placed)
        groups[last].used.insert(index)
        if groups[last].pathItems.isEmpty, !groupHasChildGroupsToInheritUnusedItems, last != 0 {
          groups[last].pathItems = groups[last - 1].pathItems
        }
        groups.append(ShapeRenderGroup())
      } else {
        for g in groups.indices {
          groups[g].otherItems.append(placed)
          groups[g].used.insert(index)
        }
      }
    }

    groups = groups.flatMap { group -> [ShapeRenderGroup] in
      let paints = group.otherItems.filter { $0.item.isFill || $0.item.isStroke }
      let others = group.otherItems.filter { !($0.item.isFill || $0.item.isStroke) }
      let strokes = paints.filter { $0.item.isStroke }
      let fills = paints.filter { !$0.item.isStroke }
      var strokeInFrontOfFill = false
      if let stroke = paints.firstIndex(where: { $0.item.isStroke }),
        let fill = paints.firstIndex(where: { $0.item.isFill })
      {
        strokeInFrontOfFill = stroke < fill
      }
      let firstOpacity = paints.first?.item.paintOpacity
      let sameOpacity = paints.allSatisfy { sameKeyframes($0.item.paintOpacity, firstOpacity) }
      if fills.count <= 1, strokes.count <= 1, strokeInFrontOfFill, sameOpacity { return [group] }
      return paints.map { paint in
        ShapeRenderGroup(pathItems: group.pathItems, otherItems: [paint] + others, used: group.used)
      }
    }
    groups = groups.filter { !$0.pathItems.isEmpty }
    let used = groups.reduce(into: Set<Int>()) { $0.formUnion($1.used) }
    let unused = enumerated().filter { !used.contains($0.offset) }.map(\.element)
    return (groups, unused)
  }
}

/// Whether two opacity keyframe lists are equal, value and timing (lottie-ios compares the `KeyframeGroup`s).
private func sameKeyframes(_ a: LottieKeyframes<Double>?, _ b: LottieKeyframes<Double>?) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return a.keyframes.count == b.keyframes.count
    && zip(a.keyframes, b.keyframes).allSatisfy {
      $0.value == $1.value && $0.frame == $1.frame && $0.isHold == $1.isHold && $0.inTangent == $1.inTangent
        && $0.outTangent == $1.outTangent
    }
}
