import FlipbookJSON
import FlipbookPreview
import Foundation

// MARK: - WatchPages

/// The two small pages `flipbook watch` serves besides the player: the list of a batch's renders, and
/// the page shown while there is nothing to play (no good render yet). Both carry the live-reload
/// script, so they turn into the player by themselves once a render is in place.
enum WatchPages {
  /// The renders a batch's `index.json` lists, by name (`ego/language=en`), or nil without an index.
  static func renders(inBatch folder: String) -> [String]? {
    let index = (folder as NSString).appendingPathComponent("index.json")
    guard let data = FileManager.default.contents(atPath: index), let json = try? JSONParser.parse(data),
      case .array(let renders)? = json["renders"]
    else { return nil }
    return renders.compactMap { if case .string(let name)? = $0["name"] { name } else { nil } }
  }

  /// Links to each render's player.
  static func index(_ renders: [String], generation: Int) -> String {
    let items = renders.map { name in
      let link = HTMLPlayer.relativeURL(name + "/")
      return "<li><a href=\"\(link)\">\(escape(name))</a></li>"
    }.joined(separator: "\n")
    return page(title: "Flipbook · \(renders.count) renders", body: "<ul>\n\(items)\n</ul>", generation: generation)
  }

  /// The page before the first good render (or while a folder is being swapped): `note` says why.
  static func waiting(generation: Int, note: String) -> String {
    page(title: "Flipbook · waiting for a render", body: "<p>\(escape(note))</p>", generation: generation)
  }

  private static func page(title: String, body: String, generation: Int) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>\(escape(title))</title>
    <style>body { margin: 0; padding: 40px 16px 16px; font: 13px/1.4 -apple-system, "Inter", Arial, sans-serif; }</style>
    </head>
    <body>
    <h1>\(escape(title))</h1>
    \(body)
    \(LiveReload(generation: generation).script)</body>
    </html>

    """
  }

  static func escape(_ text: String) -> String { HTMLPlayer.escapeHTML(text) }
}
