// MARK: - HTTPStatus

/// The statuses the live server answers with, and their reason phrases (RFC 9110, section 15).
public enum HTTPStatus: Int, Sendable {
  case ok = 200
  case movedPermanently = 301
  case badRequest = 400
  case notFound = 404
  case methodNotAllowed = 405
  case requestTimeout = 408
  case headerFieldsTooLarge = 431
  case internalServerError = 500
  case serviceUnavailable = 503
  case versionNotSupported = 505

  public var reason: String {
    switch self {
    case .ok: "OK"
    case .movedPermanently: "Moved Permanently"
    case .badRequest: "Bad Request"
    case .notFound: "Not Found"
    case .methodNotAllowed: "Method Not Allowed"
    case .requestTimeout: "Request Timeout"
    case .headerFieldsTooLarge: "Request Header Fields Too Large"
    case .internalServerError: "Internal Server Error"
    case .serviceUnavailable: "Service Unavailable"
    case .versionNotSupported: "HTTP Version Not Supported"
    }
  }
}
