import FlipbookLive
import FlipbookScene
import Foundation

// MARK: - WatchSession

/// `flipbook watch`: render, serve, wait for a change, render again, for as long as the process lives.
///
/// Each render is the one `flipbook render` does with the same options (`render`), so its output is the
/// same bytes, swapped in whole; a failed render leaves the last good output in place, prints one
/// `Error:` line (the message render would print) and is shown on the pages. The files a render read,
/// as the document decoder recorded them (`DocumentReads`), are the files watched until the next one;
/// the document itself always is, so a document that cannot be read at all is still watched.
///
/// The loop runs on the main thread; the server and the watcher have threads of their own, so pages are
/// served during a render. Ctrl-C and SIGTERM end the process through `Interruption` like any render:
/// the render in flight loses its temporaries, the kernel closes the listening socket with the process,
/// and the exit code is 128 + the signal's number.
final class WatchSession {
  /// The port watch serves on when `--port` is not given.
  static let defaultPort: UInt16 = 8173

  private let document: String
  private let quiet: Bool
  private let render: () throws(ActionFailure) -> String
  private let state = WatchState()
  private let server: HTTPServer
  private let watcher: InotifyWatcher
  private let trigger = ChangeTrigger()

  /// Listens on `port` (so a port in use fails before anything renders) and opens the watcher.
  init(
    document: String, output: String, port: UInt16, quiet: Bool, render: @escaping () throws(ActionFailure) -> String
  ) throws(ActionFailure) {
    self.document = URL(fileURLWithPath: document).standardizedFileURL.path
    self.quiet = quiet
    self.render = render
    let site = WatchSite(output: output, state: state)
    do {
      server = try HTTPServer(port: port) { site.reply($0) }
      watcher = try InotifyWatcher(onChange: { [trigger] in trigger.note() })
    } catch {
      throw ActionFailure(message: error.description)
    }
  }

  /// Serves, prints the URL (one line), and renders on every change. Never returns.
  func run() -> Never {
    server.start()
    watcher.watch([document])
    watcher.start()
    print("Watching \(document), serving \(server.url)")
    while true {
      renderOnce()
      trigger.wait()
    }
  }

  /// One render, its outcome printed and published, and the files it read watched.
  private func renderOnce() {
    let (outcome, reads) = DocumentReads.recording { () -> Result<String, ActionFailure> in
      do throws(ActionFailure) { return .success(try render()) } catch { return .failure(error) }
    }
    watcher.watch(reads.union([document]))
    // A signal's clean-up may have failed this render from under it: let it end the process silently.
    Interruption.settle()
    switch outcome {
    case .success(let summary):
      state.rendered()
      if !quiet && !summary.isEmpty { print(summary) }
    case .failure(let failure):
      state.failed(failure.message)
      FileHandle.standardError.write(Data("Error: \(failure.message)\n".utf8))
    }
  }

  /// One line on stdout, at once (stdout may be a pipe, which Swift's `print` would buffer).
  private func print(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
