import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookScrolling

/// Observers of a scroll view's properties beside its delegate, as an app's key-value observers of
/// `contentOffset` sit beside the table's delegate.
@Suite("Scroll view observation")
struct ScrollViewObservationTests {
  /// A delegate that logs the offsets it hears.
  final class Logger: ScrollViewDelegate {
    var offsets: [Double] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset.y) }
  }

  func scrollView() -> ScrollView {
    let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    scroll.contentSize = CGSize(width: 320, height: 2000)
    return scroll
  }

  @Test("Two observers and the delegate all hear the content move, the observers after the delegate")
  func several() {
    let scroll = scrollView()
    let delegate = Logger()
    scroll.delegate = delegate
    var first: [(CGFloat?, CGFloat?)] = []
    var second: [CGFloat] = []
    let a = scroll.observe(\.contentOffset, options: [.old, .new]) { scroll, change in
      #expect(delegate.offsets.last == Double(scroll.contentOffset.y), "the delegate has heard first")
      first.append((change.oldValue?.y, change.newValue?.y))
    }
    let b = scroll.observe(\.contentOffset.y, options: [.new, .initial]) { _, change in second.append(change.newValue!)
    }
    scroll.beginDragging(at: 0)
    scroll.drag(translation: 40, at: 0.1)
    scroll.drag(translation: 40, at: 0.2)
    scroll.contentOffset = CGPoint(x: 0, y: 100)
    #expect(first.count == 2 && first[1].0 == first[0].1 && first[1].1 == 100)
    #expect(second.count == 3 && second[0] == 0 && second[2] == 100)
    withExtendedLifetime((a, b)) {}
  }

  @Test("The inset, the content size and dragging are observable; invalidated or released, an observer stops")
  func propertiesAndLifetime() {
    let scroll = scrollView()
    var insets: [Double] = []
    var dragging: [Bool] = []
    let inset = scroll.observe(\.contentInset.top, options: .new) { _, change in insets.append(change.newValue!) }
    let drag = scroll.observe(\.isDragging, options: .new) { _, change in dragging.append(change.newValue!) }
    var sizes = 0
    var size: ScrollViewObservation? = scroll.observe(\.contentSize) { _, _ in sizes += 1 }
    scroll.contentInset.top = 64
    scroll.contentInset.top = 64  // the same value again: nobody hears
    scroll.contentSize.height = 3000
    size = nil  // released: it stops
    scroll.contentSize.height = 4000
    scroll.beginDragging(at: 0)
    scroll.endDragging(velocity: 0, at: 0.1)
    inset.invalidate()
    scroll.contentInset.top = 0
    #expect(insets == [64] && dragging == [true, false] && sizes == 1 && size == nil)
    withExtendedLifetime(drag) {}
  }
}
