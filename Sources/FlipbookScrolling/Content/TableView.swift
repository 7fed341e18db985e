import FlipbookGraphics
import FlipbookLayers
import Foundation

// MARK: - TableStyle

/// How a table looks: one of the two eras of iOS's plain table, `ios7` (the default) or `ios6`, with
/// any property changed after.
///
/// Where the numbers come from. Both eras have 44 pt rows (`UITableView.rowHeight`'s default) and 22 pt
/// plain section headers (`sectionHeaderHeight`'s default). iOS 7's look is its defaults as commonly quoted:
/// `separatorColor` rgb(200, 199, 204) as a hairline with `separatorInset` 15 pt, 17 pt titles inset 15 pt,
/// #F7F7F7 headers with 14 pt #6D6D72 titles. iOS 6's separators are its `separatorColor` default (white
/// 0.88, #E0E0E0), full width and 1 pt tall, the row's content the 43 pt above them; its bold 17 pt cell
/// titles inset 10 pt and white bold 17 pt header titles with a dark 1 pt shadow are as issue 14 describes
/// iOS 6's plain table. No source gives the header gradient's colours: the blue-grey here, lighter at the
/// top, was chosen by eye to read as iOS 6's plain section header; it is not a measurement.
public struct TableStyle: Hashable, Sendable {
  /// Each row's height in points, separator included (`UITableView.rowHeight`'s default, 44).
  public var rowHeight: Double = 44
  /// The rows' background.
  public var rowColor: Color = .white
  /// The rows' title colour.
  public var titleColor: Color = .black
  /// The rows' title size in points (17, the cells' default label size).
  public var titleSize: Double = 17
  /// CSS weight of the rows' titles: regular in iOS 7, bold in iOS 6.
  public var titleWeight: Int = 400
  /// The rows' title distance from the left edge, in points.
  public var titleInset: Double = 15
  /// The line between rows: iOS 7's `separatorColor` default, rgb(200, 199, 204).
  public var separatorColor: Color = Color(hex: "#C8C7CC")!
  /// Where the separator starts from the left edge (`separatorInset`), in points; 0 is full width.
  public var separatorInset: Double = 15
  /// The separator line's height: a hairline (0.5 pt) in iOS 7, 1 pt in iOS 6.
  public var separatorHeight: Double = 0.5
  /// Each section header's height (`sectionHeaderHeight`'s default, 22).
  public var headerHeight: Double = 22
  /// The headers' flat background, used when there is no `headerGradient`.
  public var headerColor: Color = Color(hex: "#F7F7F7")!
  /// Top-to-bottom colours of the headers' background when it is a gradient (iOS 6); nil for `headerColor`.
  public var headerGradient: [Color]? = nil
  /// The headers' title colour.
  public var headerTitleColor: Color = Color(hex: "#6D6D72")!
  /// The headers' title size in points.
  public var headerTitleSize: Double = 14
  /// CSS weight of the headers' titles.
  public var headerTitleWeight: Int = 600
  /// The headers' title distance from the left edge, in points.
  public var headerTitleInset: Double = 15
  /// The headers' title shadow (UILabel's `shadowColor`/`shadowOffset`), if any.
  public var headerTitleShadow: Color? = nil
  /// Where that shadow falls, in points (UILabel's `shadowOffset`).
  public var headerTitleShadowOffset = CGSize(width: 0, height: 1)
  /// Behind and below the rows (the table's own background).
  public var backgroundColor: Color = .white

  /// iOS 7's plain table (the default).
  public init() {}

  /// iOS 7's plain table.
  public static let ios7 = TableStyle()

  /// iOS 6's plain table, which EGO's demo (2009–2012) ran in.
  public static let ios6: TableStyle = {
    var style = TableStyle()
    style.titleWeight = 700
    style.titleInset = 10
    style.separatorColor = Color(hex: "#E0E0E0")!
    style.separatorInset = 0
    style.separatorHeight = 1
    style.headerGradient = [Color(hex: "#A7B4BE")!, Color(hex: "#8E9CA8")!]
    style.headerColor = Color(hex: "#9AA8B3")!
    style.headerTitleColor = .white
    style.headerTitleSize = 17
    style.headerTitleWeight = 700
    style.headerTitleInset = 12
    style.headerTitleShadow = Color(white: 0, alpha: 0.44)
    style.headerTitleShadowOffset = CGSize(width: 0, height: 1)
    return style
  }()

