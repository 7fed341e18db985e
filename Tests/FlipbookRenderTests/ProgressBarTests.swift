import Testing

@testable import FlipbookRender

@Suite("ProgressBar")
struct ProgressBarTests {
  final class Sink {
    var text = ""
  }

  @Test("draws only on a terminal, outside CI, when not quiet")
  func decision() {
    #expect(ProgressBar.shouldDraw(quiet: false, isTTY: true, environment: [:]))
    #expect(ProgressBar.shouldDraw(quiet: false, isTTY: true, environment: ["TERM": "xterm"]))
    #expect(!ProgressBar.shouldDraw(quiet: false, isTTY: true, environment: ["CI": "true"]))
    #expect(!ProgressBar.shouldDraw(quiet: false, isTTY: true, environment: ["CI": ""]))
    #expect(!ProgressBar.shouldDraw(quiet: false, isTTY: false, environment: [:]))
    #expect(!ProgressBar.shouldDraw(quiet: true, isTTY: true, environment: [:]))
  }

  @Test("on a terminal it redraws one line with \\r and ends it with a newline")
  func draws() {
    let sink = Sink()
    let bar = ProgressBar(isTTY: true, environment: [:], width: 30) { sink.text += $0 }
    #expect(bar.isEnabled)
    bar.update(FrameProgress(framesDone: 120, total: 240, elapsedSeconds: 2.13))
    #expect(sink.text == "\r[###############...............]  120/240 frames  2.1 s")
    bar.update(FrameProgress(framesDone: 240, total: 240, elapsedSeconds: 4.0))
    bar.finish()
    #expect(sink.text.hasSuffix("\r[##############################]  240/240 frames  4.0 s\n"))
  }

  @Test("prints nothing in CI, off a terminal, or when quiet")
  func silent() {
    for (quiet, isTTY, environment) in [(false, true, ["CI": "1"]), (false, false, [:]), (true, true, [:])] {
      let sink = Sink()
      let bar = ProgressBar(quiet: quiet, isTTY: isTTY, environment: environment) { sink.text += $0 }
      bar.update(FrameProgress(framesDone: 1, total: 2, elapsedSeconds: 0.5))
      bar.finish()
      #expect(!bar.isEnabled)
      #expect(sink.text.isEmpty)
    }
  }

  @Test("a shorter line blanks out the tail of the longer one before it")
  func padding() {
    let sink = Sink()
    let bar = ProgressBar(isTTY: true, environment: [:], width: 4) { sink.text += $0 }
    bar.update(FrameProgress(framesDone: 1, total: 10, elapsedSeconds: 10.0))
    bar.update(FrameProgress(framesDone: 2, total: 10, elapsedSeconds: 0.5))
    #expect(sink.text == "\r[....]  1/10 frames  10.0 s" + "\r[....]  2/10 frames  0.5 s ")
  }
}
