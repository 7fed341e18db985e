import FlipbookTiming
import Testing

@testable import FlipbookScrolling

@Suite("Finger tracks")
struct FingerTrackTests {
  /// A pull: down at 0.2, 150 pt by 1.0 easing out (the curve sits on the keyframe the motion leaves), held until 1.4.
  let pull = Touch(
    down: 0.2, up: 1.4,
    keyframes: [
      FingerKeyframe(time: 0.2, translation: 0, curve: .easeOut),
      FingerKeyframe(time: 1.0, translation: 150),
      FingerKeyframe(time: 1.4, translation: 150),
    ])

  /// A linear drag of 150 pt over 0.8 s that lifts while still moving.
  let flick = Touch(
    down: 0.2, up: 1.0,
    keyframes: [FingerKeyframe(time: 0.2, translation: 0), FingerKeyframe(time: 1.0, translation: 150)])

  func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

  @Test("A linear segment moves in proportion to time")
  func linear() {
    #expect(flick.translation(at: 0.2) == 0)
    #expect(close(flick.translation(at: 0.6), 75))
    #expect(close(flick.translation(at: 0.4), 37.5))
    #expect(flick.translation(at: 1.0) == 150)
  }

  @Test("A segment's curve shapes the motion to the next keyframe")
  func curves() {
    // Each curve at half time: easeOut covers 0.684643 of the way.
    #expect(close(TimingFunction.easeOut.value(at: 0.5), 0.684643))
    #expect(close(pull.translation(at: 0.6), 150 * 0.684643, 1e-4))
    let eased = Touch(
      down: 0, up: 2,
      keyframes: [
        FingerKeyframe(time: 0, translation: 0, curve: .easeIn),
        FingerKeyframe(time: 1, translation: 100, curve: .easeInEaseOut),
        FingerKeyframe(time: 2, translation: 0),
      ])
    #expect(close(eased.translation(at: 0.5), 100 * TimingFunction.easeIn.value(at: 0.5)))
    #expect(eased.translation(at: 0.5) < 50)
    #expect(close(eased.translation(at: 1.5), 50))
    #expect(close(eased.translation(at: 1.25), 100 - 100 * TimingFunction.easeInEaseOut.value(at: 0.25)))
    #expect(eased.translation(at: 1) == 100)
  }

  @Test("Two keyframes with the same translation hold; after the last keyframe the finger holds")
  func hold() {
    #expect(pull.translation(at: 1.0) == 150)
    #expect(pull.translation(at: 1.2) == 150)
    #expect(pull.translation(at: 1.4) == 150)
    let early = Touch(
      down: 0, up: 3, keyframes: [FingerKeyframe(time: 0, translation: 0), .init(time: 1, translation: 40)])
    #expect(early.translation(at: 2.5) == 40)
  }

  @Test("Before the first keyframe the finger is where it landed")
  func beforeFirstKeyframe() {
    let late = Touch(
      down: 1, up: 3, keyframes: [FingerKeyframe(time: 2, translation: 0), .init(time: 2.5, translation: 80)])
    #expect(late.translation(at: 1.5) == 0)
    #expect(late.translation(at: 2.25) == 40)
    let tap = Touch(down: 1, up: 1.1)
    #expect(tap.translation(at: 1.05) == 0)
  }

  @Test("Times outside the touch are clamped to down...up")
  func clamping() {
    #expect(pull.translation(at: -5) == 0)
    #expect(pull.translation(at: 99) == 150)
    #expect(flick.translation(at: 2) == 150)
    #expect(flick.translation(at: .nan) == 0)
  }

  @Test("Release velocity comes from the last sample interval before the lift")
  func releaseVelocity() {
    #expect(close(flick.releaseVelocity(), 187.5, 1e-4))
    #expect(close(flick.releaseVelocity(sampleInterval: 0.1), 187.5, 1e-4))
    // Held still for 0.4 s before lifting.
    #expect(pull.releaseVelocity() == 0)
    // Held for less than one sample: the average over the interval, (99 − 98) / 0.02.
    let brief = Touch(
      down: 0, up: 1,
      keyframes: [
        FingerKeyframe(time: 0, translation: 0), .init(time: 0.99, translation: 99), .init(time: 1, translation: 99),
      ])
    #expect(close(brief.releaseVelocity(sampleInterval: 0.02), 50, 1e-4))
    // Pushing the list back up is negative.
    let push = Touch(
      down: 0, up: 0.5, keyframes: [FingerKeyframe(time: 0, translation: 0), .init(time: 0.5, translation: -100)])
    #expect(close(push.releaseVelocity(), -200, 1e-4))
    // An easeOut into the lift arrives almost at rest; a tap never moves.
    let settle = Touch(
      down: 0, up: 1,
      keyframes: [FingerKeyframe(time: 0, translation: 0, curve: .easeOut), .init(time: 1, translation: 100)])
    #expect(settle.releaseVelocity() < 10 && settle.releaseVelocity() > 0)
    #expect(Touch(down: 0, up: 0.1).releaseVelocity() == 0)
    #expect(flick.releaseVelocity(sampleInterval: 0) == 0)
  }

