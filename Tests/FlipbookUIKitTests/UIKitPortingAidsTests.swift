import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookUIKit

/// What real refresh views reach for when ported: `UIView()`, identity, autoresizing, the superview hooks, rect
/// conversion, the pan gesture, `isScrollEnabled` and string-keyed observation.
@Suite("UIKit porting aids")
struct UIKitPortingAidsTests {
  /// Logs what a view hears.
  final class Listener: UIView {
    var log: [String] = []
    override func willMove(toSuperview newSuperview: UIView?) {
      log.append("will \(newSuperview == nil ? "leave" : "move")")
    }
    override func didMoveToSuperview() { log.append("did \(superview == nil ? "leave" : "move")") }
    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      guard let new = change?[.newKey] as? CGPoint, let old = change?[.oldKey] as? CGPoint else { return }
      log.append("\(keyPath ?? "") \(Int(old.y)) -> \(Int(new.y))")
    }
  }

  @Test("UIView() has a zero frame; views compare by identity; the superview hooks run around a move")
  func basics() {
    let a = UIView()
    #expect(a.frame == .zero && a == a && a != UIView() && Set([a, a]).count == 1)
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = Listener(frame: .zero)
    parent.addSubview(child)
    child.removeFromSuperview()
    #expect(child.log == ["will move", "did move", "will leave", "did leave"])
  }

  @Test("Autoresizing shares a size change among the flexible parts in proportion to their sizes")
  func autoresizing() {
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let bar = UIView(frame: CGRect(x: 20, y: 10, width: 160, height: 20))
    bar.autoresizingMask = [.flexibleWidth]
    let badge = UIView(frame: CGRect(x: 150, y: 10, width: 30, height: 20))
    badge.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
    parent.addSubview(bar)
    parent.addSubview(badge)
    parent.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
    #expect(bar.frame == CGRect(x: 20, y: 10, width: 260, height: 20))
    // Margins 150 and 20 share 100 pt: 150/170 and 20/170 of it.
    #expect(abs(badge.frame.minX - (150 + 100 * 150 / 170)) < 1e-9 && badge.frame.width == 30)
  }

  @Test("Rects convert between views and to the root with nil")
  func conversion() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let card = UIView(frame: CGRect(x: 10, y: 100, width: 100, height: 50))
    root.addSubview(card)
    #expect(
      card.convert(CGRect(x: 5, y: 5, width: 10, height: 10), to: nil) == CGRect(x: 15, y: 105, width: 10, height: 10))
    #expect(root.convert(CGPoint(x: 15, y: 105), to: card) == CGPoint(x: 5, y: 5))
    #expect(card.convert(CGPoint(x: 15, y: 105), from: nil) == CGPoint(x: 5, y: 5))
  }

  static let script = ##"""
    {"viewport": {"width": 320, "height": 480, "scale": 1}, "fps": 30, "duration": 2, "content": {"rows": 20},
     "touches": [{"down": 0.1, "up": 0.6, "track": [{"at": 0.1, "y": 0}, {"at": 0.5, "y": 100}, {"at": 0.6, "y": 100}]}]}
    """##

  @Test("The pan recognizer's state and translation follow the finger; string-keyed observation reports old and new")
  func panAndStringKVO() throws {
    var scroll: UIScrollView?
    let listener = Listener(frame: .zero)
    let scene = try GestureScript.decode(Data(Self.script.utf8)) { _ in
      UIKitRefreshHost(install: { scrollView in
        scroll = scrollView
        scrollView.addObserver(listener, forKeyPath: "contentOffset", options: [.new, .old], context: nil)
      })
    }
    let scrollView = try #require(scroll)
    #expect(scrollView.panGestureRecognizer.state == .possible)
    scene.advance(to: 0.3)
    #expect(scrollView.panGestureRecognizer.state == .changed)
    #expect(scrollView.panGestureRecognizer.translation(in: nil).y == 50)
    scene.advance(to: 1)
    #expect(
      scrollView.panGestureRecognizer.state == .ended && scrollView.panGestureRecognizer.translation(in: nil) == .zero)
    #expect(
      listener.log.count > 5 && listener.log.first?.hasPrefix("contentOffset 0 -> -") == true,
      "\(listener.log.prefix(2))")
    let count = listener.log.count
    scrollView.removeObserver(listener, forKeyPath: "contentOffset")
    scrollView.contentOffset = CGPoint(x: 0, y: 40)
    #expect(listener.log.count == count)
  }

  @Test("With isScrollEnabled off, a finger moves nothing")
  func scrollDisabled() throws {
    let scene = try GestureScript.decode(Data(Self.script.utf8)) { _ in
      UIKitRefreshHost(install: { scrollView in scrollView.isScrollEnabled = false })
    }
    scene.advance(to: 0.5)
    #expect(scene.scrollView.contentOffset.y == 0 && !scene.scrollView.isDragging)
  }
}
