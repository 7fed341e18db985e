import FlipbookComponents
import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScene

/// `{"random": [min, max]}` in a reaction, drawn afresh for each pull from the view's seed.
@Suite("Custom views: seeded per-pull random values")
struct CustomViewRandomTests {
  /// Two pulls; each refresh puts the dot at a random x and adds a random spin.
  static func script(seed: Int = 7, range: String = "[100, 200]") -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 60, "duration": 5, "content": {"rows": 12},
       "refresh": {"style": "custom", "trigger": {"distance": 60}, "end": {"after": 1},
         "view": {"height": 60, "seed": \##(seed),
           "layers": [{"name": "dot", "bounds": [0, 0, 8, 8], "position": [160, 30]}],
           "on": {"startAnimating": {"transaction": {"disableActions": true},
                    "set": {"dot": {"position": [{"random": \##(range)}, 30]}},
                    "add": {"dot": [{"key": "spin", "keyPath": "transform.rotation.z", "from": 0,
                                     "to": {"random": [1, 2]}, "duration": 1}]}}}}},
       "touches": [{"down": 0.2, "up": 0.8, "track": [{"at": 0.2, "y": 0}, {"at": 0.6, "y": 200}, {"at": 0.8, "y": 200}]},
                   {"down": 2.8, "up": 3.4, "track": [{"at": 2.8, "y": 0}, {"at": 3.2, "y": 200}, {"at": 3.4, "y": 200}]}]}
      """##.utf8)
  }

  /// The dot's x and the spin's end after each of the two refreshes began.
  static func draws(_ data: Data) throws -> [(x: Double, spin: Double)] {
    let scene = try GestureScript.decode(data)
    let view = try #require((scene.refresh as? CustomRefreshControl)?.refreshView as? DesignedRefreshView)
    var result: [(Double, Double)] = []
    for tick in 1...290 {
      scene.advance(to: Double(tick) / 60)
      let starts = view.moments.filter { $0.moment == .startAnimating }.count
      if starts > result.count {
        let dot = try #require(scene.root.layer(named: "dot"))
        let spin = try #require(dot.animation(forKey: "spin") as? BasicAnimation<Double>)
        result.append((Double(dot.position.x), try #require(spin.toValue)))
      }
    }
    return result
  }

  @Test("Each pull draws new values in range; the same seed draws the same, another seed others")
  func perPull() throws {
    let first = try Self.draws(Self.script())
    #expect(first.count == 2)
    for (x, spin) in first {
      #expect((100...200).contains(x) && (1...2).contains(spin))
    }
    #expect(first[0].x != first[1].x && first[0].spin != first[1].spin, "the second pull draws again")
    let again = try Self.draws(Self.script())
    #expect(again.map(\.x) == first.map(\.x) && again.map(\.spin) == first.map(\.spin), "reproducible")
    let other = try Self.draws(Self.script(seed: 8))
    #expect(other.map(\.x) != first.map(\.x), "another seed, another run")
  }

  @Test("A range the wrong way round is refused where it is written")
  func badRange() throws {
    #expect {
      try GestureScript.decode(Self.script(range: "[200, 100]"))
    } throws: {
      "\($0)" == "$.refresh.view.on.startAnimating.set.dot.position[0].random: expected [min, max] with min ≤ max"
    }
  }
}
