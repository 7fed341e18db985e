import Testing

@testable import FlipbookLive

/// Request heads as a browser sends them, and the ones the server must refuse before touching a file.
@Suite("HTTP request parsing")
struct HTTPRequestTests {
  static func head(_ text: String) -> [UInt8] { Array(text.utf8) }

  static func refusal(_ text: String) -> HTTPRequest.Refusal? {
    do {
      _ = try HTTPRequest(head: head(text))
      return nil
    } catch {
      return error
    }
  }

  @Test("A browser's GET: method, decoded path, query, lowercased headers")
  func good() throws {
    let request = try HTTPRequest(
      head: Self.head(
        "GET /ego/language%3Den/frame_000001.png?v=2 HTTP/1.1\r\nHost: 127.0.0.1:8173\r\nAccept:  image/png \r\n\r\n"))
    #expect(request.method == .get)
    #expect(request.path == "/ego/language=en/frame_000001.png")
    #expect(request.query == "v=2")
    #expect(request.headers == ["host": "127.0.0.1:8173", "accept": "image/png"])
    #expect(try HTTPRequest(head: Self.head("HEAD / HTTP/1.0\r\n\r\n")).method == .head)
  }

  @Test("The head ends at the first blank line, not before")
  func headEnd() {
    #expect(HTTPRequest.headEnd(in: Self.head("GET / HTTP/1.1\r\nHost: x\r\n")) == nil)
    #expect(HTTPRequest.headEnd(in: Self.head("GET / HTTP/1.1\r\n\r\nrest")) == 18)
  }

  @Test(
    "Malformed heads are 400, other methods 405, other versions 505",
    arguments: [
      ("GET /\r\n\r\n", HTTPStatus.badRequest),
      ("GET  / HTTP/1.1\r\n\r\n", .badRequest),
      ("GET / HTTP/1.1\r\nno colon\r\n\r\n", .badRequest),
      ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", .badRequest),
      ("GET / FTP/1.0\r\n\r\n", .badRequest),
      ("POST / HTTP/1.1\r\n\r\n", .methodNotAllowed),
      ("DELETE /frame_000000.png HTTP/1.1\r\n\r\n", .methodNotAllowed),
      ("GET / HTTP/2.0\r\n\r\n", .versionNotSupported),
    ])
  func malformed(text: String, status: HTTPStatus) {
    #expect(Self.refusal(text)?.status == status)
  }

  @Test(
    "Targets that could leave the folder are 400: .., encoded .., absolute, backslash, NUL, bad encoding",
    arguments: [
      "/../etc/passwd", "/a/../../b", "/%2e%2e/secret", "/%2E%2E%2Fsecret", "/./frame.png", "http://evil/x",
      "*", "/a\\..\\b", "/a%5c..%5cb", "/a%00.png", "/bad%zz",
    ])
  func traversal(target: String) {
    #expect(Self.refusal("GET \(target) HTTP/1.1\r\n\r\n")?.status == .badRequest, "\(target)")
  }

  @Test("A head past 8 KiB is 431, one at the limit is read")
  func oversize() throws {
    let line = "GET / HTTP/1.1\r\n"
    let filler = String(
      repeating: "a", count: HTTPRequest.maximumHeadBytes - line.utf8.count - "X: \r\n\r\n".utf8.count)
    let exact = line + "X: \(filler)\r\n\r\n"
    #expect(exact.utf8.count == HTTPRequest.maximumHeadBytes)
    #expect(try HTTPRequest(head: Self.head(exact)).headers["x"]?.count == filler.count)
    #expect(Self.refusal(line + "X: \(filler)a\r\n\r\n")?.status == .headerFieldsTooLarge)
  }

  @Test("The response head has the status, the type, the exact length, no caching, and HEAD drops the body")
  func response() {
    let response = HTTPResponse(status: .ok, contentType: "image/png", body: [1, 2, 3])
    let text = String(decoding: response.serialized(), as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 3\r\n"))
    #expect(text.contains("Cache-Control: no-store\r\n"))
    #expect(response.serialized().suffix(3) == [1, 2, 3])
    #expect(response.serialized(includingBody: false).count == response.serialized().count - 3)
    #expect(
      String(decoding: HTTPResponse.error(.methodNotAllowed, "no").serialized(), as: UTF8.self)
        .contains("Allow: GET, HEAD\r\n"))
  }
}
