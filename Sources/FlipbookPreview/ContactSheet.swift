import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookTiming
import Foundation

// MARK: - ContactSheet

/// A whole animation on one still image: chosen frames in a grid in reading order, each with a label.
///
/// A contact sheet is what a reviewer can take in at a glance and what fits in a pull request, where an
/// animated preview needs a player. It follows ImageMagick `montage`'s conventions: every cell is the same
/// size, frames keep their aspect ratio, the background is neutral, and each cell is labelled under the
/// picture with its time and, when the manifest has it, the refresh state ("0.50 s · loading").
///
/// The sheet is drawn at scale 1, so its points are pixels: cell sizes and padding are exact pixel counts.
public struct ContactSheet: Sendable {
  /// Which frames go on the sheet, in order. Each value gives one cell, so a value repeated or two values
  /// landing on one frame show that frame twice: the sheet always has as many cells as were asked for.
  public enum Selection: Sendable, Hashable {
    /// Frames 0, N, 2N, …: an even sampling of the frame folder.
    case every(Int)
    /// For each time in seconds, the first frame at or after it (the last frame for a time past the end),
    /// because that frame is what is on screen from that moment.
    case times([Double])
    /// For each value, the first frame whose manifest `refreshProgress` reaches it, so `[0, 0.5, 1]`
    /// shows the pull starting, half way to the trigger, and triggering. When no frame reaches a value (or
    /// the manifest has no `refreshProgress`, as for scene renders), the frame nearest that fraction of
    /// the animation's duration stands in, which is lottie-ios's 0/25/50/75/100 % filmstrip.
    case progress([Double])
  }

  /// Where everything goes on the sheet, in points (= pixels), one entry per cell in reading order.
  public struct Layout: Sendable, Equatable {
    /// The frame index shown by each cell.
    public var frameIndices: [Int]
    /// Each cell's whole rectangle: the picture and its label band.
    public var cells: [CGRect]
    /// Where each frame is drawn: the top of its cell, full cell width, frame aspect ratio kept.
    public var pictures: [CGRect]
    /// Each cell's label band under its picture (empty rectangles when the sheet is not labelled).
    public var labels: [CGRect]
    /// The timeline strip under the grid (`tracks`): the state band and the offset curve.
    public var tracks: CGRect? = nil
    /// The whole sheet.
    public var size: CGSize
  }

  /// Cells per row.
  public var columns: Int
  /// The width of a cell in points (rounded to whole pixels); nil for the frame width, scaled down to fit
  /// 200 px so that four columns of phone-sized frames stay a reviewable 840 px wide. Frames narrower
  /// than that are not blown up, since enlarging adds blur and no detail.
  public var cellWidth: Double?
  /// The gap between cells and around the grid.
  public var padding: Double
  /// The sheet's colour between and around cells: a light grey, so white frames keep visible edges.
  public var background: Color
  /// Whether each cell has a label band under its picture.
  public var labelled: Bool
  /// Whether a timeline strip goes under the grid: the refresh state band and the content offset curve,
  /// with each cell's time marked on the band (the frames must record them: a gesture script's do).
  public var tracks = false

  /// The strip's curve panel height, and the narrowest strip that still reads (the sheet widens to it).
  public static let tracksPanelHeight: Double = 70
  /// The narrowest timeline strip that still reads, in points: a narrower sheet widens to it.
  public static let minimumTracksWidth: Double = 480

  /// The height of the label band, enough for one line of 11-point Inter with some air above and below.
  public static let labelBandHeight: Double = 18
  /// The default cap on `cellWidth`.
  public static let defaultMaximumCellWidth: Double = 200

  /// A sheet of `columns` columns of cells `cellWidth` wide (nil: the frame width, capped at
  /// `defaultMaximumCellWidth`), `padding` apart on `background`, labelled unless `labelled` is false.
  public init(
    columns: Int = 4, cellWidth: Double? = nil, padding: Double = 8, background: Color = Color(white: 0.9),
    labelled: Bool = true
  ) {
    self.columns = columns
    self.cellWidth = cellWidth
    self.padding = padding
    self.background = background
    self.labelled = labelled
  }

