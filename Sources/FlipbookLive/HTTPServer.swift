import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - HTTPServer

/// A minimal HTTP/1.1 server on 127.0.0.1 for `flipbook watch`: GET and HEAD, one request per
/// connection, each connection on a thread of its own, so a slow page never holds up another page or a
/// render. A route answers with a whole response or joins an `EventStream`.
///
/// Bounded everywhere a client could make it grow: a request head is at most
/// `HTTPRequest.maximumHeadBytes`, a client that sends nothing is dropped after `requestTimeoutSeconds`,
/// and past `maximumConnections` open at once a new one is answered 503 at once.
public final class HTTPServer: @unchecked Sendable {
  public enum Reply: Sendable {
    case response(HTTPResponse)
    /// The connection stays open as a page of the stream, until the page goes away.
    case events(EventStream)
  }

  /// How long a connection may take to send its request head, in seconds.
  static let requestTimeoutSeconds = 5
  /// Connections served at once, event streams included: far more than a few tabs of a player need
  /// (browsers open at most 6 connections per host), and few enough threads for any machine.
  static let maximumConnections = 64

  /// The port listened on (the kernel's pick when 0 was asked for).
  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (HTTPRequest) -> Reply
  private let lock = NSLock()
  private var open = 0
  private var stopped = false
  private var started = false

  /// Binds 127.0.0.1:`port` (0: any free port) and listens; `start()` begins accepting.
  public init(port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> Reply) throws(LiveError) {
    (listener, self.port) = try Socket.listenOnLoopback(port: port)
    self.handler = handler
  }

  /// `http://127.0.0.1:PORT/`.
  public var url: String { "http://127.0.0.1:\(port)/" }

  /// Accepts connections on a thread of its own until `stop()`.
  ///
  /// That thread owns the listening socket and closes it when it ends. Were `stop()` to close it, the descriptor's
  /// number could be handed to another socket (another server's listener) while this loop, between two
  /// `accept` calls, still holds the number, and the next `accept` would take that server's connections: a test
  /// saw its request answered by a stopped server, which refused its Host header for naming another port.
  public func start() {
    let first = lock.withLock { () -> Bool in
      defer { started = true }
      return !started && !stopped
    }
    guard first else { return }
    Thread.detachNewThread { [self] in
      defer { close(listener) }
      while true {
        // accept4(2), which would set close-on-exec in the same call, is hidden behind _GNU_SOURCE.
        let client = accept(listener, nil, nil)
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        if client < 0 {
          if lock.withLock({ stopped }) { return }
          if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE { continue }
          return
        }
        let admitted = lock.withLock { () -> Bool in
          guard open < Self.maximumConnections else { return false }
          open += 1
          return true
        }
        guard admitted else {
          Socket.send(client, HTTPResponse.error(.serviceUnavailable, "too many connections").serialized())
          close(client)
          continue
        }
        Thread.detachNewThread { [self] in
          serve(client)
          close(client)
          lock.withLock { open -= 1 }
        }
      }
    }
  }

  /// Stops accepting; connections being served finish. Shutting the listening socket down makes a waiting
  /// `accept` return at once, and the accepting thread closes it (see `start()`); a server never started closes
  /// it here.
  public func stop() {
    let (first, wasStarted) = lock.withLock { () -> (Bool, Bool) in
      defer { stopped = true }
      return (!stopped, started)
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    if !wasStarted { close(listener) }
  }

  /// Reads one request head, answers it, and returns when the connection is done.
  private func serve(_ client: Int32) {
    Socket.setReceiveTimeout(client, seconds: Self.requestTimeoutSeconds)
    let request: HTTPRequest
    switch readHead(client) {
    case .gone: return
    case .refused(let refusal):
      Socket.send(client, HTTPResponse.error(refusal.status, refusal.reason).serialized())
      return
    case .head(let bytes):
      do {
        request = try HTTPRequest(head: bytes)
      } catch {
        Socket.send(client, HTTPResponse.error(error.status, error.reason).serialized())
        return
      }
    }
    guard acceptsHost(request.headers["host"]) else {
      Socket.send(
        client, HTTPResponse.error(.badRequest, "the Host header must name 127.0.0.1 or localhost").serialized())
      return
    }
    switch handler(request) {
    case .response(let response):
      Socket.send(client, response.serialized(includingBody: request.method == .get))
    case .events(let stream):
      guard stream.attach(client) else { return }
      // The page never sends more; a read returns when it closes the connection (or `drop` shuts it).
      Socket.setReceiveTimeout(client, seconds: 0)
      var byte: UInt8 = 0
      while true {
        let got = recv(client, &byte, 1, 0)
        if got < 0 && errno == EINTR { continue }
        if got <= 0 { break }
      }
      stream.detach(client)
    }
  }

  /// Whether a request's `Host` is this server by a loopback name (or absent, as HTTP/1.0 allows).
  ///
  /// Binding to 127.0.0.1 keeps other machines out, but not other web pages in this machine's browser: a
  /// site whose name it re-points at 127.0.0.1 (DNS rebinding) could read the pages as its own. Such a
  /// request still carries the site's name in `Host`, so it is refused.
  func acceptsHost(_ host: String?) -> Bool {
    guard let host = host?.lowercased() else { return true }
    return ["127.0.0.1", "localhost"].contains { host == $0 || host == "\($0):\(port)" }
  }

  private enum Head {
    case head([UInt8])
    case refused(HTTPRequest.Refusal)
    case gone
  }

  /// The bytes up to the blank line that ends the head, a refusal (too long, too slow), or nothing.
  private func readHead(_ client: Int32) -> Head {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 2048)
    while true {
      let got = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if got < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          return bytes.isEmpty
            ? .gone : .refused(.init(status: .requestTimeout, reason: "the request head did not come in time"))
        }
        return .gone
      }
      if got == 0 { return .gone }
      bytes += chunk[0..<got]
      if let end = HTTPRequest.headEnd(in: bytes) {
        return end <= HTTPRequest.maximumHeadBytes
          ? .head(Array(bytes[0..<end]))
          : .refused(.init(status: .headerFieldsTooLarge, reason: "the request head is too large"))
      }
      if bytes.count > HTTPRequest.maximumHeadBytes {
        return .refused(.init(status: .headerFieldsTooLarge, reason: "the request head is too large"))
      }
    }
  }
}
