import FlipbookFrames
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookPreview

/// Six frames at 10 fps of an EGO-like refresh: pulled past −65 pt at 0.3 s, loading with the inset at
/// 0.4 s; the finger down at 0.1 s and up at 0.35 s.
enum TrackFixture {
  static let entries = [
    #""refreshState": "normal", "refreshProgress": 0, "contentOffset": [0, 0], "contentInset": [0, 0, 0, 0], "dragging": false, "decelerating": false"#,
    #""refreshState": "normal", "refreshProgress": 0.46, "contentOffset": [0, -30], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false"#,
    #""refreshState": "normal", "refreshProgress": 0.92, "contentOffset": [0, -60], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false"#,
    #""refreshState": "pulling", "refreshProgress": 1, "contentOffset": [0, -70], "contentInset": [0, 0, 0, 0], "dragging": true, "decelerating": false"#,
    #""refreshState": "loading", "refreshProgress": 0.92, "contentOffset": [0, -60], "contentInset": [60, 0, 0, 0], "dragging": false, "decelerating": false"#,
    #""refreshState": "loading", "refreshProgress": 0.92, "contentOffset": [0, -60], "contentInset": [60, 0, 0, 0], "dragging": false, "decelerating": false"#,
  ]
  static let header =
    #""refreshStyle": "ego", "refreshStates": ["normal", "pulling", "loading"], "offsetThreshold": -65, "touchDowns": [0.1], "touchUps": [0.35], "#

