import FlipbookComponents
import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookUIKit

/// `UIControl`'s actions and `UIRefreshControl` as UIKit offers it for subclassing, installed with
/// `refreshControl =` in a gesture script.
@Suite("UIKit controls")
struct UIKitControlsTests {
  @Test(
    "A control runs the actions added for an event, in order, replaces one of the same identifier, and sends none when disabled"
  )
  func actions() {
    let control = UIControl(frame: .zero)
    var log: [String] = []
    control.addAction(UIAction { _ in log.append("a") }, for: .valueChanged)
    let b = UIAction(identifier: UIAction.Identifier("b")) { action in log.append("b \(action.sender is UIControl)") }
    control.addAction(b, for: [.valueChanged, .primaryActionTriggered])
    control.addAction(
      UIAction(identifier: UIAction.Identifier("b")) { _ in log.append("b2") },
      for: [.valueChanged, .primaryActionTriggered])
    control.sendActions(for: .valueChanged)
    control.sendActions(for: .touchUpInside)
    control.removeAction(identifiedBy: UIAction.Identifier("b"), for: .valueChanged)
    control.sendActions(for: .valueChanged)
    control.sendActions(for: .primaryActionTriggered)
    control.isEnabled = false
    control.sendActions(for: .valueChanged)
    #expect(log == ["a", "b2", "a", "b2"])
    #expect(UIControl.Event.valueChanged.rawValue == 4096)
  }

  /// A pull to 320 pt that triggers the control, and the data arriving at 3 s.
  static func script(declaringRefresh: Bool) -> Data {
    Data(
      ##"""
      {"viewport": {"width": 320, "height": 568, "scale": 1}, "fps": 30, "duration": 4, "content": {"rows": 20},
       "statusBar": {"style": "ios7"}, "navigationBar": {"title": "Inbox", "style": "ios7"},
       \##(declaringRefresh ? ##""refresh": {"style": "uirefreshcontrol"},"## : "")
       "touches": [{"down": 0.2, "up": 1.6, "track": [{"at": 0.2, "y": 0, "curve": "easeOut"}, {"at": 1.2, "y": 320},
                    {"at": 1.6, "y": 320}]}],
       "events": [{"at": 3.0, "event": "dataLoaded"}]}
      """##.utf8)
  }

  @Test(
    "UIRefreshControl set as refreshControl draws every frame as the built-in control does, and sends .valueChanged once, under the finger",
    arguments: [0.5, 1.0, 1.4, 2.5, 3.1, 3.6])
  func systemLook(time: Double) throws {
    let builtIn = try GestureScript.decode(Self.script(declaringRefresh: true))
    var heard: [Bool] = []
    let scene = try GestureScript.decode(Self.script(declaringRefresh: false)) { _ in
      UIKitRefreshHost(install: { scrollView in
        let control = FlipbookUIKit.UIRefreshControl()
        control.addAction(UIAction { _ in heard.append(scrollView.isDragging) }, for: .valueChanged)
        scrollView.refreshControl = control
      })
    }
    builtIn.advance(to: time)
    scene.advance(to: time)
    let renderer = LayerRenderer(scale: 1)
    #expect(try renderer.render(scene.root, at: scene.time) == renderer.render(builtIn.root, at: builtIn.time))
    #expect(scene.frameState.refresh?.state == builtIn.frameState.refresh?.state)
    #expect(heard == (time >= 1.0 ? [true] : []))
  }

  @Test("A subclass adds its own look over a hidden spinner; the host reports its state and ends it at dataLoaded")
  func subclass() throws {
    var control: BarRefreshControl?
    var host: UIKitRefreshHost?
    let scene = try GestureScript.decode(Self.script(declaringRefresh: false)) { _ in
      let made = UIKitRefreshHost(install: { scrollView in
        let refresh = BarRefreshControl()
        refresh.addAction(UIAction { _ in refresh.bar.backgroundColor = .blue }, for: .valueChanged)
        scrollView.refreshControl = refresh
        control = refresh
      })
      host = made
      return made
    }
    scene.advance(to: 2)
    let refresh = try #require(control)
    #expect(host?.state == "refreshing" && refresh.isRefreshing && refresh.superview === host?.scrollView)
    // Refreshing, the inset holds the 60 pt control under the bars (64 pt): its bar's last rows are at 120...124.
    #expect(scene.scrollView.contentInset.top == 124)
    let image = try LayerRenderer(scale: 1).render(scene.root, at: scene.time)
    let bar = image.pixel(x: 10, y: 122)
    #expect(bar.r == 0 && bar.g == 0 && bar.b == 255, "\(bar)")
    // The clear tint hides the spokes: the spinner's centre column above the bar is the background.
    let background = image.pixel(x: 160, y: 80)
    #expect(background == image.pixel(x: 20, y: 80), "\(background)")
    scene.advance(to: 3.6)
    #expect(!refresh.isRefreshing && host?.state == "idle" && scene.scrollView.contentInset.top == 64)
    refresh.beginRefreshing()
    #expect(refresh.didBegin == 1 && refresh.isRefreshing)
  }

  @Test("Setting refreshControl to nil takes the control away and stops it hearing the pull")
  func removal() throws {
    var scroll: UIScrollView?
    let scene = try GestureScript.decode(Self.script(declaringRefresh: false)) { _ in
      UIKitRefreshHost(install: { scrollView in
        scrollView.refreshControl = FlipbookUIKit.UIRefreshControl()
        scroll = scrollView
      })
    }
    let scrollView = try #require(scroll)
    scrollView.refreshControl = nil
    scene.advance(to: 2)
    #expect(scrollView.subviews.isEmpty && scene.scrollView.delegate == nil)
    #expect(scene.scrollView.contentInset.top == 64)
  }
}

@Suite("UIRefreshControl in a narrow scroll view")
struct NarrowRefreshControlTests {
  @Test("In a 240 pt scroll view the control spans it from its left edge, its spinner centred at 120")
  func spansTheScrollView() throws {
    var made: FlipbookUIKit.UIRefreshControl?
    let scene = try GestureScript.decode(
      Data(#"{"viewport": {"width": 240, "height": 400, "scale": 1}, "fps": 30, "duration": 1}"#.utf8)
    ) { _ in
      UIKitRefreshHost(install: { scrollView in
        let control = FlipbookUIKit.UIRefreshControl()
        scrollView.refreshControl = control
        made = control
      })
    }
    scene.advance(to: 0.5)
    let control = try #require(made)
    #expect(control.frame.minX == 0 && control.frame.width == 240)
    let spinner = try #require(control.system.layer.layer(named: "spinner"))
    #expect(spinner.convert(CGPoint(x: spinner.bounds.midX, y: 0), to: scene.scrollView.layer).x == 120)
  }
}
