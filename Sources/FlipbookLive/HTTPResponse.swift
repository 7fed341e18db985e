import Foundation

// MARK: - HTTPResponse

/// A whole response: status, content type and body. Every response closes its connection (one request
/// per connection keeps the server a loop of blocking reads, and loopback connections cost nothing) and
/// forbids caching: a frame's name stays `frame_000000.png` from one render to the next while its pixels
/// change, so a cached frame would be a stale one.
public struct HTTPResponse: Sendable {
  public var status: HTTPStatus
  public var contentType: String
  public var body: [UInt8]
  /// Extra headers (`Location`, `Allow`), in order.
  public var headers: [(name: String, value: String)] = []

  public init(status: HTTPStatus, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
  }

  /// A UTF-8 text body.
  public init(status: HTTPStatus = .ok, contentType: String, text: String) {
    self.init(status: status, contentType: contentType, body: Array(text.utf8))
  }

  /// A short plain-text page for a refusal or a missing file.
  public static func error(_ status: HTTPStatus, _ reason: String) -> HTTPResponse {
    var response = HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", text: "\(status.rawValue) \(status.reason): \(reason)\n"
    )
    if status == .methodNotAllowed { response.headers.append(("Allow", "GET, HEAD")) }
    return response
  }

  /// A redirect to `location` (a folder's page asked for without its trailing slash).
  public static func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(
      status: .movedPermanently, contentType: "text/plain; charset=utf-8", body: Array("\(location)\n".utf8),
      headers: [("Location", location)])
  }

  /// The bytes on the wire; a response to HEAD has the same head and no body.
  public func serialized(includingBody: Bool = true) -> [UInt8] {
    var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
    head += "Content-Type: \(contentType)\r\n"
    head += "Content-Length: \(body.count)\r\n"
    head += "Cache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\n"
    head += "Connection: close\r\n"
    for header in headers { head += "\(header.name): \(header.value)\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (includingBody ? body : [])
  }
}
