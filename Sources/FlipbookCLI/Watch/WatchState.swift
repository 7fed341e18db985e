import FlipbookJSON
import FlipbookLive
import Foundation

// MARK: - WatchState

/// Where a watch stands, shared by the render loop (which writes it) and the server's threads (which
/// read it): how many renders have succeeded, and the error of the last attempt if it failed. Every
/// change is published on the event stream, so the pages learn of it.
final class WatchState: @unchecked Sendable {
  private let lock = NSLock()
  private var generation = 0
  private var error: String?
  let events = EventStream()

  /// The generation of the output in place (0 before the first good render) and the last error.
  var current: (generation: Int, error: String?) { lock.withLock { (generation, error) } }

  /// A render succeeded: the next generation is in place.
  func rendered() {
    publish(
      lock.withLock { () -> (Int, String?) in
        generation += 1
        error = nil
        return (generation, nil)
      })
  }

  /// A render failed with `message`; the output in place is still the last good one.
  func failed(_ message: String) {
    publish(
      lock.withLock { () -> (Int, String?) in
        error = message
        return (generation, message)
      })
  }

  /// `/status`: the same facts as the event stream, for a script that would rather poll.
  var statusJSON: String {
    let (generation, error) = current
    return JSONValue.object([
      ("generation", .number(Double(generation))), ("error", error.map(JSONValue.string) ?? .null),
      ("listeners", .number(Double(events.listenerCount))),
    ]).formatted() + "\n"
  }

  /// Each event's data is one line of JSON: `{"generation": 2}`, `{"generation": 2, "message": "…"}`.
  private func publish(_ state: (generation: Int, error: String?)) {
    var list = [EventStream.Event(name: "render", data: "{\"generation\": \(state.generation)}")]
    if let error = state.error {
      list.append(
        EventStream.Event(
          name: "failure", data: "{\"generation\": \(state.generation), \"message\": \(JSONValue.quote(error))}"))
    }
    events.update(list)
  }
}
