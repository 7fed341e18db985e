import FlipbookFrames

// MARK: - What a document records in the manifest

extension Document {
  /// What a frame's manifest entry records of the document now: a gesture script's scroll view and refresh
  /// component; nil for a scene, whose frames record nothing beyond their time.
  public var frameState: FrameState? {
    guard case .script(let script) = self else { return nil }
    return script.frameState
  }

  /// What the manifest's header records of a gesture script for timelines (the HTML player's tracks,
  /// `plot`, a sheet's `--tracks`): the refresh component's style, every state of its state machine and
  /// where it triggers, and when the finger lands and lifts, exactly as the script gave them (the frames'
  /// `dragging` shows them only to the nearest frame). Nothing for a scene.
  public var manifestHeader: [(key: String, value: ManifestValue)] {
    guard case .script(let script) = self else { return [] }
    var header: [(key: String, value: ManifestValue)] = []
    if let refresh = script.refresh {
      header.append(("refreshStyle", .string(refresh.style)))
      if !refresh.stateNames.isEmpty { header.append(("refreshStates", .strings(refresh.stateNames))) }
      if let offset = refresh.thresholds.contentOffsetY { header.append(("offsetThreshold", .number(offset))) }
      if let progress = refresh.thresholds.progress { header.append(("progressThreshold", .number(progress))) }
    }
    let touches = script.track.touches
    if !touches.isEmpty {
      header += [("touchDowns", .numbers(touches.map(\.down))), ("touchUps", .numbers(touches.map(\.up)))]
    }
    return header
  }
}
