import FlipbookGraphics
import FlipbookSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Interruption

/// What Ctrl-C (SIGINT), `kill` (SIGTERM) and a closed terminal (SIGHUP) do: the run's own temporaries
/// are removed (`InFlight.interrupt()`: partial folders, files being written, ffmpeg killed first), the
/// earlier output is left as it was, and the process exits with 128 + the signal's number (130, 143,
/// 129), as shells report a process killed by it.
///
/// No code runs in signal context. The three signals are blocked in the main thread before any other
/// thread exists, so every thread inherits the mask (child processes do not: Foundation's `Process`
/// clears it), and one thread takes them with `sigwait(3)`: the cleaning-up is ordinary code on an
/// ordinary thread, and async-signal-safety does not arise. `kill -9` cannot be caught; its leftovers
/// carry the dead pid, and the next run writing the same target removes them (`Leftovers`).
enum Interruption {
  /// The signals that end a run cleanly.
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Blocks the signals and starts the thread that waits for them. Call first thing in `main`.
  static func install() {
    var set = signalSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
    Thread.detachNewThread {
      var set = signalSet()
      var signal: Int32 = 0
      while sigwait(&set, &signal) != 0 {}
      InFlight.interrupt()
      _exit(128 + signal)
    }
  }

  /// Returns at once, unless an interruption is under way, which then ends the process: a run whose
  /// clean-up has begun must not print a failure caused by that clean-up (a temporary removed from under
  /// its rename), nor exit with its own code. Call before printing the result.
  static func settle() {
    InFlight.uninterrupted {}
  }

  private static func signalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    return set
  }
}