  let track = FingerTrack(touches: [
    Touch(down: 0.2, up: 1.4, keyframes: [FingerKeyframe(time: 0.2, translation: 0)]),
    Touch(down: 2.0, up: 2.6),
  ])

  @Test("The touch at a time is the one whose [down, up) holds it")
  func touchLookup() {
    #expect(track.touch(at: 0.1) == nil)
    #expect(track.touch(at: 0.2) == track.touches[0])
    #expect(track.touchIndex(at: 1.39) == 0)
    #expect(track.touch(at: 1.4) == nil)
    #expect(track.touch(at: 1.7) == nil)
    #expect(track.touchIndex(at: 2.0) == 1)
    #expect(track.touch(at: 2.6) == nil)
    #expect(FingerTrack().touch(at: 0) == nil)
  }

  @Test("Events come in time order, half-open or inclusive")
  func events() {
    let all = track.events(in: 0..<10)
    #expect(
      all == [
        TouchEvent(time: 0.2, kind: .down, touch: 0), TouchEvent(time: 1.4, kind: .up, touch: 0),
        TouchEvent(time: 2.0, kind: .down, touch: 1), TouchEvent(time: 2.6, kind: .up, touch: 1),
      ])
    #expect(track.events(in: 1.4..<2.0) == [TouchEvent(time: 1.4, kind: .up, touch: 0)])
    #expect(track.events(in: 1.4...2.0).map(\.kind) == [.up, .down])
    #expect(track.events(in: 0.3..<1.3).isEmpty)
    // Consecutive frame intervals see every event exactly once.
    let frames = stride(from: 0.0, to: 3.0, by: 0.1).map { track.events(in: $0..<($0 + 0.1)) }
    #expect(frames.flatMap { $0 }.count == 4)
    // Unsorted touches still yield sorted events.
    let reversed = FingerTrack(touches: track.touches.reversed())
    #expect(reversed.events(in: 0..<10).map(\.time) == [0.2, 1.4, 2.0, 2.6])
  }

  @Test("A valid track has no problems")
  func valid() throws {
    #expect(FingerTrack.validate(track.touches).isEmpty)
    #expect(FingerTrack.validate([pull, Touch(down: 2, up: 2.6)]).isEmpty)
    #expect(FingerTrack.validate([]).isEmpty)
    #expect(try FingerTrack(validating: [flick]).touches == [flick])
  }

  @Test(
    "Invalid tracks report every problem with its touch and field",
    arguments: [
      (
        [Touch(down: 0.2, up: 1.4), Touch(down: 1.2, up: 2)],
        ["touches[1].down: touches overlap: this finger lands at 1.2 s before the previous one lifts at 1.4 s"]
      ),
      (
        [Touch(down: 0.2, up: 1.4), Touch(down: 1.4, up: 2)],
        ["touches[1].down: touches overlap: this finger lands at 1.4 s just as the previous one lifts at 1.4 s"]
      ),
      ([Touch(down: 1.4, up: 1.4)], ["touches[0].up: the finger must lift after it lands"]),
      ([Touch(down: 2, up: 1)], ["touches[0].up: the finger must lift after it lands"]),
      (
        [
          Touch(
            down: 0.2, up: 1.4,
            keyframes: [
              .init(time: 0.2, translation: 0), .init(time: 1.2, translation: 5), .init(time: 1.0, translation: 9),
            ])
        ],
        ["touches[0].keyframes[2].time: keyframe times must increase (1.0 after 1.2)"]
      ),
      (
        [Touch(down: 0.2, up: 1.4, keyframes: [.init(time: 0.2, translation: 0), .init(time: 0.2, translation: 1)])],
        ["touches[0].keyframes[1].time: keyframe times must increase (0.2 after 0.2)"]
      ),
      (
        [Touch(down: 0.2, up: 1.4, keyframes: [.init(time: 0.1, translation: 0), .init(time: 1.6, translation: 1)])],
        [
          "touches[0].keyframes[0].time: 0.1 is before the finger lands at 0.2",
          "touches[0].keyframes[1].time: 1.6 is after the finger lifts at 1.4",
        ]
      ),
      (
        [Touch(down: .nan, up: .infinity, keyframes: [.init(time: -.infinity, translation: .nan)])],
        [
          "touches[0].down: nan is not a finite number", "touches[0].up: inf is not a finite number",
          "touches[0].keyframes[0].time: -inf is not a finite number",
          "touches[0].keyframes[0].translation: nan is not a finite number",
        ]
      ),
      (
        [
          Touch(
            down: -1, up: 4000, keyframes: [.init(time: 1, translation: 10_001), .init(time: 2, translation: -10_000)])
        ],
        [
          "touches[0].down: -1.0 s is outside 0...3600 s", "touches[0].up: 4000.0 s is outside 0...3600 s",
          "touches[0].keyframes[0].translation: 10001.0 pt is beyond the ±10000 pt a finger can travel",
        ]
      ),
    ] as [([Touch], [String])])
  func invalid(touches: [Touch], messages: [String]) {
    #expect(FingerTrack.validate(touches).map(\.description) == messages)
    #expect(throws: FingerTrack.Problem.self) { try FingerTrack(validating: touches) }
  }
}
