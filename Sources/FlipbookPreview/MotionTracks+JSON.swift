import FlipbookJSON

// MARK: - The tracks as JSON

extension MotionTracks {
  /// The tracks for the HTML player's script, which draws them itself: the time span, the band's spans
  /// and each state's colour, the series with their samples as `[time, value]` pairs and thresholds, and
  /// the touches.
  public var json: JSONValue {
    .object([
      ("start", .number(start)), ("end", .number(end)),
      ("states", .array(states.map(JSONValue.string))),
      (
        "colors",
        .object(states.map { ($0, .string(TrackColors.hex(TrackColors.color(of: $0, among: states)))) })
      ),
      (
        "spans",
        .array(
          spans.map { .object([("state", .string($0.state)), ("start", .number($0.start)), ("end", .number($0.end))]) })
      ),
      (
        "series",
        .array(
          series.enumerated().map { index, series in
            .object([
              ("name", .string(series.name)), ("title", .string(series.title)),
              ("color", .string(TrackColors.hex(TrackPlot.curveColor(index)))),
              ("samples", .array(series.samples.map { .array([.number($0.time), .number($0.value)]) })),
              (
                "thresholds",
                .array(series.thresholds.map { .object([("value", .number($0.value)), ("label", .string($0.label))]) })
              ),
            ])
          })
      ),
      ("touches", .array(touches.map { .array([.number($0.down), .number($0.up)]) })),
      ("thresholdColor", .string(TrackColors.hex(TrackColors.threshold))),
      ("touchColor", .string(TrackColors.hex(TrackColors.touch))),
    ])
  }
}
