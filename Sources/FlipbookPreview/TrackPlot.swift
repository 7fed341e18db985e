import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - TrackPlot

/// `MotionTracks` drawn as a picture: a legend, the state band, one panel per curve with its axis in
/// its unit and its thresholds as dashed lines, the finger's down and up marks across everything, and a
/// time axis in seconds at the bottom. Drawn by Cairo on any canvas, so the same drawing is a PNG, an SVG
/// (`flipbook plot`) or a strip under a contact sheet (`--tracks`).
///
/// Everything is in points from the top-left; `x(forTime:)` and `y(forValue:of:)` say where a value
/// lands, for tests that probe the pixels.
public struct TrackPlot: Sendable {
  /// The tracks to draw.
  public var tracks: MotionTracks
  /// The whole picture's width in points.
  public var width: Double
  /// Each curve panel's height in points.
  public var panelHeight: Double
  /// Times to mark with a thin line on the band (a contact sheet's frames).
  public var markers: [Double] = []

  /// The state band's height: one line of 11-point labels with air around it.
  public static let bandHeight = 20.0
  /// Room left of the panels for the value labels, and right of them for the threshold labels.
  public static let leftMargin = 60.0
  /// Room right of the panels for the threshold labels, in points.
  public static let rightMargin = 96.0
  /// The legend row, the marks' label row, a panel's title row and the time axis under everything.
  static let legendHeight = 20.0
  static let markRowHeight = 14.0
  static let titleHeight = 16.0
  static let axisHeight = 30.0
  static let gap = 6.0
  static let labelSize = 11.0
  static let smallSize = 10.0

  /// A plot of `tracks`, `width` points wide with curve panels `panelHeight` points high.
  public init(tracks: MotionTracks, width: Double = 840, panelHeight: Double = 100) {
    self.tracks = tracks
    self.width = width
    self.panelHeight = panelHeight
  }

  // MARK: Layout

  /// Where each part goes.
  public struct Layout: Sendable, Equatable {
    /// The span of time across: from `x(forTime: start)` to `x(forTime: end)`.
    public var plotMinX: Double
    /// The right end of the time axis, `x(forTime: end)`.
    public var plotMaxX: Double
    /// The state band, when the tracks have states.
    public var band: CGRect?
    /// One rectangle per series, in order.
    public var panels: [CGRect]
    /// The whole picture.
    public var size: CGSize
  }

  /// Where the legend, band and panels go at this `width` and `panelHeight`.
  public var layout: Layout {
    let minX = Self.leftMargin
    let maxX = max(minX + 1, width - Self.rightMargin)
    var y = Self.gap + Self.legendHeight * Double(legendRows) + (tracks.touches.isEmpty ? 0 : Self.markRowHeight)
    var band: CGRect?
    if !tracks.spans.isEmpty {
      band = CGRect(x: minX, y: y, width: maxX - minX, height: Self.bandHeight)
      y += Self.bandHeight + Self.gap
    }
    var panels: [CGRect] = []
    for _ in tracks.series {
      y += Self.titleHeight
      panels.append(CGRect(x: minX, y: y, width: maxX - minX, height: panelHeight))
      y += panelHeight + Self.gap
    }
    return Layout(
      plotMinX: minX, plotMaxX: maxX, band: band, panels: panels,
      size: CGSize(width: width, height: y + Self.axisHeight))
  }

  /// Where `time` falls across.
  public func x(forTime time: Double) -> Double {
    let layout = layout
    let span = max(tracks.end - tracks.start, 1e-9)
    return layout.plotMinX + (time - tracks.start) / span * (layout.plotMaxX - layout.plotMinX)
  }

  /// Where `value` of series `index` falls in its panel.
  public func y(forValue value: Double, of index: Int) -> Double {
    let panel = layout.panels[index]
    let range = valueRange(of: index)
    return panel.maxY - (value - range.lowerBound) / (range.upperBound - range.lowerBound) * panel.height
  }

  /// The values series `index`'s panel spans: its samples and thresholds, widened to whole ticks.
  public func valueRange(of index: Int) -> ClosedRange<Double> {
    let series = tracks.series[index]
    let values = series.samples.map(\.value) + series.thresholds.map(\.value)
    var low = values.min() ?? 0
    var high = values.max() ?? 1
    if high - low < 1e-9 {
      low -= 1
      high += 1
    }
    let step = Self.niceStep((high - low) / 4)
    return (low / step).rounded(.down) * step...(high / step).rounded(.up) * step
  }

