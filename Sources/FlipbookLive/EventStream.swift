import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - EventStream

/// Server-Sent Events (`text/event-stream`, the HTML standard's `EventSource`) to every connected page:
/// how a page learns that a new render is in place, or that the last edit failed.
///
/// The stream holds a *state*, a few events that say where things stand (the render generation, and the
/// last error when the last render failed). A page that connects is sent the state first, so a page
/// loaded just before a render finished still learns of it; `update(_:)` replaces the state and sends it
/// to every page. Sends never wait: a page whose socket buffer is full is dropped (its `EventSource`
/// reconnects on its own and is sent the state again), so no client can hold up the renders that publish.
public final class EventStream: @unchecked Sendable {
  /// One event: `event: <name>` and its data, one line of text (JSON, here).
  public struct Event: Equatable, Sendable {
    public let name: String
    public let data: String

    public init(name: String, data: String) {
      self.name = name
      self.data = data
    }

    /// The event on the wire; a line break in the data becomes another `data:` line, as the format wants.
    var wire: String {
      let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }
      return "event: \(name)\n" + lines.joined() + "\n"
    }
  }

  /// How long a page's `EventSource` waits before reconnecting after the stream drops, in milliseconds
  /// (sent as the stream's `retry:` field; the browsers' own default is about 3 s, too slow for a reload
  /// after `flipbook watch` restarts).
  static let reconnectMilliseconds = 500

  private let lock = NSLock()
  private var state: [Event] = []
  private var clients: Set<Int32> = []

  public init() {}

  /// The pages connected now.
  public var listenerCount: Int { lock.withLock { clients.count } }

  /// Replaces the state and sends it to every page.
  public func update(_ events: [Event]) {
    lock.withLock {
      state = events
      let bytes = Array(events.map(\.wire).joined().utf8)
      for fd in clients where !Socket.send(fd, bytes, nonBlocking: true) { drop(fd) }
    }
  }

  /// The response head of a stream.
  static let head = Array(
    ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n").utf8)

  /// Sends the stream's head and the state to a new page and adds it; false when it has gone already.
  func attach(_ fd: Int32) -> Bool {
    lock.withLock {
      let greeting = "retry: \(Self.reconnectMilliseconds)\n\n" + state.map(\.wire).joined()
      guard Socket.send(fd, Self.head + Array(greeting.utf8), nonBlocking: true) else { return false }
      clients.insert(fd)
      return true
    }
  }

  /// Removes a page whose connection is closing; its thread closes the socket after this returns, so
  /// `update` never writes to a number the kernel may have given to another file.
  func detach(_ fd: Int32) {
    lock.withLock { _ = clients.remove(fd) }
  }

  /// Called with the lock held: stops sending to `fd` and wakes its connection's thread, which closes it.
  private func drop(_ fd: Int32) {
    clients.remove(fd)
    shutdown(fd, Int32(SHUT_RDWR))
  }
}
