import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - TableStyle

/// How a table looks. The defaults are iOS's plain table: white rows 44 pt tall, 17 pt titles inset
/// 15 pt, hairline separators #C8C7CC inset 15 pt, grey section headers 22 pt tall.
public struct TableStyle: Hashable, Sendable {
  public var rowHeight: Double = 44
  public var rowColor: Color = .white
  public var titleColor: Color = .black
  public var titleSize: Double = 17
  public var titleInset: Double = 15
  public var separatorColor: Color = Color(hex: "#C8C7CC")!
  public var separatorInset: Double = 15
  public var headerHeight: Double = 22
  public var headerColor: Color = Color(hex: "#F7F7F7")!
  public var headerTitleColor: Color = Color(hex: "#6D6D72")!
  public var headerTitleSize: Double = 14
  /// Behind and below the rows (the table's own background).
  public var backgroundColor: Color = .white

  public init() {}
}

/// A section: an optional header title and its row titles.
public struct TableSection: Hashable, Sendable {
  public var title: String?
  public var rows: [String]

  public init(title: String? = nil, rows: [String]) {
    self.title = title
    self.rows = rows
  }
}

// MARK: - TableView

/// Table-like content for a scroll view, so previews look like an app: rows with titles and separators,
/// optional section headers. It is a plain view laid out once; its height is the content height.
public final class TableView: View {
  public let sections: [TableSection]
  public let style: TableStyle

  public init(width: Double, sections: [TableSection], style: TableStyle = TableStyle()) {
    self.sections = sections
    self.style = style
    super.init(frame: .zero)
    layer.name = "table"
    backgroundColor = style.backgroundColor
    var y = 0.0
    for (s, section) in sections.enumerated() {
      if let title = section.title {
        layer.addSublayer(Self.header(title, width: width, y: y, style: style, index: s))
        y += style.headerHeight
      }
      for (r, row) in section.rows.enumerated() {
        layer.addSublayer(Self.row(row, width: width, y: y, style: style, name: "row \(s).\(r)"))
        y += style.rowHeight
      }
    }
    frame = CGRect(x: 0, y: 0, width: width, height: y)
  }

  /// The height of all sections and rows.
  public var contentHeight: Double { bounds.height }

  static func row(_ title: String, width: Double, y: Double, style: TableStyle, name: String) -> Layer {
    let row = Layer()
    row.name = name
    row.frame = CGRect(x: 0, y: y, width: width, height: style.rowHeight)
    row.backgroundColor = style.rowColor
    let label = TextLayer()
    label.string = title
    label.fontSize = style.titleSize
    label.foregroundColor = style.titleColor
    label.truncationMode = .end
    let lineHeight = style.titleSize * 1.25
    label.frame = CGRect(
      x: style.titleInset, y: (style.rowHeight - lineHeight) / 2, width: width - 2 * style.titleInset,
      height: lineHeight)
    row.addSublayer(label)
    let separator = Layer()
    separator.frame = CGRect(
      x: style.separatorInset, y: style.rowHeight - 0.5, width: width - style.separatorInset, height: 0.5)
    separator.backgroundColor = style.separatorColor
    row.addSublayer(separator)
    return row
  }

  static func header(_ title: String, width: Double, y: Double, style: TableStyle, index: Int) -> Layer {
    let header = Layer()
    header.name = "header \(index)"
    header.frame = CGRect(x: 0, y: y, width: width, height: style.headerHeight)
    header.backgroundColor = style.headerColor
    let label = TextLayer()
    label.string = title
    label.fontSize = style.headerTitleSize
    label.fontWeight = 600
    label.foregroundColor = style.headerTitleColor
    let lineHeight = style.headerTitleSize * 1.25
    label.frame = CGRect(
      x: style.titleInset, y: (style.headerHeight - lineHeight) / 2, width: width - 2 * style.titleInset,
      height: lineHeight)
    header.addSublayer(label)
    return header
  }
}