  /// The entries' times (at 10 fps) and states, read as a manifest is.
  static func states() throws -> [(time: Double, state: FrameState?)] {
    let frames = entries.enumerated().map { #"{"file": "f\#($0).png", "time": \#(Double($0) / 10), \#($1)}"# }
    let manifest = try Manifest(
      parsing: Data(#"{"frames": [\#(frames.joined(separator: ", "))]}"#.utf8), path: "fixture")
    return manifest.frames.map { ($0.time, $0.state) }
  }

  /// A frame folder of these entries, `width` pixels wide, with the header a script's render writes.
  static func folder(width: Int = 40) throws -> URL {
    let folder = try writeFrameFolder(
      (0..<entries.count).map { try solid(UInt8($0 * 40), 90, 90, width: width, height: width * 3 / 4) },
      extra: entries)
    let manifest = folder.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
      of: "{\"fps\"", with: "{" + header + "\"fps\"")
    try Data(text.utf8).write(to: manifest)
    return folder
  }
}

/// How far apart two colours are, channel by channel.
func distance(_ pixel: RGBA8, _ color: Color) -> Int {
  func channel(_ value: UInt8, _ target: Double) -> Int { abs(Int(value) - Int((target * 255).rounded())) }
  return max(channel(pixel.r, color.red), channel(pixel.g, color.green), channel(pixel.b, color.blue))
}

@Suite("Timeline tracks and their plot")
struct TrackPlotTests {
  @Test("Tracks from manifest entries: the state band's spans, the curves with the header's threshold, the touches")
  func tracksFromFrames() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracks = try MotionTracks(sequence: try FrameSequence.load(folder: folder.path))
    #expect(tracks.start == 0 && abs(tracks.end - 0.6) < 1e-9)
    #expect(tracks.states == ["normal", "pulling", "loading"])
    #expect(tracks.spans.map(\.state) == ["normal", "pulling", "loading"])
    #expect(tracks.spans.map(\.start) == [0, 0.3, 0.4])
    #expect(
      tracks.state(at: 0.29) == "normal" && tracks.state(at: 0.35) == "pulling" && tracks.state(at: 0.6) == "loading")
    #expect(tracks.series.map(\.name) == ["contentOffset.y", "contentInset.top", "refreshProgress"])
    let offset = try #require(tracks.series(named: "contentOffset.y"))
    #expect(offset.samples.map(\.value) == [0, -30, -60, -70, -60, -60])
    #expect(offset.unit == "pt" && offset.title == "contentOffset.y (pt)")
    #expect(offset.thresholds == [MotionTracks.Threshold(value: -65, label: "trigger -65 pt")])
    #expect(tracks.series(named: "refreshProgress")?.thresholds == [])
    #expect(tracks.touches == [MotionTracks.Touch(down: 0.1, up: 0.35)])

    // Keys choose and order the tracks; one the frames lack is a usage error naming it.
    let chosen = try MotionTracks(sequence: try FrameSequence.load(folder: folder.path), keys: [.progress, .state])
    #expect(chosen.series.map(\.name) == ["refreshProgress"] && chosen.spans.count == 3)
    let scene = try writeFrameFolder([try solid(0, 0, 0), try solid(9, 9, 9)])
    defer { try? FileManager.default.removeItem(at: scene) }
    #expect {
      try MotionTracks(sequence: try FrameSequence.load(folder: scene.path), keys: [.state])
    } throws: { error in
      (error as? PreviewError).map { $0.isUsage && $0.message.contains("no refreshState") } ?? false
    }
    // Without the header's touch times, the frames where dragging turns on and off stand in.
    let plain = try MotionTracks(entries: try TrackFixture.states(), end: 0.6, header: .object([]))
    #expect(
      plain.touches == [MotionTracks.Touch(down: 0.1, up: 0.4)] && plain.states == ["normal", "pulling", "loading"])
    // A finger still down at the last frame lifts at the end.
    let held = try MotionTracks(entries: Array(try TrackFixture.states().prefix(4)), end: 0.4, header: .object([]))
    #expect(held.touches == [MotionTracks.Touch(down: 0.1, up: 0.4)])
  }

  @Test(
    "The plot's pixels: each state's colour in its span, the threshold dashed at −65 pt, the curve through its samples")
  func plotPixels() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plot = TrackPlot(tracks: try MotionTracks(sequence: try FrameSequence.load(folder: folder.path)), width: 600)
    let image = try plot.image(scale: 1)
    let layout = plot.layout
    #expect(image.width == 600 && Double(image.height) == layout.size.height)
    let band = try #require(layout.band)
    let bandY = Int(band.minY + 2)
    for (time, state) in [(0.05, "normal"), (0.31, "pulling"), (0.55, "loading")] {
      let pixel = image.pixel(x: Int(plot.x(forTime: time)), y: bandY)
      #expect(
        distance(pixel, TrackColors.color(of: state, among: plot.tracks.states)) <= 2, "\(state) at \(time) s: \(pixel)"
      )
    }
    // The threshold: dashed, so about 5 in 8 pixels of its row, in the threshold colour.
    let thresholdY = Int(plot.y(forValue: -65, of: 0))
    let panel = layout.panels[0]
    let row = (Int(panel.minX) + 1..<Int(panel.maxX) - 1).map { image.pixel(x: $0, y: thresholdY) }
    let red = row.filter { distance($0, TrackColors.threshold) <= 60 }.count
    #expect(Double(red) > 0.4 * Double(row.count) && Double(red) < 0.8 * Double(row.count), "\(red) of \(row.count)")
    // Half way from the sample at 0.1 s (−30) to the one at 0.2 s (−60) the line passes −45 pt.
    let x = Int(plot.x(forTime: 0.15))
    let y = Int(plot.y(forValue: -45, of: 0))
    let near = (-1...1).flatMap { dx in (-1...1).map { dy in image.pixel(x: x + dx, y: y + dy) } }
    #expect(near.contains { distance($0, TrackPlot.curveColor(0)) <= 40 }, "\(near)")
    // Above the curve there, only the panel's background.
    #expect(distance(image.pixel(x: x, y: y - 12), Color(white: 0.98)) <= 2)
  }

  @Test("A legend too long for one row wraps, and the panels move down by the rows it takes")
  func legendWraps() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracks = try MotionTracks(sequence: try FrameSequence.load(folder: folder.path))
    let wide = TrackPlot(tracks: tracks, width: 1200)
    let narrow = TrackPlot(tracks: tracks, width: 400)
    #expect(wide.legendRows == 1 && narrow.legendRows > 1)
    #expect(narrow.legendPlacement.map(\.item) == wide.legendPlacement.map(\.item))
    #expect(narrow.legendPlacement.allSatisfy { $0.x < 400 })
    let band = try #require(narrow.layout.band)
    let wideBand = try #require(wide.layout.band)
    #expect(abs(band.minY - (wideBand.minY + Double(narrow.legendRows - 1) * TrackPlot.legendHeight)) < 1e-9)
  }

  @Test("The SVG plot is an XML document of the plot's size, text drawn as outlines")
  func svg() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plot = TrackPlot(tracks: try MotionTracks(sequence: try FrameSequence.load(folder: folder.path)), width: 600)
    let text = String(decoding: try plot.svg(), as: UTF8.self)
    #expect(text.hasPrefix("<?xml"))
    let size = plot.layout.size
    #expect(text.contains(#"width="600px" height="\#(JSONValue.format(size.height))px""#))
    #expect(text.hasSuffix("</svg>\n"))
    // Glyphs are outlines referenced by <use>, so the file needs no font.
    #expect(text.contains("<symbol") || text.contains("glyph"))
  }

  @Test("Curves skip the staircase of values held for a simulation tick, but keep real holds and steps")
  func curvePoints() {
    func samples(_ values: [Double]) -> [MotionTracks.Sample] {
      values.enumerated().map { MotionTracks.Sample(time: Double($0.offset) / 240, value: $0.element) }
    }
    // 240 Hz samples of a 60 Hz drag: each value four times; drawn through the first of each.
    let drag = TrackPlot.curvePoints(samples([0, 0, 0, 0, -4, -4, -4, -4, -8]))
    #expect(drag.map(\.value) == [0, -4, -8] && drag.map(\.time) == [0, 4.0 / 240, 8.0 / 240])
    // A hold of 0 for longer than a tick, then a step: the hold's end is kept, so the step is upright.
    let step = TrackPlot.curvePoints(samples([0, 0, 0, 0, 0, 0, 60, 60]))
    #expect(step.map(\.value) == [0, 0, 60, 60] && step[1].time == 5.0 / 240)
  }

  @Test("A contact sheet with tracks has the strip under the grid, its band in the states' colours")
  func sheetWithTracks() throws {
    let folder = try TrackFixture.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let plain = try ContactSheet(columns: 3).layout(for: sequence, selection: .every(1))
    var sheet = ContactSheet(columns: 3)
    sheet.tracks = true
    let layout = try sheet.layout(for: sequence, selection: .every(1))
    let strip = try #require(layout.tracks)
    #expect(layout.cells == plain.cells && strip.minY == plain.size.height)
    #expect(abs(layout.size.width - (ContactSheet.minimumTracksWidth + 2 * sheet.padding)) < 1e-9)
    #expect(abs(layout.size.height - (plain.size.height + strip.height + sheet.padding)) < 1e-9)
    let image = try sheet.render(sequence, selection: .every(1))
    let plot = try sheet.trackPlot(for: sequence, width: strip.width, frameIndices: layout.frameIndices)
    #expect(plot.tracks.series.map(\.name) == ["contentOffset.y"])
    let band = try #require(plot.layout.band)
    let pixel = image.pixel(x: Int(strip.minX + plot.x(forTime: 0.45)), y: Int(strip.minY + band.minY + 2))
    #expect(distance(pixel, TrackColors.color(of: "loading", among: plot.tracks.states)) <= 2, "\(pixel)")
    // A scene's frames have no states: the sheet refuses, as a usage error.
    let scene = try writeFrameFolder([try solid(0, 0, 0), try solid(9, 9, 9)])
    defer { try? FileManager.default.removeItem(at: scene) }
    #expect(throws: PreviewError.self) {
      try sheet.layout(for: try FrameSequence.load(folder: scene.path), selection: .every(1))
    }
  }
}
