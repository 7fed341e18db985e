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

/// A view subclass as iOS code writes it: both of UIKit's designated initializers overridden, so `init()` is
/// inherited; a display link made in its initializer, before it is on screen.
final class TickingView: UIView {
  var ticks = 0
  private var link: CADisplayLink?

  override init(frame: CGRect) {
    super.init(frame: frame)
    link = CADisplayLink { [weak self] _ in self?.ticks += 1 }
    link?.add(to: self)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// Storage keys for associated objects, by address.
private enum AssociatedKeys {
  nonisolated(unsafe) static var badge = "badge"
}

@Suite("UIKit initializers, waiting display links and associated objects")
struct UIKitRuntimeFormsTests {
  @Test("A subclass overriding init(frame:) and init(coder:) inherits init(), as UIImageView and UIScrollView do")
  func inheritedInit() {
    #expect(TickingView().frame == .zero && UIImageView().image == nil && UIScrollView().contentOffset == .zero)
  }

  @Test("A display link added before its view is on screen starts when the view joins a tree with a clock")
  func waitingLink() {
    let (context, root) = hostedRoot()
    let view = TickingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    context.advance(to: 0.5)
    #expect(view.ticks == 0)
    root.addSubview(view)
    context.advance(to: 1)
    #expect(view.ticks == 30, "30 refreshes from 0.5 s to 1 s")
  }

  @Test("Associated objects are kept per object and key, assigned ones weakly, and never outlive their object")
  func associatedObjects() {
    let scrollView = UIScrollView(frame: .zero)
    var badge: UIView? = UIView(frame: .zero)
    objc_setAssociatedObject(scrollView, &AssociatedKeys.badge, badge, .OBJC_ASSOCIATION_ASSIGN)
    #expect(objc_getAssociatedObject(scrollView, &AssociatedKeys.badge) as? UIView === badge)
    #expect(objc_getAssociatedObject(UIScrollView(frame: .zero), &AssociatedKeys.badge) == nil)
    badge = nil
    #expect(objc_getAssociatedObject(scrollView, &AssociatedKeys.badge) == nil, "held weakly, gone with the view")
    objc_setAssociatedObject(scrollView, &AssociatedKeys.badge, "kept", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(objc_getAssociatedObject(scrollView, &AssociatedKeys.badge) as? String == "kept")
    objc_removeAssociatedObjects(scrollView)
    #expect(objc_getAssociatedObject(scrollView, &AssociatedKeys.badge) == nil)
  }
}

/// Records the sizes it is laid out at.
final class LayoutLog: UIView {
  var sizes: [CGSize] = []
  override func layoutSubviews() { sizes.append(bounds.size) }
}

@Suite("UIKit layout pass")
struct UIKitLayoutPassTests {
  @Test("A size change asks for a layout, which the script's layout pass runs before the next moment is drawn")
  func layoutPass() throws {
    let log = LayoutLog(frame: .zero)
    let scene = try GestureScript.decode(Data(UIKitPortingAidsTests.script.utf8)) { _ in
      UIKitRefreshHost(install: { scrollView in scrollView.addSubview(log) })
    }
    #expect(log.sizes == [.zero])
    log.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
    log.center = CGPoint(x: 50, y: 50)
    #expect(log.sizes == [.zero], "nothing runs until the pass")
    scene.advance(to: 0.1)
    #expect(log.sizes == [.zero, CGSize(width: 30, height: 30)], "once, though moved too")
    log.setNeedsLayout()
    log.layoutIfNeeded()
    log.layoutIfNeeded()
    #expect(log.sizes.count == 3)
  }
}
