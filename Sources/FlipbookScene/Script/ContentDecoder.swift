import FlipbookGraphics
import FlipbookJSON
import FlipbookScrolling
import Foundation

// MARK: - ContentDecoder

/// Decodes a script's `content`: the table under the finger.
///
/// `{"rows": 20}` makes "Row 1" … "Row 20"; `{"rows": ["Ice cream money", "Great weather"]}` names them;
/// `{"sections": [{"title": "Section 1", "rows": 4}, …]}` adds section headers. `rowHeight`,
/// `headerHeight` and `colors` (`row`, `title`, `separator`, `header`, `headerTitle`, `background`) style it.
enum ContentDecoder {
  /// The sections and their style: `base` (the script's `tableStyle`) with the colours and sizes given.
  static func content(_ cursor: JSONCursor?, base: TableStyle = .ios7) throws(DocumentError) -> (
    [TableSection], TableStyle
  ) {
    var style = base
    guard let cursor else { return ([TableSection(rows: rowTitles(count: 20))], style) }
    let m = try cursor.object(allowing: ["rows", "sections", "rowHeight", "headerHeight", "titleSize", "colors"])
    if let c = m["rowHeight"] { style.rowHeight = try c.number(in: 1...1000) }
    if let c = m["headerHeight"] { style.headerHeight = try c.number(in: 1...1000) }
    if let c = m["titleSize"] { style.titleSize = try c.number(in: 1...200) }
    if let c = m["colors"] {
      let colors = try c.object(allowing: ["row", "title", "separator", "header", "headerTitle", "background"])
      if let v = colors["row"] { style.rowColor = try LayerDecoder.color(v) }
      if let v = colors["title"] { style.titleColor = try LayerDecoder.color(v) }
      if let v = colors["separator"] { style.separatorColor = try LayerDecoder.color(v) }
      if let v = colors["header"] { style.headerColor = try LayerDecoder.color(v) }
      if let v = colors["headerTitle"] { style.headerTitleColor = try LayerDecoder.color(v) }
      if let v = colors["background"] { style.backgroundColor = try LayerDecoder.color(v) }
    }
    if m["rows"] != nil, let sections = m["sections"] {
      throw sections.error("give either \"rows\" or \"sections\", not both")
    }
    if let sections = m["sections"] {
      var result: [TableSection] = []
      for item in try sections.array() {
        let s = try item.object(allowing: ["title", "rows"])
        let title = try s["title"].map { c throws(DocumentError) in try c.string() }
        guard let rows = s["rows"] else { throw item.error("missing key \"rows\"") }
        result.append(
          TableSection(title: title, rows: try rowList(rows, start: result.reduce(0) { $0 + $1.rows.count })))
      }
      return (result, style)
    }
    let rows = try m["rows"].map { c throws(DocumentError) in try rowList(c, start: 0) } ?? rowTitles(count: 20)
    return ([TableSection(rows: rows)], style)
  }

  /// A count (titles "Row n") or a list of titles.
  static func rowList(_ c: JSONCursor, start: Int) throws(DocumentError) -> [String] {
    if case .number = c.value {
      let count = try c.integer(in: 0...1000)
      return rowTitles(count: count, start: start)
    }
    var titles: [String] = []
    for item in try c.array() { titles.append(try item.string()) }
    guard titles.count <= 1000 else { throw c.error("at most 1000 rows") }
    return titles
  }

  static func rowTitles(count: Int, start: Int = 0) -> [String] {
    (0..<count).map { "Row \(start + $0 + 1)" }
  }
}
