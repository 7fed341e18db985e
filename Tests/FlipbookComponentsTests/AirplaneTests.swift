import FlipbookGraphics
import FlipbookLayers
import FlipbookScrolling
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookComponents

/// The shared rig with the airplane view installed.
private final class AirplaneRig: ComponentRig {
  let view: AirplaneRefreshView

  init(_ variant: AirplaneRefreshView.Variant) throws {
    view = AirplaneRefreshView(variant: variant)
    try super.init(installing: view)
  }

  /// The finger lands at time 0 and pulls in 30 frames until the content shows `offset` pt above its top.
  func pull(to offset: Double, over duration: Double = 0.5) {
    scroll.beginDragging(at: time)
    let start = time
    let translation = RubberBand.distance(offset: offset, dimension: scroll.bounds.height)
    for i in 1...30 {
      let t = start + duration * Double(i) / 30
      run(to: t)
      scroll.drag(translation: translation * Double(i) / 30, at: t)
    }
  }

  func release() { scroll.endDragging(velocity: 0, at: time) }

  var oval: ShapeLayer { view.ovalShapeLayer.presentationOfSelf(at: view.ovalShapeLayer.localTime) as! ShapeLayer }
  var plane: Layer { view.airplaneLayer.presentationOfSelf(at: view.airplaneLayer.localTime) }
  var names: [String] { view.callbacks.map(\.name) }
}

@Suite("Airplane refresh view")
struct AirplaneTests {
  let h = AirplaneMetrics.viewHeight

  @Test("Geometry follows seed 004: frame (0, −110, w, 110), oval radius 44, plane 35x35 at (w/2 + 44, 55)")
  func geometry() throws {
    let rig = try AirplaneRig(.seed)
    let view = rig.view
    #expect(view.frame == CGRect(x: 0, y: -110, width: 320, height: 110))
    #expect(AirplaneMetrics.ovalRadius == 110 / 2 * 0.8)
    let box = try #require(view.ovalShapeLayer.path?.bounds)
    #expect(abs(box.midX - 160) < 1e-9 && abs(box.midY - 55) < 1e-9 && abs(box.width - 88) < 1e-9)
    #expect(view.ovalShapeLayer.fillColor == nil && view.ovalShapeLayer.strokeColor == .white)
    #expect(view.ovalShapeLayer.lineWidth == 4 && view.ovalShapeLayer.lineDashPattern == [2, 3])
    #expect(view.airplaneLayer.bounds.size == CGSize(width: 35, height: 35))
    #expect(view.airplaneLayer.position == CGPoint(x: 160 + 44, y: 55))
    #expect(view.airplaneLayer.opacity == 0 && !view.airplaneLayer.isViewLayer && !view.ovalShapeLayer.isViewLayer)
    // The artwork is the project's own, found at the screen's scale: 35 pt at 2x is 70 px.
    #expect(view.airplaneLayer.contents?.width == 70 && view.airplaneLayer.contentsScale == 2)
    #expect(view.backgroundView.layer.contentsGravity == .resizeAspectFill && view.backgroundView.clipsToBounds)
    #expect(view.backgroundView.layer.contents?.width == 640)
    #expect(rig.scroll.delegate === view && view.state == "idle")
  }

  @Test("The 3x artwork is found (AssetCatalog.imagePath traps on scale 3)")
  func threeX() throws {
    let (image, scale) = try BundledArtwork.image(named: "airplane", scale: 3, for: "the airplane view")
    #expect(image.width == 105 && scale == 3)
  }

