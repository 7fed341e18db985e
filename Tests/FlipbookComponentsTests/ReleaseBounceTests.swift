import FlipbookScene
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// EGO sets the top inset to 60 in didEndDragging (in a 0.2 s view animation block); the bounce must head
/// for −60 from the first tick after release, as UIKit's does.
@Suite("EGO release bounce")
struct ReleaseBounceTests {
  @Test("The ticks after release follow the closed-form spring from the release position to −60")
  func closedForm() throws {
    let (scene, header) = try ExampleScripts.load(
      "full-refresh.json", in: ExampleScripts.folder("ego"), as: EGORefreshTableHeaderView.self)
    let touch = scene.track.touches[0]
    let release = try #require(Rational(decimal: touch.up))
    scene.advance(to: release)
    #expect(header.egoState == .loading && scene.scrollView.contentInset.top == EGOMetrics.loadingInset)
    let y = scene.scrollView.contentOffset.y
    let velocity = -touch.releaseVelocity(sampleInterval: 1 / 60)
    let scroll = scene.scrollView
    let closed = ScrollMotion(
      bouncingFrom: y, velocity: velocity, to: -EGOMetrics.loadingInset,
      limits: scroll.restingRange(for: scroll.contentInset), threshold: 0.5 / scene.scale)
    for k in 1...30 {
      let tick = release + (try #require(Rational(Int64(k), 60)))
      scene.advance(to: tick)
      let shown = scroll.presentationContentOffset.y
      let expected = closed.position(at: tick.seconds - touch.up)
      #expect(abs(shown - expected) < 1e-9, "tick \(k): shown \(shown), closed form \(expected)")
    }
  }
}
