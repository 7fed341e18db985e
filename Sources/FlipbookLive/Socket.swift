import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Socket

/// The few POSIX socket calls the server makes, each with its errors turned into `LiveError` and
/// `SIGPIPE` kept away (a browser that closes a tab mid-response must not end the process).
enum Socket {
  /// A TCP socket listening on 127.0.0.1 only, on `port` (0: one the kernel picks). Loopback only: the
  /// player shows whatever the document renders, to whoever can connect, and that is this machine.
  static func listenOnLoopback(port: UInt16) throws(LiveError) -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw LiveError("cannot create a socket: \(lastError())") }
    var yes: Int32 = 1
    // A restarted watch can take its port again at once, though the last run's connections linger.
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let reason = errno == EADDRINUSE ? "it is in use (pick another with --port, or --port 0)" : lastError()
      close(fd)
      throw LiveError("cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    guard listen(fd, SOMAXCONN) == 0 else {
      let reason = lastError()
      close(fd)
      throw LiveError("cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    var chosen = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &chosen) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: chosen.sin_port))
  }

  /// Sends every byte, or returns false (the peer went away, or with `nonBlocking` its buffer is full).
  @discardableResult
  static func send(_ fd: Int32, _ bytes: [UInt8], nonBlocking: Bool = false) -> Bool {
    let flags = Int32(MSG_NOSIGNAL) | (nonBlocking ? Int32(MSG_DONTWAIT) : 0)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Gives up a blocking receive after `seconds`, so a client that connects and says nothing does not
  /// keep a thread forever.
  static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