  @Test("A missing image is an error naming it, not an invisible layer")
  func missingArtwork() {
    #expect {
      _ = try BundledArtwork.image(named: "cloud-that-is-not-there", scale: 2, for: "the airplane view")
    } throws: { error in
      (error as? ComponentError)?.message.hasPrefix(
        "the airplane view's image \"cloud-that-is-not-there\" is missing from ") == true
    }
  }

  @Test("strokeEnd and opacity follow the pull; the standalone layers lag by an implicit 0.25 s animation")
  func progressFollowsPull() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 55, over: 0)
    #expect(abs(rig.view.progress - 0.5) < 1e-9)
    #expect(abs(rig.view.ovalShapeLayer.strokeEnd - 0.5) < 1e-9)
    #expect(abs(rig.view.airplaneLayer.opacity - 0.5) < 1e-9)
    #expect(rig.view.state == "pulling")
    // Half-way through the implicit animation the `default` curve (0.25, 0.1, 0.25, 1) is at 0.802403.
    let eased = TimingFunction.default.value(at: 0.5)
    #expect(abs(eased - 0.802403) < 1e-5)
    rig.run(to: 0.125)
    #expect(abs(rig.oval.strokeEnd - 0.5 * eased) < 1e-6)
    #expect(abs(rig.plane.opacity - 0.5 * eased) < 1e-6)
    rig.run(to: 0.25)
    #expect(abs(rig.oval.strokeEnd - 0.5) < 1e-9)
    // A jump to 0.8 animates from what is on screen (0.5).
    rig.run(to: 0.5)
    rig.scroll.drag(translation: RubberBand.distance(offset: 0.8 * h, dimension: 480), at: 0.5)
    #expect(abs(rig.view.ovalShapeLayer.strokeEnd - 0.8) < 1e-9)
    rig.run(to: 0.625)
    #expect(abs(rig.oval.strokeEnd - (0.5 + 0.3 * eased)) < 1e-6)
  }

  @Test("The view's own layers never animate implicitly")
  func viewLayersStill() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 55, over: 0)
    #expect(rig.view.layer.animationKeys.isEmpty && rig.view.backgroundView.layer.animationKeys.isEmpty)
    #expect(
      rig.view.ovalShapeLayer.animationKeys == ["strokeEnd"] && rig.view.airplaneLayer.animationKeys == ["opacity"])
  }

  @Test("Letting go at progress 0.9 does not trigger; the content bounces back and the view goes idle")
  func noTriggerBelowFull() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 0.9 * h)
    #expect(abs(rig.view.progress - 0.9) < 1e-9)
    rig.release()
    rig.run(to: 2)
    #expect(rig.view.callbacks.isEmpty && !rig.view.isRefreshing)
    #expect(rig.scroll.contentInset.top == 0 && rig.view.ovalShapeLayer.animation(forKey: "strokeGroup") == nil)
    #expect(rig.view.progress == 0 && rig.view.state == "idle")
  }

  @Test("Seed: the trigger grows the inset by 110 over 4.0 s (easeInEaseOut), then retracts over 0.3 s ease-out")
  func seedInset() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 120)
    #expect(rig.view.progress == 1)
    let trigger = rig.time
    rig.release()
    #expect(rig.names == ["trigger", "beginRefreshing"] && rig.view.callbacks.allSatisfy { $0.time == trigger })
    #expect(rig.scroll.contentInset.top == h && rig.view.isRefreshing && rig.view.state == "refreshing")
    rig.run(to: trigger + 2)
    #expect(abs(rig.scroll.presentationInset.top - h * TimingFunction.easeInEaseOut.value(at: 0.5)) < 1e-9)
    #expect(abs(rig.scroll.presentationInset.top - 55) < 1e-6)
    rig.run(to: trigger + 4)
    // The inset animation's completion has called endRefreshing at exactly 4.0 s.
    #expect(rig.names == ["trigger", "beginRefreshing", "endRefreshing"])
    #expect(abs(rig.view.callbacks[2].time - (trigger + 4)) < 1e-9)
    #expect(abs(rig.scroll.presentationInset.top - h) < 1e-9)
    #expect(rig.scroll.contentInset.top == 0 && rig.view.state == "finishing")
    rig.run(to: trigger + 4.15)
    let expected = h * (1 - TimingFunction.easeOut.value(at: 0.5))
    #expect(abs(rig.scroll.presentationInset.top - expected) < 1e-9)
    rig.run(to: trigger + 4.31)
    #expect(rig.names.last == "finished" && abs(rig.view.callbacks[3].time - (trigger + 4.3)) < 1e-9)
    #expect(rig.scroll.presentationInset.top == 0 && !rig.view.isFinishing)
    rig.run(to: trigger + 6.5)
    #expect(rig.view.state == "idle")
  }

  @Test(
    "Seed: the stroke group and the flight group run as Core Animation's group and keyframe rules work out",
    arguments: [0.2, 0.5, 0.9])
  func seedGroups(f: Double) throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 120)
    let trigger = rig.time
    rig.release()
    let stroke = try #require(rig.view.ovalShapeLayer.animation(forKey: AirplaneRefreshView.strokeGroupKey))
    #expect(stroke.timing.duration == 1.5 && stroke.timing.repeatDuration == 6.0)
    let flight = try #require(rig.view.airplaneLayer.animation(forKey: AirplaneRefreshView.flightGroupKey))
    #expect(flight.timing.duration == 1.5 && flight.timing.repeatDuration == 6.0)
    // Only times between 1 s and 4 s into the refresh: before, the redraws of the bounce after the release
    // start implicit strokeEnd animations that cover the group's value; after, the retraction's do.
    for cycle in 0...2 where (1...3.9).contains((Double(cycle) + f) * 1.5) {
      rig.run(to: trigger + (Double(cycle) + f) * 1.5)
      #expect(rig.view.ovalShapeLayer.animation(forKey: "strokeEnd") == nil)
      let oval = rig.oval
      #expect(abs(oval.strokeStart - (-0.5 + 1.5 * f)) < 1e-9)
      #expect(abs(oval.strokeEnd - f) < 1e-9)
      // The plane sits on the oval at 2πf clockwise from 3 o'clock, turned by 2πf.
      let angle = 2 * Double.pi * f
      let plane = rig.plane
      #expect(abs(plane.position.x - (160 + 44 * cos(angle))) < 0.05)
      #expect(abs(plane.position.y - (55 + 44 * sin(angle))) < 0.05)
      let rotation = AnimationKeyPath<Double>.rotation.value(of: plane)
      #expect(abs(rotation - atan2(sin(angle), cos(angle))) < 1e-6)
    }
  }

  @Test("Seed: redrawing while refreshing (the book guards it) drives the plane's model opacity and strokeEnd to ~0")
  func seedFadesOut() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 120)
    #expect(rig.view.airplaneLayer.opacity == 1)
    let trigger = rig.time
    rig.release()
    rig.run(to: trigger + 1)
    #expect(rig.view.progress < 0.01)
    #expect(rig.view.airplaneLayer.opacity < 0.01 && rig.view.ovalShapeLayer.strokeEnd < 0.01)
    #expect(rig.plane.opacity < 0.01)
  }

  @Test("Book: 0.3 s inset, endRefreshing 4 s after the trigger, groups repeating for 5.0 s, no redraw")
  func book() throws {
    let rig = try AirplaneRig(.book)
    rig.pull(to: 120)
    let trigger = rig.time
    rig.release()
    #expect(rig.names == ["trigger", "beginRefreshing"])
    #expect(rig.view.endRefreshingTimerLayer.animationKeys == [AirplaneRefreshView.endRefreshingTimerKey])
    let stroke = try #require(rig.view.ovalShapeLayer.animation(forKey: AirplaneRefreshView.strokeGroupKey))
    #expect(stroke.timing.repeatDuration == 5.0)
    let flight = try #require(rig.view.airplaneLayer.animation(forKey: AirplaneRefreshView.flightGroupKey))
    #expect(flight.timing.repeatDuration == 5.0)
    rig.run(to: trigger + 0.15)
    #expect(abs(rig.scroll.presentationInset.top - h * TimingFunction.easeInEaseOut.value(at: 0.5)) < 1e-9)
    rig.run(to: trigger + 0.31)
    #expect(rig.scroll.presentationInset.top == h && rig.view.isRefreshing)
    rig.run(to: trigger + 1)
    // No redraw while refreshing: the model keeps the values of the release.
    #expect(rig.view.ovalShapeLayer.strokeEnd == 1 && rig.view.airplaneLayer.opacity == 1)
    #expect(rig.view.progress < 0.01 && rig.view.state == "refreshing")
    rig.run(to: trigger + 4)
    #expect(rig.names == ["trigger", "beginRefreshing", "endRefreshing"])
    #expect(abs(rig.view.callbacks[2].time - (trigger + 4)) < 1e-9)
    rig.run(to: trigger + 4.15)
    #expect(abs(rig.scroll.presentationInset.top - h * (1 - TimingFunction.easeOut.value(at: 0.5))) < 1e-9)
    rig.run(to: trigger + 4.31)
    #expect(rig.names.last == "finished" && abs(rig.view.callbacks[3].time - (trigger + 4.3)) < 1e-9)
    // The groups end mid-lap at 5.0 s (3⅓ laps of 1.5 s: f = 1/3), then the model values show.
    rig.run(to: trigger + 4.99)
    #expect(rig.view.ovalShapeLayer.animation(forKey: AirplaneRefreshView.strokeGroupKey) != nil)
    rig.run(to: trigger + 5.01)
    #expect(rig.view.ovalShapeLayer.animation(forKey: AirplaneRefreshView.strokeGroupKey) == nil)
    #expect(rig.view.airplaneLayer.animation(forKey: AirplaneRefreshView.flightGroupKey) == nil)
  }

  @Test("A second release while refreshing does not trigger again")
  func noRetrigger() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 120)
    rig.release()
    rig.run(to: rig.time + 1)
    rig.pull(to: 200)
    rig.release()
    #expect(rig.names == ["trigger", "beginRefreshing"])
  }

  @Test("dataLoaded is noted and ignored: the refresh ends by time")
  func dataIgnored() throws {
    let rig = try AirplaneRig(.seed)
    rig.pull(to: 120)
    rig.release()
    rig.view.dataLoaded()
    #expect(rig.view.isRefreshing && rig.names == ["trigger", "beginRefreshing"])
    #expect(rig.view.diagnostics.count == 1 && rig.view.diagnostics[0].contains("ignored"))
  }
}
