import FlipbookJSON
import FlipbookScrolling
import Foundation

// MARK: - ChromeDecoder

/// Decodes a script's bars: `"statusBar": {"style": "ios7", "time": "9:41", "carrier": "Carrier"}` (or
/// `true` for the defaults) and `"navigationBar": {"title": "Inbox", "style": "ios7"}` (or `true`).
///
/// Both bars are of one era: a style left out follows the other bar's, and is `ios7` when neither gives
/// one; two different styles are an error.
enum ChromeDecoder {
  /// The longest status bar time and carrier name, in characters: a status bar has room for little more.
  static let maxTimeLength = 16
  static let maxCarrierLength = 24
  static let maxTitleLength = 200

  static func chrome(statusBar: JSONCursor?, navigationBar: JSONCursor?) throws(DocumentError) -> ScreenChrome? {
    let status = try statusBar.flatMap { c throws(DocumentError) in
      try members(c, allowing: ["style", "time", "carrier"])
    }
    let navigation = try navigationBar.flatMap { c throws(DocumentError) in
      try members(c, allowing: ["title", "style"])
    }
    guard status != nil || navigation != nil else { return nil }
    let statusStyle = try status?["style"].map { c throws(DocumentError) in try c.choice(BarStyle.self) }
    let navigationStyle = try navigation?["style"].map { c throws(DocumentError) in try c.choice(BarStyle.self) }
    if let statusStyle, let navigationStyle, statusStyle != navigationStyle, let c = navigation?["style"] {
      throw c.error(
        "the navigation bar is \"\(navigationStyle.rawValue)\" but the status bar \"\(statusStyle.rawValue)\": give both bars the same style"
      )
    }
    var chrome = ScreenChrome(style: statusStyle ?? navigationStyle ?? .ios7)
    if let status {
      var content = ScreenChrome.StatusBarContent()
      if let c = status["time"] { content.time = try text(c, length: 1...maxTimeLength) }
      if let c = status["carrier"] { content.carrier = try text(c, length: 0...maxCarrierLength) }
      chrome.statusBar = content
    }
    if let navigation {
      chrome.navigationTitle =
        try navigation["title"].map { c throws(DocumentError) in
          try text(c, length: 0...maxTitleLength)
        } ?? ""
    }
    return chrome
  }

  /// A bar's options: an object, `true` for the defaults, or `false` for no bar (nil).
  static func members(_ cursor: JSONCursor, allowing keys: Set<String>) throws(DocumentError) -> [String: JSONCursor]? {
    switch cursor.value {
    case .bool(let on): return on ? [:] : nil
    case .object: return try cursor.object(allowing: keys)
    default:
      throw cursor.error(
        "expected an object (\(keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))), true or false, found \(cursor.value.kindDescription)"
      )
    }
  }

  static func text(_ c: JSONCursor, length: ClosedRange<Int>) throws(DocumentError) -> String {
    let s = try c.string()
    guard length.contains(s.count) else {
      throw c.error("expected \(length.lowerBound)...\(length.upperBound) characters, found \(s.count)")
    }
    return s
  }
}