  // MARK: Selecting frames

  /// The frame indices a selection picks from `sequence`, one per requested value.
  public func frameIndices(for selection: Selection, in sequence: FrameSequence) throws(PreviewError) -> [Int] {
    let frames = sequence.frames
    guard !frames.isEmpty else { throw PreviewError("\(sequence.folder): no frames for a contact sheet") }
    switch selection {
    case .every(let step):
      guard step >= 1 else { throw PreviewError("contact sheet: every(\(step)) needs a step of at least 1") }
      return Array(stride(from: 0, to: frames.count, by: step))
    case .times(let times):
      guard !times.isEmpty else { throw PreviewError("contact sheet: no times given") }
      return try times.map { (time: Double) throws(PreviewError) -> Int in
        guard let exact = Rational(decimal: time) else {
          throw PreviewError("contact sheet: time \(time) is not a number of seconds")
        }
        // The frame on screen at that time: the last one starting at or before it (times compared exactly).
        return frames.lastIndex { $0.exactTime <= exact } ?? 0
      }
    case .progress(let values):
      guard !values.isEmpty else { throw PreviewError("contact sheet: no progress values given") }
      let start = frames[0].time
      let end = frames[frames.count - 1].time
      return try values.map { (value: Double) throws(PreviewError) -> Int in
        guard value.isFinite else { throw PreviewError("contact sheet: progress \(value) is not a number") }
        if let reached = frames.firstIndex(where: { ContactSheet.refreshProgress(of: $0).map { $0 >= value } ?? false })
        {
          return reached
        }
        let target = start + min(max(value, 0), 1) * (end - start)
        return frames.indices.min { abs(frames[$0].time - target) < abs(frames[$1].time - target) } ?? 0
      }
    }
  }

  // MARK: Layout

  /// The layout for `sequence` with `selection`: cell, picture and label rectangles and the sheet size.
  ///
  /// Cells are `cellWidth` wide and `cellWidth × height / width` tall plus the label band; the sheet is
  /// `padding + n × (cell + padding)` each way, n being the columns used (fewer than `columns` when there
  /// are fewer cells) and the rows.
  public func layout(for sequence: FrameSequence, selection: Selection) throws(PreviewError) -> Layout {
    guard columns >= 1 else { throw PreviewError("contact sheet: \(columns) columns; it needs at least 1") }
    guard padding >= 0, padding.isFinite else { throw PreviewError("contact sheet: padding \(padding) is negative") }
    let indices = try frameIndices(for: selection, in: sequence)
    let width = resolvedCellWidth(for: sequence)
    guard width >= 1, width.isFinite else { throw PreviewError("contact sheet: cell width \(width) is too small") }
    let pictureHeight = max(1, (width * Double(sequence.height) / Double(max(sequence.width, 1))).rounded())
    let band = labelled ? ContactSheet.labelBandHeight : 0
    let cellHeight = pictureHeight + band
    var layout = Layout(frameIndices: indices, cells: [], pictures: [], labels: [], size: .zero)
    for position in indices.indices {
      let x = padding + Double(position % columns) * (width + padding)
      let y = padding + Double(position / columns) * (cellHeight + padding)
      layout.cells.append(CGRect(x: x, y: y, width: width, height: cellHeight))
      layout.pictures.append(CGRect(x: x, y: y, width: width, height: pictureHeight))
      layout.labels.append(CGRect(x: x, y: y + pictureHeight, width: width, height: band))
    }
    let usedColumns = min(columns, indices.count)
    let rows = (indices.count + columns - 1) / columns
    layout.size = CGSize(
      width: padding + Double(usedColumns) * (width + padding), height: padding + Double(rows) * (cellHeight + padding))
    if tracks {
      let stripWidth = max(layout.size.width - 2 * padding, ContactSheet.minimumTracksWidth)
      let strip = try trackPlot(for: sequence, width: stripWidth, frameIndices: indices).layout.size
      layout.tracks = CGRect(x: padding, y: layout.size.height, width: strip.width, height: strip.height)
      layout.size = CGSize(
        width: max(layout.size.width, stripWidth + 2 * padding), height: layout.size.height + strip.height + padding)
    }
    return layout
  }

