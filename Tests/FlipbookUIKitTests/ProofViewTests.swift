import FlipbookComponents
import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookUIKit

/// The UIKit-style views of `ProofViews.swift`, hosted in gesture scripts as an app installs them and checked in
/// the presentation tree and in pixels against what their code says.
@Suite("UIKit-style views on the virtual clock")
struct ProofViewTests {
  static let script = ##"""
    {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 2, "content": {"rows": 20},
     "touches": [{"down": 0.1, "up": 1.5, "track": [{"at": 0.1, "y": 0}, {"at": 1.0, "y": 200}, {"at": 1.5, "y": 200}]}]}
    """##

  @Test("The elastic wave follows the pull through key-value observation, beside the host's delegate")
  func wave() throws {
    var wave: ElasticWaveView?
    let scene = try GestureScript.decode(Data(Self.script.utf8)) { _ in
      UIKitRefreshHost(install: { scrollView in
        let view = ElasticWaveView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.attach(to: scrollView)
        wave = view
      })
    }
    scene.advance(to: 1.2)
    let view = try #require(wave)
    let pull = -Double(scene.scrollView.contentOffset.y)
    #expect(pull > 50 && Double(view.pull) == pull)
    let image = try LayerRenderer(scale: 1).render(scene.root, at: scene.time)
    // Half way up the pulled gap, mid-width: the wave's blue; just below the content's top, at the edges, rows.
    let blue = image.pixel(x: 160, y: Int(pull / 2))
    #expect(blue.r == 51 && blue.g == 153 && blue.b == 255, "\(blue)")
    // The bulge reaches below the content's top (a quad curve to h + pull/2 peaks pull/4 down), but the view was
    // inserted at index 0, behind the table, so the first row's white covers it.
    let covered = image.pixel(x: 160, y: Int(pull + pull / 4 - 3))
    #expect(covered.r == 255 && covered.g == 255 && covered.b == 255, "\(covered)")
  }

  @Test("The display-link spinner shows the angle of the refresh being drawn: a quarter turn at 0.25 s")
  func spinner() throws {
    let (context, root) = hostedRoot(width: 100, height: 100)
    let spinner = SpinnerView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
    root.addSubview(spinner)
    spinner.startAnimating()
    for frame in 1...9 { context.advance(to: Double(frame) / 30) }  // rendered at 30 fps: 0.0333 … 0.3 s
    let t = spinner.arc.transform
    #expect(abs(atan2(t.m12, t.m11) - 0.6 * .pi) < 1e-9, "0.3 s: 0.6π, the refresh at 18/60 s")
    spinner.stopAnimating()
    context.advance(to: 1)
    #expect(spinner.arc.transform == t)
  }

  @Test("The badge springs in while its dot, whose position action is NSNull, jumps")
  func badge() throws {
    let (context, root) = hostedRoot(width: 200, height: 200)
    let badge = BadgeView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
    root.addSubview(badge)
    context.advance(to: 1)
    badge.show(at: CGPoint(x: 30, y: 10))
    context.advance(to: 1.15)
    let dot = try #require(badge.dot.presentation())
    #expect(dot.position == CGPoint(x: 30, y: 10))
    let shown = try #require(badge.layer.presentation())
    let spring = Spring.uiView(dampingRatio: 0.6, initialVelocity: 0, duration: 0.6)
    let fraction = spring.value(at: 0.15)
    #expect(abs(Double(shown.position.y) - (70 + 20 * fraction)) < 1e-9)
    #expect(abs(Double(shown.opacity) - fraction) < 1e-6, "the alpha rides the same spring, overshoot and all")
  }
}
