import FlipbookFrames
import FlipbookGraphics
import FlipbookJSON

// MARK: - MotionTracks

/// A refresh animation as curves over time, what an animation inspector shows: a band of the refresh
/// state, curves of the content offset, the inset and the refresh progress with the component's trigger
/// drawn as a line, and the moments the finger lands and lifts.
///
/// The tracks are data, read from manifest entries (a rendered folder's, or a script simulated without
/// drawing); `TrackPlot` draws them with Cairo and the HTML player's script draws them from `json`, so
/// every picture of a refresh shows the same numbers.
public struct MotionTracks: Sendable, Equatable {
  /// What a manifest can show as a track (`plot --keys`).
  public enum Key: String, CaseIterable, Sendable {
    /// `contentOffset.y`, in points.
    case offset
    /// `contentInset.top`, in points.
    case inset
    /// `refreshProgress`, 0...1.
    case progress
    /// `refreshState`, as a band of colours.
    case state
  }

  /// One value at one time.
  public struct Sample: Sendable, Equatable {
    /// When, in seconds.
    public var time: Double
    /// The value at `time`, in the series' unit.
    public var value: Double
    /// A sample of `value` at `time` seconds.
    public init(time: Double, value: Double) {
      self.time = time
      self.value = value
    }
  }

  /// A horizontal line across a curve's panel: where a refresh triggers.
  public struct Threshold: Sendable, Equatable {
    /// Where the line goes, in the series' unit.
    public var value: Double
    /// The line's label (`trigger`), drawn right of the panel.
    public var label: String
    /// A line at `value` labelled `label`.
    public init(value: Double, label: String) {
      self.value = value
      self.label = label
    }
  }

  /// One curve, in its own panel: a property over time, each sample held until the next (a manifest's
  /// frame shows its values until the next frame).
  public struct Series: Sendable, Equatable {
    /// The property's name as the manifest or Core Animation writes it (`contentOffset.y`, `opacity`).
    public var name: String
    /// `pt` for lengths, empty for numbers without a unit.
    public var unit: String
    /// The values in time order, each held until the next.
    public var samples: [Sample]
    /// The lines drawn across the panel (a component's trigger); often none.
    public var thresholds: [Threshold]
    /// A curve of `samples` of the property `name`, in `unit`, with `thresholds`.
    public init(name: String, unit: String = "", samples: [Sample], thresholds: [Threshold] = []) {
      self.name = name
      self.unit = unit
      self.samples = samples
      self.thresholds = thresholds
    }

    /// The series' title: the name and its unit (`contentOffset.y (pt)`).
    public var title: String { unit.isEmpty ? name : "\(name) (\(unit))" }
  }

  /// A stretch of time in one refresh state.
  public struct StateSpan: Sendable, Equatable {
    /// The state's name (`pulling`).
    public var state: String
    /// When the state begins, in seconds.
    public var start: Double
    /// When the state ends (the next span's `start`), in seconds.
    public var end: Double
  }

  /// A finger on the screen, from landing to lifting.
  public struct Touch: Sendable, Equatable {
    /// When the finger lands, in seconds.
    public var down: Double
    /// When the finger lifts, in seconds.
    public var up: Double
  }

  /// The time the tracks cover, in seconds.
  public var start: Double
  /// The end of the time the tracks cover, in seconds (never before `start`).
  public var end: Double
  /// Every state the band can show, in the component's order; each keeps its colour whatever the
  /// script reaches.
  public var states: [String] = []
  /// The band: consecutive stretches of one state, covering `start...end`; empty for no band.
  public var spans: [StateSpan] = []
  /// The curves, one panel each, in order.
  public var series: [Series] = []
  /// The finger's touches, marked across every panel; empty for a scene.
  public var touches: [Touch] = []

  /// Tracks covering `start...end` (an earlier `end` is raised to `start`) with `series` and no band
  /// or touches yet.
  public init(start: Double, end: Double, series: [Series] = []) {
    self.start = start
    self.end = max(end, start)
    self.series = series
  }

  // MARK: From manifest entries

