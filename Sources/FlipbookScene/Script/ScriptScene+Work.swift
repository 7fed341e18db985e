// MARK: - How much simulating a time takes

extension ScriptScene {
  /// How many simulation moments running from 0 up to `time` takes: a tick every 1/60 s, plus at most
  /// one more for each touch-down, lift and event. A `Double`, so an absurd time is counted, not trapped;
  /// the CLI weighs it against its budget before it starts.
  public func moments(upTo time: Double) -> Double {
    max(0, time) * Self.tickRate + Double(track.touches.count * 2 + events.count)
  }
}
