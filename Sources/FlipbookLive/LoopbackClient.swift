import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - LoopbackClient

/// The other end of `HTTPServer`, for tests and scripts on this machine: a blocking request to
/// 127.0.0.1, and a reader of an event stream. Raw bytes in, raw bytes out, so a test can send what no
/// browser would (a traversal, an oversized head) and see exactly what came back.
public enum LoopbackClient {
  /// A response as received: the status, headers by lowercased name, the body.
  public struct Response: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// Connects to 127.0.0.1:`port`; nil when nothing listens there.
  public static func connect(port: UInt16, timeoutSeconds: Int = 10) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      return nil
    }
    Socket.setReceiveTimeout(fd, seconds: timeoutSeconds)
    return fd
  }

  /// Sends `head` as it is and reads the response until the server closes the connection, or until the
  /// body its `Content-Length` announces is in (a server that keeps connections alive).
  public static func send(_ head: [UInt8], port: UInt16) -> Response? {
    guard let fd = connect(port: port) else { return nil }
    defer { close(fd) }
    guard Socket.send(fd, head) else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      bytes += chunk[0..<got]
      if let response = parse(bytes), let length = response.headers["content-length"].flatMap({ Int($0) }),
        response.body.count >= length
      {
        return response
      }
    }
    return parse(bytes)
  }

  /// `GET path` (or another method), as a browser would send it.
  public static func get(_ path: String, port: UInt16, method: String = "GET") -> Response? {
    send(Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8), port: port)
  }

  static func parse(_ bytes: [UInt8]) -> Response? {
    guard let end = HTTPRequest.headEnd(in: bytes) else { return nil }
    let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = lines[0].split(separator: " ")
    guard status.count >= 2, let code = Int(status[1]) else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Response(status: code, headers: headers, body: Array(bytes[end...]))
  }

  /// An open event stream: `next()` returns its events one by one as they come.
  public final class Events {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var headRead = false

    /// Opens `path` (`/events`) on 127.0.0.1:`port`; nil when nothing listens.
    public init?(path: String = "/events", port: UInt16, timeoutSeconds: Int = 10) {
      guard let fd = LoopbackClient.connect(port: port, timeoutSeconds: timeoutSeconds) else { return nil }
      self.fd = fd
      guard Socket.send(fd, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)) else { return nil }
    }

    deinit { close(fd) }

    /// The next event with a name, as (name, data); nil when the stream ends or times out.
    public func next() -> (name: String, data: String)? {
      while true {
        if !headRead, let end = HTTPRequest.headEnd(in: buffer) {
          buffer.removeFirst(end)
          headRead = true
        }
        if headRead, let blank = Self.blankLine(in: buffer) {
          let block = String(decoding: buffer[0..<blank], as: UTF8.self)
          buffer.removeFirst(blank + 2)
          var name: String?
          var data: [String] = []
          for line in block.split(separator: "\n") {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
          }
          if let name { return (name, data.joined(separator: "\n")) }
          continue
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if got < 0 && errno == EINTR { continue }
        if got <= 0 { return nil }
        buffer += chunk[0..<got]
      }
    }

    private static func blankLine(in bytes: [UInt8]) -> Int? {
      guard bytes.count >= 2 else { return nil }
      for index in 0..<(bytes.count - 1) where bytes[index] == 10 && bytes[index + 1] == 10 { return index }
      return nil
    }
  }
}
