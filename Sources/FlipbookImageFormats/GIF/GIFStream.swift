import FlipbookGraphics
import FlipbookSupport
import Foundation

// MARK: - GIFStream

/// The two passes of `GIF.encode(frameCount:…)`, each holding a few frames, never the animation.
///
/// 1. Every frame is read (a batch of `jobs` at a time, decoded, reduced to GIF's 1-bit alpha and its
///    colours counted in parallel), then in order its counts are merged into the shared palette's
///    (`GIFPaletteGatherer`) and it is merged with identical neighbours and planned (`GIFPlanner`);
///    only the plan's rectangle, delay and disposal are kept.
/// 2. Each stored frame is read again, cut to its rectangle, mapped to the palette and LZW-compressed,
///    `jobs` at a time in batches, and the batch is written in order before the next is read.
///
/// Memory is a few frames per worker (decoded image, prepared pixels, indices), flat in the number of
/// frames; the output goes to `write` as it is made. Which worker maps which frame never changes the
/// bytes (see `GIFSharedPalette`), so they are the same for any `jobs`.
struct GIFStream {
  let frameCount: Int
  let options: GIF.Options
  let jobs: Int
  let frame: @Sendable (Int) throws(GraphicsError) -> (image: Image, centiseconds: Int)

  /// Frames read in pass 2 per batch and worker: enough to keep workers busy when frames differ in
  /// cost, few enough that memory stays a handful of frames.
  static let batchPerJob = 2

  var settings: GIFQuantizer.Settings {
    GIFQuantizer.Settings(quality: min(100, max(0, options.quality)), dithering: options.dithering)
  }

  func encode(progress: ((Int, Int) -> Void)?, write: ([UInt8]) throws(GraphicsError) -> Void) throws(GraphicsError) {
    // Progress counts frames over both passes, half a frame each: (read in pass 1 + mapped in pass 2) / 2.
    let (plans, width, height, gatherer) = try planFrames { progress?($0 / 2, frameCount) }
    let shared = try gatherer?.finish()

    var writer = GIFWriter(width: width, height: height)
    writer.writeHeader(globalPalette: shared?.palette, loopCount: options.loopCount)
    try write(writer.takeBytes())
    let batch = jobs * Self.batchPerJob
    let settings = self.settings
    let frame = self.frame
    for start in stride(from: 0, to: plans.count, by: batch) {
      let slice = Array(plans[start..<min(plans.count, start + batch)])
      let pieces = parallelMap(count: slice.count, jobs: jobs) { (index) -> Result<[UInt8], GraphicsError> in
        Result { () throws(GraphicsError) in
          try Self.encodeFrame(slice[index], width: width, height: height, shared: shared, settings: settings, frame)
        }
      }
      for piece in pieces { try write(try piece.get()) }
      let done = start + slice.count
      progress?((frameCount + (done < plans.count ? plans[done].frame : frameCount)) / 2, frameCount)
    }
    writer.writeTrailer()
    try write(writer.takeBytes())
  }

  /// Pass 1: every frame read, counted, merged and planned; the plans keep no pixels. Returns the
  /// gatherer of the shared palette (nil for local palettes).
  private func planFrames(progress: (Int) -> Void) throws(GraphicsError) -> (
    [GIFFramePlan], Int, Int, GIFPaletteGatherer?
  ) {
    let gatherer = options.sharedPalette ? try GIFPaletteGatherer(settings: settings) : nil
    var planner: GIFPlanner?
    var plans: [GIFFramePlan] = []
    func keep(_ plan: GIFFramePlan?) throws(GraphicsError) {
      guard var plan else { return }
      plan.pixels = []
      plans.append(plan)
    }
    let frame = self.frame
    for start in stride(from: 0, to: frameCount, by: jobs) {
      let count = min(jobs, frameCount - start)
      let counting = gatherer != nil
      let prepared = parallelMap(count: count, jobs: jobs) {
        (offset) -> Result<
          (pixels: [UInt32], counts: GIFColorCounts?, width: Int, height: Int, centiseconds: Int), GraphicsError
        > in
        Result { () throws(GraphicsError) in
          let (image, centiseconds) = try frame(start + offset)
          let pixels = GIFFrames.prepare(image)
          // Every frame's whole image counts (as ffmpeg's palettegen counts by default), so colours
          // weigh as long as they are on screen.
          return (pixels, counting ? try GIFColorCounts(pixels) : nil, image.width, image.height, centiseconds)
        }
      }
      for (offset, result) in prepared.enumerated() {
        let index = start + offset
        let (pixels, counts, width, height, centiseconds) = try result.get()
        if planner == nil {
          guard width <= Int(UInt16.max), height <= Int(UInt16.max) else {
            throw .gifEncode(reason: "\(width)x\(height) is larger than GIF's 65535 pixels a side")
          }
          planner = GIFPlanner(width: width, height: height)
        }
        guard let current = planner, width == current.width && height == current.height else {
          throw .gifEncode(
            reason: "frame \(index) is \(width)x\(height), but frame 0 is \(planner!.width)x\(planner!.height)")
        }
        guard (1...GIFTiming.maximumCentiseconds).contains(centiseconds) else {
          throw .gifEncode(reason: "frame \(index) has a delay of \(centiseconds) cs; GIF stores 1...65535")
        }
        if let counts { try gatherer?.add(counts) }
        try keep(planner!.add(pixels, centiseconds: centiseconds, frame: index))
        progress(index + 1)
      }
    }
    try keep(planner!.finish())
    return (plans, planner!.width, planner!.height, gatherer)
  }

  /// Pass 2 for one stored frame: read again, cut to its rectangle, mapped to a palette, compressed.
  private static func encodeFrame(
    _ plan: GIFFramePlan, width: Int, height: Int, shared: GIFSharedPalette?, settings: GIFQuantizer.Settings,
    _ frame: @Sendable (Int) throws(GraphicsError) -> (image: Image, centiseconds: Int)
  ) throws(GraphicsError) -> [UInt8] {
    let image = try frame(plan.frame).image
    guard image.width == width && image.height == height else {
      throw .gifEncode(reason: "frame \(plan.frame) changed size between the two passes")
    }
    let pixels = GIFFrames.crop(GIFFrames.prepare(image), width: width, to: plan.rect)
    var writer = GIFWriter(width: width, height: height)
    if let shared {
      writer.writeFrame(
        plan, indices: try shared.indices(for: pixels, width: plan.rect.width), palette: shared.palette, local: false)
    } else {
      let (palette, indices) = try GIFQuantizer.local(
        GIFQuantizer.Region(pixels: pixels, width: plan.rect.width), settings: settings)
      writer.writeFrame(plan, indices: indices, palette: palette, local: true)
    }
    return writer.takeBytes()
  }
}
