import Foundation

// MARK: - HTTPRequest

/// One HTTP/1.1 request head as the live server accepts it: `GET` or `HEAD`, an origin-form target
/// (`/frames/frame_000001.png?x`), headers. Nothing else is needed to serve a player and its frames, and
/// everything else is refused with the status RFC 9110/9112 gives for it, before any file is touched.
public struct HTTPRequest: Equatable, Sendable {
  public enum Method: String, Sendable {
    case get = "GET"
    case head = "HEAD"
  }

  public let method: Method
  /// The target's path, percent-decoded: always starts with `/`, never holds a NUL.
  public let path: String
  /// The query after `?`, as sent (the player never sends one; a cache-busting `?v=2` is ignored).
  public let query: String?
  /// Header names lowercased, values trimmed; a repeated header keeps its last value.
  public let headers: [String: String]

  /// The most a request head may take, request line and headers together: 8 KiB, the usual default
  /// of servers (nginx's and Apache's header buffers). A browser's GET for a frame is a few hundred bytes.
  public static let maximumHeadBytes = 8 * 1024

  /// Why a request was refused: the response status and a short reason for the body.
  public struct Refusal: Error, Equatable, Sendable {
    public let status: HTTPStatus
    public let reason: String
  }

  /// Whether `bytes` hold a whole request head (up to the blank line that ends it).
  public static func headEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index + 4
    }
    return nil
  }

  /// Parses a request head (the bytes up to and including the blank line). Refuses what the server
  /// does not serve: a malformed line (400), a method other than GET and HEAD (405), a version other than
  /// HTTP/1.0 or 1.1 (505), a head past `maximumHeadBytes` (431), and a target that is not a plain path
  /// (400): absolute-form, bad percent-encoding, a NUL, a backslash, or a `.` or `..` segment.
  public init(head bytes: [UInt8]) throws(Refusal) {
    guard bytes.count <= Self.maximumHeadBytes else {
      throw Refusal(status: .headerFieldsTooLarge, reason: "the request head is over \(Self.maximumHeadBytes) bytes")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Refusal(status: .badRequest, reason: "the request head is not UTF-8")
    }
    var lines = text.components(separatedBy: "\r\n")
    // The blank line that ends the head, and anything after it, are not headers.
    if let blank = lines.firstIndex(of: "") { lines.removeSubrange(blank...) }
    guard let requestLine = lines.first else { throw Refusal(status: .badRequest, reason: "no request line") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw Refusal(status: .badRequest, reason: "the request line is not METHOD TARGET VERSION")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
      guard parts[2].hasPrefix("HTTP/") else { throw Refusal(status: .badRequest, reason: "no HTTP version") }
      throw Refusal(status: .versionNotSupported, reason: "only HTTP/1.1 and HTTP/1.0 are served")
    }
    guard let method = Method(rawValue: String(parts[0])) else {
      throw Refusal(status: .methodNotAllowed, reason: "only GET and HEAD are served")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else { throw Refusal(status: .badRequest, reason: "a malformed header line") }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[line[..<colon].lowercased()] = value
    }
    let (path, query) = try Self.target(String(parts[1]))
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }

  /// The decoded path and the raw query of an origin-form target.
  static func target(_ target: String) throws(Refusal) -> (path: String, query: String?) {
    guard target.hasPrefix("/") else {
      throw Refusal(status: .badRequest, reason: "the target must be a path starting with /")
    }
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let query = pieces.count > 1 ? String(pieces[1]) : nil
    guard let path = String(pieces[0]).removingPercentEncoding else {
      throw Refusal(status: .badRequest, reason: "the path's percent-encoding is malformed")
    }
    guard !path.contains("\0"), !path.contains("\\") else {
      throw Refusal(status: .badRequest, reason: "the path holds a NUL or a backslash")
    }
    // Decoded first, so that %2e%2e is refused as `..` is.
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) where segment == "." || segment == ".."
    {
      throw Refusal(status: .badRequest, reason: "the path may not hold . or .. segments")
    }
    return (path, query)
  }
}
