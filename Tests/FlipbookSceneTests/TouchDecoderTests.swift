import FlipbookJSON
import FlipbookScrolling
import FlipbookTiming
import Testing

@testable import FlipbookScene

@Suite("Gesture script touches")
struct TouchDecoderTests {
  /// Decodes the `touches` of a script `{"touches": …}`, so paths start at `$.touches`.
  func decode(_ touches: String) throws -> FingerTrack {
    let script = try JSONCursor(JSONParser.parse(#"{"touches": \#(touches)}"#)).object(allowing: ["touches"])
    return try TouchDecoder.touches(script["touches"]!)
  }

  /// The one-line message of a bad `touches` array.
  func message(_ touches: String) -> String? {
    do {
      _ = try decode(touches)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("The documented example decodes into touches, keyframes and curves")
  func example() throws {
    let track = try decode(
      """
      [
        { "down": 0.2, "up": 1.4, "track": [
            { "at": 0.2, "y": 0 },
            { "at": 1.0, "y": 150, "curve": "easeOut" },
            { "at": 1.4, "y": 150 } ] },
        { "down": 2.0, "up": 2.6, "track": [ { "at": 2.0, "y": 0 }, { "at": 2.5, "y": 90, "curve": [0.2, 0, 0.2, 1] } ] }
      ]
      """)
    #expect(
      track
        == FingerTrack(touches: [
          Touch(
            down: 0.2, up: 1.4,
            keyframes: [
              FingerKeyframe(time: 0.2, translation: 0), FingerKeyframe(time: 1.0, translation: 150, curve: .easeOut),
              FingerKeyframe(time: 1.4, translation: 150),
            ]),
          Touch(
            down: 2.0, up: 2.6,
            keyframes: [
              FingerKeyframe(time: 2.0, translation: 0),
              FingerKeyframe(time: 2.5, translation: 90, curve: TimingFunction(controlPoints: 0.2, 0, 0.2, 1)),
            ]),
        ]))
    // A curve shapes the motion from its keyframe to the next, so this easeOut shapes the hold 1.0...1.4 and the
    // pull 0.2...1.0 is linear.
    #expect(abs(track.touches[0].translation(at: 0.6) - 75) < 1e-9)
    #expect(track.touches[0].releaseVelocity() == 0)
    #expect(track.touch(at: 2.1) == track.touches[1])
  }

  @Test("A keyframe's curve shapes the motion to the next keyframe")
  func curveShapesTheNextSegment() throws {
    let track = try decode(
      #"[{"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0, "curve": "easeOut"}, {"at": 1.0, "y": 150}]}]"#)
    #expect(track.touches[0].keyframes.map(\.curve) == [.easeOut, .linear])
    #expect(abs(track.touches[0].translation(at: 0.6) - 150 * 0.684643) < 1e-4)
    #expect(track.touches[0].translation(at: 1.2) == 150)
  }

  @Test("A tap needs no track, and a script may have no touches")
  func tapsAndEmpty() throws {
    #expect(try decode(#"[{"down": 0, "up": 0.1}]"#) == FingerTrack(touches: [Touch(down: 0, up: 0.1)]))
    #expect(try decode(#"[{"down": 0, "up": 0.1, "track": []}]"#) == FingerTrack(touches: [Touch(down: 0, up: 0.1)]))
    #expect(try decode("[]") == FingerTrack())
    // Limits are inclusive.
    let edge = try decode(#"[{"down": 0, "up": 3600, "track": [{"at": 0, "y": -10000}, {"at": 3600, "y": 10000}]}]"#)
    #expect(edge.touches[0].keyframes.map(\.translation) == [-10_000, 10_000])
  }

  @Test(
    "Each problem is reported at its JSON path",
    arguments: [
      // Overlapping touches.
      (
        #"[{"down": 0.2, "up": 1.4}, {"down": 1.2, "up": 2}]"#,
        "$.touches[1].down: touches overlap: this finger lands at 1.2 s before the previous one lifts at 1.4 s"
      ),
      (
        #"[{"down": 0.2, "up": 1.4}, {"down": 1.4, "up": 2}]"#,
        "$.touches[1].down: touches overlap: this finger lands at 1.4 s just as the previous one lifts at 1.4 s"
      ),
      // Keyframe times.
      (
        #"[{"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0}, {"at": 1.2, "y": 10}, {"at": 1.0, "y": 20}]}]"#,
        "$.touches[0].track[2].at: keyframe times must increase (1.0 after 1.2)"
      ),
      (
        #"[{"down": 0.2, "up": 1.4, "track": [{"at": 0.2, "y": 0}, {"at": 1.6, "y": 10}]}]"#,
        "$.touches[0].track[1].at: 1.6 is after the finger lifts at 1.4"
      ),
      (
        #"[{"down": 0.2, "up": 1.4, "track": [{"at": 0.1, "y": 0}]}]"#,
        "$.touches[0].track[0].at: 0.1 is before the finger lands at 0.2"
      ),
      // Down and up.
      (#"[{"down": 1.4, "up": 1.4}]"#, "$.touches[0].up: the finger must lift after it lands"),
      (#"[{"down": 1.4, "up": 0.2}]"#, "$.touches[0].up: the finger must lift after it lands"),
      (#"[{"up": 1}]"#, "$.touches[0]: missing key \"down\""),
      (#"[{"down": 0}]"#, "$.touches[0]: missing key \"up\""),
      (#"[{"down": 0, "up": 1, "track": [{"y": 0}]}]"#, "$.touches[0].track[0]: missing key \"at\""),
      (#"[{"down": 0, "up": 1, "track": [{"at": 0}]}]"#, "$.touches[0].track[0]: missing key \"y\""),
      // Unknown keys.
      (
        #"[{"down": 0, "up": 1, "trak": []}]"#,
        "$.touches[0].trak: unknown key (did you mean \"track\"?); valid here: \"down\", \"track\", \"up\""
      ),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": 0, "curv": "linear"}]}]"#,
        "$.touches[0].track[0].curv: unknown key (did you mean \"curve\"?); valid here: \"at\", \"curve\", \"x\", \"y\""
      ),
      (
        #"[{"down": 0, "up": 1, "speed": 5}]"#, ##"$.touches[0].speed: unknown key; valid here: "down", "track", "up""##
      ),
      // Wrong types.
      (#"{"down": 0, "up": 1}"#, "$.touches: expected an array, found an object"),
      ("[0.2]", "$.touches[0]: expected an object, found a number"),
      (#"[{"down": "0.2", "up": 1}]"#, "$.touches[0].down: expected a number, found a string"),
      (#"[{"down": 0, "up": null}]"#, "$.touches[0].up: expected a number, found null"),
      (
        #"[{"down": 0, "up": 1, "track": {"at": 0, "y": 0}}]"#, "$.touches[0].track: expected an array, found an object"
      ),
      (#"[{"down": 0, "up": 1, "track": [[0, 0]]}]"#, "$.touches[0].track[0]: expected an object, found an array"),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": true}]}]"#,
        "$.touches[0].track[0].y: expected a number, found a boolean"
      ),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": 0, "curve": "bounce"}]}]"#,
        "$.touches[0].track[0].curve: \"bounce\" is not one of \"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\""
      ),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": 0, "curve": [0.2, 0, 0.2]}]}]"#,
        "$.touches[0].track[0].curve: expected 4 numbers, found 3 items"
      ),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": 0, "curve": [1.5, 0, 0.2, 1]}]}]"#,
        "$.touches[0].track[0].curve: control point x values must be in 0...1"
      ),
      // Huge numbers.
      (#"[{"down": 0, "up": 4000}]"#, "$.touches[0].up: 4000.0 s is outside 0...3600 s"),
      (#"[{"down": -0.5, "up": 1}]"#, "$.touches[0].down: -0.5 s is outside 0...3600 s"),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": 20000}]}]"#,
        "$.touches[0].track[0].y: 20000.0 pt is beyond the ±10000 pt a finger can travel"
      ),
      (
        #"[{"down": 0, "up": 1, "track": [{"at": 0, "y": -1e300}]}]"#,
        "$.touches[0].track[0].y: -1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      (
        #"[{"down": 0, "up": 1e300}]"#, "$.touches[0].up: 1e+300 is beyond ±1e9, the largest number a document may hold"
      ),
      // The first problem in document order wins.
      (
        #"[{"down": 0, "up": 1}, {"down": 0.5, "up": 0.2}, {"down": 5, "up": 4}]"#,
        "$.touches[1].down: touches overlap: this finger lands at 0.5 s before the previous one lifts at 1.0 s"
      ),
    ])
  func problems(touches: String, expected: String) {
    #expect(message(touches) == expected)
  }

  @Test("Non-finite numbers, which JSON text cannot spell, are refused at their path")
  func nonFinite() {
    func message(_ value: JSONValue) -> String? {
      do {
        _ = try TouchDecoder.touches(JSONCursor(value, path: "$.touches"))
        return nil
      } catch {
        return error.description
      }
    }
    let touch: (JSONValue, JSONValue, JSONValue) -> JSONValue = { down, up, y in
      .array([
        .object([
          ("down", down), ("up", up),
          ("track", .array([.object([("at", .number(0)), ("y", y)])])),
        ])
      ])
    }
    #expect(message(touch(.number(.nan), .number(1), .number(0))) == "$.touches[0].down: nan is not a finite number")
    #expect(message(touch(.number(0), .number(.infinity), .number(0))) == "$.touches[0].up: inf is not a finite number")
    #expect(
      message(touch(.number(0), .number(1), .number(-.infinity)))
        == "$.touches[0].track[0].y: -inf is not a finite number")
    #expect(message(touch(.number(0), .number(1), .number(0))) == nil)
  }

  @Test("Numbers too big for a double fail in the parser")
  func overflow() {
    #expect(throws: JSONParser.SyntaxError.self) { try decode(#"[{"down": 0, "up": 1e400}]"#) }
  }
}
