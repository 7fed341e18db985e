import FlipbookGraphics
import FlipbookJSON
import FlipbookLayers
import FlipbookScrolling
import Foundation
import Testing

@testable import FlipbookScene

/// `statusBar` and `navigationBar`: where UIKit puts the scroll view under them, what a refresh component
/// is told, and every bad input one error naming its path.
@Suite("Script bars")
struct ChromeDecoderTests {
  /// A 320x480 script with `extra` members (`"statusBar": …`) and 30 rows.
  func script(_ extra: String) -> String {
    ##"{"viewport": {"width": 320, "height": 480}, "content": {"rows": 30}, "##
      + (extra.isEmpty ? "" : extra + ", ") + ##""fps": 60}"##
  }

  func decode(_ extra: String) throws(DocumentError) -> ScriptScene {
    try GestureScript.decode(Data(script(extra).utf8))
  }

  func message(_ extra: String) -> String? {
    do {
      _ = try decode(extra)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "Where the scroll view goes and what inset it gets",
    arguments: [
      // iOS 6: opaque bars, the window's content starts below them, no inset.
      (##""statusBar": {"style": "ios6"}"##, 20.0, 0.0),
      (##""statusBar": true, "navigationBar": {"style": "ios6", "title": "Mail"}"##, 64, 0),
      // iOS 7: full-screen under the bars, the inset puts the content below them.
      (##""statusBar": {"style": "ios7"}"##, 0, 20),
      (##""statusBar": true"##, 0, 20),
      (##""statusBar": {}, "navigationBar": {"title": "Inbox"}"##, 0, 64),
      (##""navigationBar": true"##, 0, 44),
      (##""statusBar": false"##, 0, 0),
    ])
  func layout(extra: String, frameTop: Double, inset: Double) throws {
    let scene = try decode(extra)
    #expect(scene.scrollView.frame == CGRect(x: 0, y: frameTop, width: 320, height: 480 - frameTop))
    #expect(scene.scrollView.contentInset.top == inset)
    scene.advance(to: 0)
    #expect(scene.scrollView.contentOffset.y + inset == 0, "at rest the content starts below the bars")
  }

  @Test("A style left out follows the other bar's; the time and carrier are pinned, 9:41 and Carrier by default")
  func defaults() throws {
    let scene = try decode(##""statusBar": true, "navigationBar": {"style": "ios6"}"##)
    #expect(scene.chrome?.style == .ios6)
    #expect(scene.statusBar?.style == .ios6 && scene.navigationBar?.style == .ios6)
    #expect(scene.statusBar?.time == "9:41" && scene.statusBar?.carrier == "Carrier")
    #expect(scene.navigationBar?.title == "")
    let pinned = try decode(##""statusBar": {"time": "10:09", "carrier": "AT&T"}"##)
    #expect(pinned.chrome?.style == .ios7)
    #expect((pinned.root.layer(named: "time") as? TextLayer)?.string == "10:09")
    #expect((pinned.root.layer(named: "carrier") as? TextLayer)?.string == "AT&T")
  }

  @Test("The bars are layers named statusBar and navigationBar, over the scroll view, in inspect's tree")
  func inspectNames() throws {
    let scene = try decode(##""statusBar": true, "navigationBar": {"title": "Inbox"}"##)
    #expect(scene.root.sublayers.map(\.name) == ["scrollView", "navigationBar", "statusBar"])
    guard case .object(let members) = Document.script(scene).inspection(at: 0),
      case .array(let children) = members.first(where: { $0.key == "sublayers" })?.value
    else {
      Issue.record("inspect has no sublayers")
      return
    }
    #expect(children.map { $0["name"] } == [.string("scrollView"), .string("navigationBar"), .string("statusBar")])
  }

  @Test(
    "Bad bars: one error naming the path, with did-you-mean for names",
    arguments: [
      (
        ##""statusBar": {"style": "ios8"}"##,
        ##"$.statusBar.style: "ios8" is not one of "ios6", "ios7" (did you mean "ios6"?)"##
      ),
      (
        ##""navigationBar": {"style": "iOS7"}"##,
        ##"$.navigationBar.style: "iOS7" is not one of "ios6", "ios7" (did you mean "ios7"?)"##
      ),
      (
        ##""statusBar": {"stlye": "ios6"}"##,
        ##"$.statusBar.stlye: unknown key (did you mean "style"?); valid here: "carrier", "style", "time""##
      ),
      (
        ##""navigationBar": {"titel": "A"}"##,
        ##"$.navigationBar.titel: unknown key (did you mean "title"?); valid here: "style", "title""##
      ),
      (
        ##""statusBar": "ios7""##,
        ##"$.statusBar: expected an object ("carrier", "style", "time"), true or false, found a string"##
      ),
      (
        ##""navigationBar": 44"##,
        ##"$.navigationBar: expected an object ("style", "title"), true or false, found a number"##
      ),
      (##""navigationBar": {"title": 7}"##, ##"$.navigationBar.title: expected a string, found a number"##),
      (##""statusBar": {"time": ""}"##, ##"$.statusBar.time: expected 1...16 characters, found 0"##),
      (
        ##""statusBar": {"style": "ios6"}, "navigationBar": {"style": "ios7"}"##,
        ##"$.navigationBar.style: the navigation bar is "ios7" but the status bar "ios6": give both bars the same style"##
      ),
    ])
  func badInput(extra: String, expected: String) {
    #expect(message(extra) == expected)
  }

  @Test("APL's topInset follows the bars: left out it is theirs, the same is fine, a different one is an error")
  func aplTopInset() throws {
    let bars = ##""statusBar": true, "navigationBar": {"title": "Inbox"}"##
    // The container owns the scroll view's top inset: what it installed is its base.
    let plain = try decode(bars + ##", "refresh": {"style": "apl"}"##)
    #expect(plain.scrollView.contentInset.top == 64)
    let same = try decode(bars + ##", "refresh": {"style": "apl", "topInset": 64}"##)
    #expect(same.scrollView.contentInset.top == 64)
    #expect(
      message(bars + ##", "refresh": {"style": "apl", "topInset": 44}"##)
        == "$.refresh.topInset: the script's bars put the content 64 pt down (statusBar/navigationBar); 44 disagrees: leave topInset out, or make it 64"
    )
    // iOS 6's bars put the scroll view below them: no inset for the container to rest under.
    #expect(
      message(##""statusBar": {"style": "ios6"}, "refresh": {"style": "apl", "topInset": 20}"##)
        == "$.refresh.topInset: the script's bars put the content 0 pt down (statusBar/navigationBar); 20 disagrees: leave topInset out, or make it 0"
    )
  }

  @Test("Refresh components are sized to the scroll view below iOS 6's bars, not to the screen")
  func egoBelowBars() throws {
    let scene = try decode(##""statusBar": {"style": "ios6"}, "refresh": {"style": "ego"}"##)
    let header = try #require(scene.root.layer(named: "refreshHeaderView"))
    #expect(header.frame == CGRect(x: 0, y: -460, width: 320, height: 460))
  }
}
