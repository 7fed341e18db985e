import FlipbookJSON

// MARK: - FrameState

/// What a gesture script's frame records of its scroll view and refresh component: the per-frame state
/// the manifest writes after each frame's file and time, that previews, plots and `.manifest` snapshots
/// read back. One type, so the writer, the readers and the snapshot strategy cannot drift apart.
///
/// In the manifest, in this order: `contentOffset` `[x, y]` and `contentInset` `[top, left, bottom, right]`
/// in points, `dragging`, `decelerating`, then, when the script has a refresh component, `refreshState`
/// (the state machine's state's name) and `refreshProgress` (the component's own pull fraction).
public struct FrameState: Hashable, Sendable {
  /// The scroll view's `contentOffset` on screen, in points.
  public var contentOffset: (x: Double, y: Double)
  /// The scroll view's `contentInset`, in points.
  public var contentInset: (top: Double, left: Double, bottom: Double, right: Double)
  /// Whether a finger is dragging the scroll view at this frame.
  public var dragging: Bool
  /// Whether the scroll view is coasting (decelerating) after a release at this frame.
  public var decelerating: Bool
  /// The refresh component's state and progress; nil for a script without one.
  public var refresh: Refresh?

  /// A refresh component's state at a frame.
  public struct Refresh: Hashable, Sendable {
    /// The state's name (`"normal"`, `"pulling"`, `"loading"`…).
    public var state: String
    /// How far the pull is toward triggering, as the component measures it.
    public var progress: Double

    /// A refresh state named `state` at `progress` of the pull.
    public init(state: String, progress: Double) {
      self.state = state
      self.progress = progress
    }
  }

  /// The state of one frame, as the gesture script records it; `refresh` is nil without a refresh component.
  public init(
    contentOffset: (x: Double, y: Double), contentInset: (top: Double, left: Double, bottom: Double, right: Double),
    dragging: Bool, decelerating: Bool, refresh: Refresh? = nil
  ) {
    self.contentOffset = contentOffset
    self.contentInset = contentInset
    self.dragging = dragging
    self.decelerating = decelerating
    self.refresh = refresh
  }

  /// The keys the state writes in a frame entry, in order.
  public static let keys = [
    "contentOffset", "contentInset", "dragging", "decelerating", "refreshState", "refreshProgress",
  ]

  /// The state as a frame entry's members, in the manifest's order.
  public var fields: [(key: String, value: ManifestValue)] {
    var fields: [(key: String, value: ManifestValue)] = [
      ("contentOffset", .numbers([contentOffset.x, contentOffset.y])),
      ("contentInset", .numbers([contentInset.top, contentInset.left, contentInset.bottom, contentInset.right])),
      ("dragging", .bool(dragging)),
      ("decelerating", .bool(decelerating)),
    ]
    if let refresh {
      fields += [("refreshState", .string(refresh.state)), ("refreshProgress", .number(refresh.progress))]
    }
    return fields
  }

  /// The state a frame entry records, or nil when it records none (a scene's frames). An entry with some
  /// of the keys must have them all, well typed: `problem` names the first that is not.
  static func read(from entry: JSONValue) throws(FrameStateProblem) -> FrameState? {
    guard FrameState.keys.contains(where: { entry[$0] != nil }) else { return nil }
    let offset = try numbers(entry, "contentOffset", count: 2)
    let inset = try numbers(entry, "contentInset", count: 4)
    guard case .bool(let dragging)? = entry["dragging"] else { throw .init(key: "dragging", expected: "a boolean") }
    guard case .bool(let decelerating)? = entry["decelerating"] else {
      throw .init(key: "decelerating", expected: "a boolean")
    }
    var refresh: Refresh?
    if entry["refreshState"] != nil || entry["refreshProgress"] != nil {
      guard case .string(let state)? = entry["refreshState"] else {
        throw .init(key: "refreshState", expected: "a string")
      }
      guard case .number(let progress)? = entry["refreshProgress"] else {
        throw .init(key: "refreshProgress", expected: "a number")
      }
      refresh = Refresh(state: state, progress: progress)
    }
    return FrameState(
      contentOffset: (offset[0], offset[1]), contentInset: (inset[0], inset[1], inset[2], inset[3]),
      dragging: dragging, decelerating: decelerating, refresh: refresh)
  }

  private static func numbers(_ entry: JSONValue, _ key: String, count: Int) throws(FrameStateProblem) -> [Double] {
    let expected = "\(count) numbers"
    guard case .array(let items)? = entry[key], items.count == count else { throw .init(key: key, expected: expected) }
    var numbers: [Double] = []
    for item in items {
      guard case .number(let number) = item else { throw .init(key: key, expected: expected) }
      numbers.append(number)
    }
    return numbers
  }

  /// Whether the two states are the same, member by member (the tuples keep `Equatable` from being
  /// synthesized).
  public static func == (a: FrameState, b: FrameState) -> Bool {
    a.contentOffset == b.contentOffset && a.contentInset == b.contentInset && a.dragging == b.dragging
      && a.decelerating == b.decelerating && a.refresh == b.refresh
  }

  /// Hashes the same members `==` compares.
  public func hash(into hasher: inout Hasher) {
    for value in [
      contentOffset.x, contentOffset.y, contentInset.top, contentInset.left, contentInset.bottom, contentInset.right,
    ] {
      hasher.combine(value)
    }
    hasher.combine(dragging)
    hasher.combine(decelerating)
    hasher.combine(refresh)
  }
}

/// A frame entry's state key that is missing or of the wrong type.
struct FrameStateProblem: Error {
  let key: String
  let expected: String
}
