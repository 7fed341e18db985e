import FlipbookBatch
import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookPreview
import FlipbookRender
import FlipbookScene
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - PlotAction

/// `flipbook plot`: a document's motion as curves over time, drawn by Flipbook into a PNG or an SVG.
///
/// A gesture script is simulated without drawing a pixel and read as its manifest would record it
/// (`Document.frameState`), so the tracks are the manifest's numbers; a layer's property is read
/// from the presentation tree. Both are sampled at `sampleRate`, finer than any frame rate, at exact
/// times: sample i is at `T0 + i/240`.
enum PlotAction {
  /// Samples per second: four per 60 Hz frame, so every frame's time is a sample's (a plot's sample at
  /// `i/60` is what a 60 fps render's manifest records).
  static let sampleRate = 240

  struct Request {
    var document: String
    var output: String
    /// `--at T0..T1`; nil for the whole document.
    var range: (from: Rational, to: Rational)?
    /// `--keys`; nil for every track the script has.
    var keys: [MotionTracks.Key]?
    /// `--layer` and `--key`.
    var layer: String?
    var key: String?
    var width = 840.0
    var scale = 2.0
    var quiet = false
    var limits = RenderLimits()
  }

  static func run(_ request: Request) throws(ActionFailure) -> String {
    let source = try Actions.load(request.document, scale: nil, quiet: request.quiet, limits: request.limits)
    let document = source.document
    let clock = try sampleClock(request, duration: document.duration)
    do throws(BatchError) {
      try RenderBudget.check(
        RenderWork(document: document, frames: 0, until: clock.end.seconds), document: request.document,
        allowLarge: request.limits.allowLarge)
    } catch {
      throw ActionFailure(error)
    }
    let tracks: MotionTracks
    if let layer = request.layer, let key = request.key {
      tracks = try propertyTracks(document, layer: layer, key: key, clock: clock)
    } else {
      guard case .script = document else {
        throw ActionFailure(
          "\(request.document) is a scene, which has no scroll view or refresh state; plot a layer's property "
            + "with --layer NAME --key KEY", isUsage: true)
      }
      tracks = try scriptTracks(source, keys: request.keys, clock: clock)
    }
    return try write(TrackPlot(tracks: tracks, width: request.width), request: request, samples: clock.count)
  }

  /// `--at` or the whole document, at `sampleRate`; a range past the document's end is a usage error.
  static func sampleClock(_ request: Request, duration: Double) throws(ActionFailure) -> FrameClock {
    let end = Rational(decimal: duration) ?? .zero
    let (from, to) = request.range ?? (.zero, end)
    guard to <= end else {
      throw ActionFailure(
        "--at \(JSONValue.format(from.seconds))..\(JSONValue.format(to.seconds)) ends after the document, which "
          + "lasts \(JSONValue.format(duration)) s", isUsage: true)
    }
    guard to > from else { throw ActionFailure("\(request.document) lasts no time; there is nothing to plot") }
    return FrameClock(start: from, end: to, rate: Rational(sampleRate))
  }

  /// The script's frame states at every sample time, as tracks.
  static func scriptTracks(_ source: DocumentSource, keys: [MotionTracks.Key]?, clock: FrameClock)
    throws(ActionFailure) -> MotionTracks
  {
    var entries: [(time: Double, state: FrameState?)] = []
    for time in clock.times {
      source.advance(to: time)
      entries.append((time.seconds, source.document.frameState))
    }
    let header = JSONValue.object(source.manifestHeader.map { ($0.key, $0.value.jsonValue) })
    do {
      return try MotionTracks(entries: entries, end: clock.end.seconds, header: header, keys: keys)
    } catch {
      throw ActionFailure("--keys \(error.message)", isUsage: error.isUsage)
    }
  }

  /// One series per number of the property (two for a point), sampled from the presentation tree.
  static func propertyTracks(_ document: Document, layer: String, key: String, clock: FrameClock)
    throws(ActionFailure) -> MotionTracks
  {
    let property: PresentedProperty
    do {
      property = try PresentedProperty(layer: layer, key: key, in: document)
    } catch {
      throw ActionFailure(error.description, isUsage: true)
    }
    var columns = property.components.map { _ in [MotionTracks.Sample]() }
    for time in clock.times {
      for (index, value) in property.sample(document, at: time).enumerated() where value.isFinite {
        columns[index].append(MotionTracks.Sample(time: time.seconds, value: value))
      }
    }
    let series = zip(property.components, columns).map {
      MotionTracks.Series(name: "\(layer).\($0)", unit: property.unit, samples: $1)
    }
    return MotionTracks(start: clock.start.seconds, end: clock.end.seconds, series: series)
  }

  /// A file write whose failure names the file.
  private static func writing<E: Error>(_ path: String, _ body: () throws(E) -> Void) throws(PreviewError) {
    do { try body() } catch { throw PreviewError("\(path): cannot write (\(error))") }
  }

  /// Writes the plot as the output's extension says, atomically; returns the summary line.
  static func write(_ plot: TrackPlot, request: Request, samples: Int) throws(ActionFailure) -> String {
    let path = request.output
    let size = plot.layout.size
    do throws(PreviewError) {
      if path.lowercased().hasSuffix(".svg") {
        let document = try plot.svg()
        try writing(path) { () throws(FileError) in
          let stream = try AtomicFileStream(path: path)
          try stream.write(document)
          try stream.commit()
        }
      } else {
        let image = try plot.image(scale: request.scale)
        try writing(path) { () throws(GraphicsError) in try image.writePNG(toFile: path, options: .smallest) }
      }
    } catch {
      throw ActionFailure(error.message)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let tracks = plot.tracks.series.count + (plot.tracks.spans.isEmpty ? 0 : 1)
    return
      "Wrote \(path): \(JSONValue.format(size.width))x\(JSONValue.format(size.height)) pt, \(tracks) track"
      + (tracks == 1 ? "" : "s")
      + " from \(JSONValue.format(plot.tracks.start)) to \(JSONValue.format(plot.tracks.end)) s "
      + "(\(samples) samples at \(sampleRate) Hz), \(Actions.formatBytes(bytes))"
  }
}