  /// The iOS releases whose plain table a script can name (`"tableStyle": "ios6"`).
  public enum Era: String, CaseIterable, Sendable {
    /// iOS 7's flat table, the default.
    case ios7
    /// iOS 6's table, as the original refresh components were shown in.
    case ios6
  }

  /// The plain table of `era`.
  public init(era: Era) {
    switch era {
    case .ios7: self = .ios7
    case .ios6: self = .ios6
    }
  }
}

/// A section: an optional header title and its row titles.
public struct TableSection: Hashable, Sendable {
  /// The header's title; nil: the section has no header.
  public var title: String?
  /// Each row's title, top to bottom.
  public var rows: [String]

  /// A section of `rows`, under a header when `title` is given.
  public init(title: String? = nil, rows: [String]) {
    self.title = title
    self.rows = rows
  }
}

// MARK: - TableView

/// Table-like content for a scroll view, so previews look like an app: rows with titles and separators,
/// optional section headers. It is a plain view laid out once, growing when rows are appended (an app's data
/// arriving for a load-more footer); its height is the content height.
public final class TableView: View {
  /// The sections, top to bottom.
  public private(set) var sections: [TableSection]
  /// How rows and headers look.
  public let style: TableStyle

  /// A table `width` points wide, laid out once; its height is the rows' and headers' total.
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

  /// The total number of rows, every section's.
  public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// Adds rows titled `titles` to the end of the last section (a section without a title when there is none),
  /// as an app's `reloadData` shows the data a footer asked for; the table grows by their height.
  public func appendRows(_ titles: [String]) {
    if sections.isEmpty { sections.append(TableSection(rows: [])) }
    let s = sections.count - 1
    var y = contentHeight
    for title in titles {
      let r = sections[s].rows.count
      layer.addSublayer(Self.row(title, width: bounds.width, y: y, style: style, name: "row \(s).\(r)"))
      sections[s].rows.append(title)
      y += style.rowHeight
    }
    frame = CGRect(x: frame.minX, y: frame.minY, width: bounds.width, height: y)
  }

  /// A row as a default-style cell: its title a label filling the content view (the row above its
  /// separator), inset by `titleInset`, so the text is centred as UILabel centres it.
  static func row(_ title: String, width: Double, y: Double, style: TableStyle, name: String) -> Layer {
    let row = Layer()
    row.name = name
    row.frame = CGRect(x: 0, y: y, width: width, height: style.rowHeight)
    row.backgroundColor = style.rowColor
    let label = Label()
    label.string = title
    label.fontSize = style.titleSize
    label.fontWeight = style.titleWeight
    label.foregroundColor = style.titleColor
    label.frame = CGRect(
      x: style.titleInset, y: 0, width: width - 2 * style.titleInset,
      height: style.rowHeight - style.separatorHeight)
    row.addSublayer(label)
    let separator = Layer()
    separator.frame = CGRect(
      x: style.separatorInset, y: style.rowHeight - style.separatorHeight, width: width - style.separatorInset,
      height: style.separatorHeight)
    separator.backgroundColor = style.separatorColor
    row.addSublayer(separator)
    return row
  }

  /// A plain section header: its background (a colour, or iOS 6's gradient) and its title, a label
  /// as tall as the header.
  static func header(_ title: String, width: Double, y: Double, style: TableStyle, index: Int) -> Layer {
    let header: Layer
    if let colors = style.headerGradient {
      let gradient = GradientLayer()
      gradient.colors = colors
      header = gradient
    } else {
      header = Layer()
      header.backgroundColor = style.headerColor
    }
    header.name = "header \(index)"
    header.frame = CGRect(x: 0, y: y, width: width, height: style.headerHeight)
    let label = Label()
    label.string = title
    label.fontSize = style.headerTitleSize
    label.fontWeight = style.headerTitleWeight
    label.foregroundColor = style.headerTitleColor
    label.textShadowColor = style.headerTitleShadow
    label.textShadowOffset = style.headerTitleShadowOffset
    label.frame = CGRect(
      x: style.headerTitleInset, y: 0, width: width - 2 * style.headerTitleInset, height: style.headerHeight)
    header.addSublayer(label)
    return header
  }
}