  /// A tick spacing of 1, 2 or 5 times a power of ten, at least `rough`.
  static func niceStep(_ rough: Double) -> Double {
    guard rough > 0, rough.isFinite else { return 1 }
    let power = pow(10, (log10(rough)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where factor * power >= rough * 0.999 { return factor * power }
    return 10 * power
  }

  /// The ticks from `range`'s start to its end, `step` apart.
  static func ticks(_ range: ClosedRange<Double>, step: Double) -> [Double] {
    let first = (range.lowerBound / step - 1e-9).rounded(.up)
    let last = (range.upperBound / step + 1e-9).rounded(.down)
    guard first <= last else { return [] }
    return stride(from: first, through: last, by: 1).map { $0 * step }
  }

  var timeTicks: [Double] {
    Self.ticks(tracks.start...tracks.end, step: Self.niceStep((tracks.end - tracks.start) / 9))
  }

  // MARK: Drawing

  /// The plot as pixels at `scale`, on white.
  public func image(scale: Double = 1) throws(PreviewError) -> Image {
    let size = layout.size
    do {
      return try Image.drawing(
        pixelWidth: PixelCount.roundingUp(size.width * scale), pixelHeight: PixelCount.roundingUp(size.height * scale),
        scale: scale
      ) { (canvas: Canvas) throws(GraphicsError) in
        canvas.fillAll(.white)
        try draw(in: canvas)
      }
    } catch {
      throw PreviewError("plot: \(error)")
    }
  }

  /// The plot as an SVG document, on white.
  public func svg() throws(PreviewError) -> [UInt8] {
    let size = layout.size
    do {
      return try Canvas.drawingSVG(width: size.width, height: size.height) { (canvas: Canvas) throws(GraphicsError) in
        canvas.fill(CGRect(origin: .zero, size: size), color: .white)
        try draw(in: canvas)
      }
    } catch {
      throw PreviewError("plot: \(error)")
    }
  }

  /// Draws everything with the picture's top-left at the canvas's origin (no background).
  public func draw(in canvas: Canvas) throws(GraphicsError) {
    let layout = layout
    try drawLegend(in: canvas, layout: layout)
    if let band = layout.band { try drawBand(band, in: canvas) }
    for index in layout.panels.indices { try drawPanel(index, in: canvas, layout: layout) }
    try drawTouches(in: canvas, layout: layout)
    try drawTimeAxis(in: canvas, layout: layout)
  }

  private func text(
    _ string: String, size: Double = labelSize, color: Color = TrackColors.text, alignment: TextAlignment = .left,
    width: Double? = nil
  )
    throws(GraphicsError) -> TextLayout
  {
    try TextLayout(
      string, style: TextStyle(size: size, alignment: alignment, truncation: .end, color: color), width: width)
  }

  private func line(
    _ from: CGPoint, _ to: CGPoint, in canvas: Canvas, color: Color, width: Double = 1, dash: [Double] = []
  ) {
    var path = Path()
    path.move(to: from)
    path.addLine(to: to)
    canvas.stroke(path, color: color, style: StrokeStyle(lineWidth: width, dashPattern: dash))
  }

  /// The threshold's dash and the finger marks' dash.
  static let thresholdDash: [Double] = [5, 3]
  static let touchDash: [Double] = [2, 2]

  /// One entry of the legend: a swatch and its label.
  enum LegendItem: Equatable {
    case state(String)
    case curve(Int, String)
    case threshold
    case touch

    var label: String {
      switch self {
      case .state(let name), .curve(_, let name): name
      case .threshold: "trigger"
      case .touch: "finger down / up"
      }
    }
    /// The swatch's width and the gap after it.
    var swatchWidth: Double {
      switch self {
      case .state: 14
      case .curve, .threshold: 20
      case .touch: 10
      }
    }
  }

  var legendItems: [LegendItem] {
    var items: [LegendItem] = tracks.spans.isEmpty ? [] : tracks.states.map(LegendItem.state)
    items += tracks.series.enumerated().map { LegendItem.curve($0.offset, $0.element.name) }
    if tracks.series.contains(where: { !$0.thresholds.isEmpty }) { items.append(.threshold) }
    if !tracks.touches.isEmpty { items.append(.touch) }
    return items
  }

  /// Each legend item's left edge and row, wrapping to a new row where the next would pass the right edge.
  var legendPlacement: [(item: LegendItem, x: Double, row: Int)] {
    var placement: [(item: LegendItem, x: Double, row: Int)] = []
    var x = Self.leftMargin
    var row = 0
    for item in legendItems {
      let labelWidth =
        (try? TextLayout(item.label, style: TextStyle(size: Self.labelSize)).size.width)
        ?? Double(item.label.count) * Self.labelSize * 0.6
      let itemWidth = item.swatchWidth + labelWidth
      if x + itemWidth > legendRight, x > Self.leftMargin {
        row += 1
        x = Self.leftMargin
      }
      placement.append((item, x, row))
      x += itemWidth + 14
    }
    return placement
  }

  /// Where legend rows end: the picture's right edge, less a little air.
  private var legendRight: Double { width - 8 }

  var legendRows: Int { max(1, (legendPlacement.last?.row ?? 0) + 1) }

  private func drawLegend(in canvas: Canvas, layout: Layout) throws(GraphicsError) {
    for (item, left, row) in legendPlacement {
      let midY = Self.gap + Self.legendHeight * (Double(row) + 0.5)
      var x = left
      switch item {
      case .state(let state):
        canvas.fill(
          CGRect(x: x, y: midY - 5, width: 10, height: 10), color: TrackColors.color(of: state, among: tracks.states))
      case .curve(let index, _):
        line(CGPoint(x: x, y: midY), CGPoint(x: x + 16, y: midY), in: canvas, color: Self.curveColor(index), width: 2)
      case .threshold:
        line(
          CGPoint(x: x, y: midY), CGPoint(x: x + 16, y: midY), in: canvas, color: TrackColors.threshold,
          dash: Self.thresholdDash)
      case .touch:
        line(
          CGPoint(x: x + 4, y: midY - 6), CGPoint(x: x + 4, y: midY + 6), in: canvas, color: TrackColors.touch,
          dash: Self.touchDash)
      }
      x += item.swatchWidth
      let text = try text(item.label)
      text.draw(in: canvas, at: CGPoint(x: x, y: midY - text.size.height / 2))
    }
  }

  static func curveColor(_ index: Int) -> Color { TrackColors.curves[index % TrackColors.curves.count] }

  private func drawBand(_ band: CGRect, in canvas: Canvas) throws(GraphicsError) {
    for span in tracks.spans {
      let x0 = max(band.minX, x(forTime: span.start))
      let x1 = min(band.maxX, x(forTime: span.end))
      guard x1 > x0 else { continue }
      let rect = CGRect(x: x0, y: band.minY, width: x1 - x0, height: band.height)
      canvas.fill(rect, color: TrackColors.color(of: span.state, among: tracks.states))
      let label = try text(span.state, alignment: .center, width: rect.width)
      if label.size.width + 6 <= rect.width {
        label.draw(in: canvas, at: CGPoint(x: rect.minX, y: rect.midY - label.size.height / 2))
      }
    }
    for marker in markers where marker >= tracks.start && marker <= tracks.end {
      let x = x(forTime: marker)
      line(CGPoint(x: x, y: band.minY), CGPoint(x: x, y: band.maxY), in: canvas, color: TrackColors.text, width: 1.5)
    }
  }

  private func drawPanel(_ index: Int, in canvas: Canvas, layout: Layout) throws(GraphicsError) {
    let panel = layout.panels[index]
    let series = tracks.series[index]
    let title = try text(series.title)
    title.draw(in: canvas, at: CGPoint(x: panel.minX, y: panel.minY - Self.titleHeight + 1))
    canvas.fill(panel, color: Color(white: 0.98))
    for tick in timeTicks {
      let x = x(forTime: tick)
      line(CGPoint(x: x, y: panel.minY), CGPoint(x: x, y: panel.maxY), in: canvas, color: TrackColors.grid)
    }
    let range = valueRange(of: index)
    for tick in Self.ticks(range, step: Self.niceStep((range.upperBound - range.lowerBound) / 4)) {
      let y = y(forValue: tick, of: index)
      line(CGPoint(x: panel.minX, y: y), CGPoint(x: panel.maxX, y: y), in: canvas, color: TrackColors.grid)
      let label = try text(
        JSONValue.format(tick), size: Self.smallSize, color: TrackColors.axis, alignment: .right,
        width: Self.leftMargin - 8)
      label.draw(in: canvas, at: CGPoint(x: 0, y: y - label.size.height / 2))
    }
    for threshold in series.thresholds {
      let y = y(forValue: threshold.value, of: index)
      line(
        CGPoint(x: panel.minX, y: y), CGPoint(x: panel.maxX, y: y), in: canvas, color: TrackColors.threshold,
        width: 1.5, dash: Self.thresholdDash)
      let label = try text(
        threshold.label, size: Self.smallSize, color: TrackColors.threshold, width: Self.rightMargin - 6)
      label.draw(in: canvas, at: CGPoint(x: panel.maxX + 4, y: y - label.size.height / 2))
    }
    var path = Path()
    for (position, sample) in Self.curvePoints(series.samples).enumerated() where sample.time <= tracks.end {
      let point = CGPoint(x: x(forTime: sample.time), y: y(forValue: sample.value, of: index))
      if position == 0 { path.move(to: point) } else { path.addLine(to: point) }
    }
    if let last = series.samples.last {
      path.addLine(to: CGPoint(x: layout.plotMaxX, y: y(forValue: last.value, of: index)))
    }
    canvas.stroke(path, color: Self.curveColor(index), style: StrokeStyle(lineWidth: 1.75, lineJoin: .round))
    var frame = Path()
    frame.addRect(panel)
    canvas.stroke(frame, color: TrackColors.axis, style: StrokeStyle(lineWidth: 0.75))
  }

  /// The longest a value of a gesture script waits for the simulation: one tick of `ScriptScene`'s 60 Hz
  /// clock (the originals' screens refreshed 60 times a second). Sampled finer, a drag's offset stays put
  /// for up to that long and then jumps; drawn sample to sample that is a staircase the content never
  /// showed, so a run of one value no longer than this is drawn as a point on the curve through it.
  static let simulationTick = 1.0 / 60

  /// The points a curve is drawn through: the first sample of each run of one value, and the run's last
  /// sample too when the value was held longer than a simulation tick (a real hold, then a step).
  static func curvePoints(_ samples: [MotionTracks.Sample]) -> [MotionTracks.Sample] {
    var points: [MotionTracks.Sample] = []
    var runStart = 0
    for index in samples.indices {
      let isLast = index == samples.count - 1
      if isLast || samples[index + 1].value != samples[runStart].value {
        points.append(samples[runStart])
        if index > runStart, isLast || samples[index + 1].time - samples[runStart].time > simulationTick + 1e-9 {
          points.append(samples[index])
        }
        runStart = index + 1
      }
    }
    return points
  }

  private func drawTouches(in canvas: Canvas, layout: Layout) throws(GraphicsError) {
    let top = (layout.band?.minY ?? layout.panels.first?.minY ?? 0)
    let bottom = layout.panels.last?.maxY ?? layout.band?.maxY ?? top
    for touch in tracks.touches {
      for (time, name) in [(touch.down, "down"), (touch.up, "up")] where time >= tracks.start && time <= tracks.end {
        let x = x(forTime: time)
        line(
          CGPoint(x: x, y: top - 2), CGPoint(x: x, y: bottom), in: canvas, color: TrackColors.touch,
          dash: Self.touchDash)
        let label = try text(name, size: Self.smallSize, color: TrackColors.touch, alignment: .center, width: 40)
        label.draw(in: canvas, at: CGPoint(x: x - 20, y: top - 2 - label.size.height))
      }
    }
  }

  private func drawTimeAxis(in canvas: Canvas, layout: Layout) throws(GraphicsError) {
    let y = (layout.panels.last?.maxY ?? layout.band?.maxY ?? 0) + 2
    for tick in timeTicks {
      let x = x(forTime: tick)
      line(CGPoint(x: x, y: y), CGPoint(x: x, y: y + 4), in: canvas, color: TrackColors.axis)
      let label = try text(
        JSONValue.format(tick), size: Self.smallSize, color: TrackColors.axis, alignment: .center, width: 48)
      label.draw(in: canvas, at: CGPoint(x: x - 24, y: y + 5))
    }
    let title = try text("time (s)", size: Self.smallSize, color: TrackColors.axis)
    title.draw(in: canvas, at: CGPoint(x: layout.plotMaxX + 18, y: y + 5))
  }
}