  /// The strip under the grid: the state band and the offset curve, the cells' times marked.
  func trackPlot(for sequence: FrameSequence, width: Double, frameIndices: [Int]) throws(PreviewError) -> TrackPlot {
    let data: MotionTracks
    do {
      data = try MotionTracks(sequence: sequence, keys: [.state, .offset])
    } catch {
      throw PreviewError("--tracks: \(error.message)", isUsage: error.isUsage)
    }
    var plot = TrackPlot(tracks: data, width: width, panelHeight: ContactSheet.tracksPanelHeight)
    plot.markers = frameIndices.map { sequence.frames[$0].time }
    return plot
  }

  /// `cellWidth` in whole pixels, or the default: the frame width capped at 200 px.
  func resolvedCellWidth(for sequence: FrameSequence) -> Double {
    (cellWidth ?? min(Double(sequence.width), ContactSheet.defaultMaximumCellWidth)).rounded()
  }

  // MARK: Rendering

  /// Near-black labels on a light background, near-white on a dark one, judged by the background's
  /// Rec. 601 luma so the labels stay readable whatever colour the user picks.
  var labelColor: Color {
    let luma = 0.299 * background.red + 0.587 * background.green + 0.114 * background.blue
    return luma > 0.5 ? Color(white: 0.15) : Color(white: 0.92)
  }

  /// Draws the sheet: the background, each selected frame scaled into its cell over white (so transparent
  /// frames read as they would on a plain page), each label centred in its band, and with `tracks` the
  /// timeline strip under the grid.
  public func render(_ sequence: FrameSequence, selection: Selection) throws(PreviewError) -> Image {
    let layout = try layout(for: sequence, selection: selection)
    let style = TextStyle(size: 11, alignment: .center, truncation: .end, color: labelColor)
    let strip = try layout.tracks.map { (rect: CGRect) throws(PreviewError) -> TrackPlot in
      try trackPlot(for: sequence, width: rect.width, frameIndices: layout.frameIndices)
    }
    do {
      // Labels are shaped before drawing so a font problem is reported before any pixels are made.
      let labels: [TextLayout] =
        labelled
        ? try layout.frameIndices.map { (index: Int) throws(GraphicsError) -> TextLayout in
          try TextLayout(
            ContactSheet.label(for: sequence.frames[index]), style: style, width: layout.cells[0].width)
        } : []
      return try Image.drawing(
        pixelWidth: Int(layout.size.width.rounded()), pixelHeight: Int(layout.size.height.rounded()), scale: 1
      ) { (canvas: Canvas) throws(GraphicsError) in
        canvas.fillAll(background)
        if let strip, let rect = layout.tracks {
          canvas.fill(rect, color: .white)
          canvas.save()
          canvas.concatenate(Transform2D(translationX: rect.minX, y: rect.minY))
          try strip.draw(in: canvas)
          canvas.restore()
        }
        for (cell, index) in layout.frameIndices.enumerated() {
          let picture = layout.pictures[cell]
          canvas.fill(picture, color: .white)
          // One frame decoded at a time, so a sheet of every frame needs the memory of one.
          canvas.draw(try Image(contentsOfFile: sequence.frames[index].path), in: picture)
          if labelled {
            let band = layout.labels[cell]
            let text = labels[cell]
            text.draw(
              in: canvas, at: CGPoint(x: band.minX, y: band.minY + ((band.height - text.size.height) / 2).rounded()))
          }
        }
      }
    } catch {
      throw PreviewError("contact sheet for \(sequence.folder): \(error)")
    }
  }

  /// A cell's label: the time with two decimals, then the refresh state when the manifest entry has one
  /// ("0.50 s · loading"); two decimals tell 60 fps frames apart to within a frame.
  public static func label(for frame: FrameSequence.Frame) -> String {
    let time = String(format: "%.2f s", frame.time)
    guard let state = frame.state?.refresh?.state else { return time }
    return "\(time) · \(state)"
  }

  /// The frame's `refreshProgress`, if it has one.
  static func refreshProgress(of frame: FrameSequence.Frame) -> Double? { frame.state?.refresh?.progress }
}