  /// The tracks of `keys` (in that order) from frames' states in time order, each shown from its time
  /// until the next one's and the last until `end`; `header` is the manifest's top level (its states,
  /// thresholds and touch times). With `keys` nil, every track the frames have data for.
  ///
  /// A key asked for that the entries have no data for (a scene's frames have no refresh state) is an
  /// error, reported as a usage mistake.
  public init(
    entries: [(time: Double, state: FrameState?)], end: Double, header: JSONValue, keys: [Key]? = nil
  ) throws(PreviewError) {
    self.init(start: entries.first?.time ?? 0, end: end)
    let offsetThreshold = Self.number(header["offsetThreshold"])
    let progressThreshold = Self.number(header["progressThreshold"])
    for key in keys ?? Key.allCases {
      let values = entries.map { Self.value(of: key, in: $0.state) }
      guard values.contains(where: { $0 != nil }) else {
        if keys == nil { continue }
        throw PreviewError(
          "\(key.rawValue): the frames have no \(Self.manifestName(of: key))",
          isUsage: true)
      }
      if key == .state {
        spans = Self.spans(states: values.map { $0?.state }, times: entries.map(\.time), end: self.end)
        let listed = Self.strings(header["refreshStates"])
        states = listed + spans.map(\.state).filter { !listed.contains($0) }.uniqued()
        continue
      }
      var series = Series(
        name: Self.manifestName(of: key), unit: key == .progress ? "" : "pt",
        samples: zip(entries, values).compactMap { entry, value in
          value?.number.map { Sample(time: entry.time, value: $0) }
        })
      if key == .offset, let offsetThreshold {
        series.thresholds.append(
          Threshold(value: offsetThreshold, label: "trigger \(JSONValue.format(offsetThreshold)) pt"))
      }
      if key == .progress, let progressThreshold {
        series.thresholds.append(
          Threshold(value: progressThreshold, label: "trigger \(JSONValue.format(progressThreshold))"))
      }
      self.series.append(series)
    }
    touches = Self.touches(header: header, entries: entries, end: self.end)
  }

  /// The tracks of a rendered frame folder, between `from` and `to` (seconds; default all of it).
  public init(sequence: FrameSequence, keys: [Key]? = nil, from: Double? = nil, to: Double? = nil)
    throws(PreviewError)
  {
    let end = min(to ?? sequence.end.seconds, sequence.end.seconds)
    let entries = sequence.frames.filter { $0.time >= (from ?? -.infinity) && $0.time < end }.map {
      (time: $0.time, state: $0.state)
    }
    guard !entries.isEmpty else { throw PreviewError("\(sequence.folder): no frames in the range", isUsage: true) }
    try self.init(entries: entries, end: end, header: sequence.header, keys: keys)
  }

  /// The state at `time`: the span's that covers it (nil outside the band or without one).
  public func state(at time: Double) -> String? {
    spans.first { $0.start <= time && (time < $0.end || $0.end == end) }?.state
  }

  /// The series called `name`, if the tracks have it.
  public func series(named name: String) -> Series? { series.first { $0.name == name } }

  // MARK: Reading entries

  /// The manifest key a track reads (`contentOffset.y` is the second number of `contentOffset`).
  static func manifestName(of key: Key) -> String {
    switch key {
    case .offset: "contentOffset.y"
    case .inset: "contentInset.top"
    case .progress: "refreshProgress"
    case .state: "refreshState"
    }
  }

  private static func value(of key: Key, in state: FrameState?) -> (number: Double?, state: String?)? {
    guard let state else { return nil }
    return switch key {
    case .offset: finite(state.contentOffset.y).map { ($0, nil) }
    case .inset: finite(state.contentInset.top).map { ($0, nil) }
    case .progress: state.refresh.flatMap { finite($0.progress) }.map { ($0, nil) }
    case .state: state.refresh.map { (nil, $0.state) }
    }
  }

  private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }

  private static func number(_ value: JSONValue?) -> Double? {
    if case .number(let number)? = value, number.isFinite { return number }
    return nil
  }

  private static func numbers(_ value: JSONValue?) -> [Double] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { number($0) }
  }

  private static func strings(_ value: JSONValue?) -> [String] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
  }

  /// Runs of one state; an entry without a state continues the one before.
  private static func spans(states: [String?], times: [Double], end: Double) -> [StateSpan] {
    var spans: [StateSpan] = []
    for (index, state) in states.enumerated() {
      guard let state else { continue }
      if spans.last?.state == state { continue }
      if !spans.isEmpty { spans[spans.count - 1].end = times[index] }
      spans.append(StateSpan(state: state, start: times[index], end: end))
    }
    return spans
  }

  /// The header's exact touch times when it has them, else the frames where `dragging` turns on and off
  /// (a finger still down at the last frame lifts at `end`).
  private static func touches(header: JSONValue, entries: [(time: Double, state: FrameState?)], end: Double) -> [Touch]
  {
    let downs = numbers(header["touchDowns"])
    let ups = numbers(header["touchUps"])
    if !downs.isEmpty, downs.count == ups.count { return zip(downs, ups).map { Touch(down: $0, up: $1) } }
    var touches: [Touch] = []
    var down: Double?
    for (time, state) in entries {
      let dragging = state?.dragging ?? false
      if dragging, down == nil { down = time }
      if !dragging, let start = down {
        touches.append(Touch(down: start, up: time))
        down = nil
      }
    }
    if let start = down { touches.append(Touch(down: start, up: end)) }
    return touches
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each kept at its first place only.
  fileprivate func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
