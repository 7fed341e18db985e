import Foundation

// MARK: - Diff strip

extension ImageComparison {
  /// Space around and between the panels, in pixels.
  static let stripGap = 8
  /// Panels wider than this are scaled down (all three alike) so a strip stays viewable in a CI log.
  static let stripMaxPanelWidth = 800
  /// The strip's background and the labels' colour.
  static let stripBackground = Color(white: 0.9)
  static let stripLabelColor = Color(white: 0.25)

  /// A labelled triptych "Expected | Diff | Actual": the three images side by side on a light grey
  /// background, each under its label. The one static artifact that answers a failed comparison at a
  /// glance (jest-image-snapshot's and Paparazzi's composite), and easy to attach to a CI run.
  ///
  /// Layout, in pixels: 8 px margins and gaps; a label band (Inter 13 pt, dark grey) above the images;
  /// each column as wide as its image, or as its label when the image is narrower, so labels stay
  /// readable for icons. When any image is wider than 800 px all three are scaled by the same factor so
  /// the widest is 800 px (scaled images are filtered smoothly, others copied pixel for pixel).
  /// Translucent images are shown over white, as the comparison sees them.
  public static func strip(expected: Image, diff: Image, actual: Image) throws(GraphicsError) -> Image {
    let images = [expected, diff, actual]
    let widest = images.map(\.width).max() ?? 1
    let factor = widest > stripMaxPanelWidth ? Double(stripMaxPanelWidth) / Double(widest) : 1
    let panels = images.map { image in
      (
        width: max(1, Int((Double(image.width) * factor).rounded())),
        height: max(1, Int((Double(image.height) * factor).rounded()))
      )
    }
    let style = TextStyle(size: 13, color: stripLabelColor)
    var labels: [TextLayout] = []
    for text in ["Expected", "Diff", "Actual"] { labels.append(try TextLayout(text, style: style)) }
    let columns = zip(panels, labels).map { max($0.width, Int($1.size.width.rounded(.up))) }
    let labelBand = Int((labels.map(\.size.height).max() ?? 0).rounded(.up)) + 4
    let width = columns.reduce(0, +) + stripGap * (columns.count + 1)
    let height = stripGap + labelBand + (panels.map(\.height).max() ?? 1) + stripGap
    return try Image.drawing(pixelWidth: width, pixelHeight: height, scale: 1) { canvas throws(GraphicsError) in
      canvas.fillAll(stripBackground)
      var x = stripGap
      for index in images.indices {
        let panel = panels[index]
        labels[index].draw(in: canvas, at: CGPoint(x: Double(x), y: Double(stripGap)))
        let rect = CGRect(x: x, y: stripGap + labelBand, width: panel.width, height: panel.height)
        canvas.fill(rect, color: .white)
        canvas.draw(images[index], in: rect, filter: factor == 1 ? .nearest : .smooth)
        x += columns[index] + stripGap
      }
      try canvas.checkStatus("draw a diff strip")
    }
  }
}
