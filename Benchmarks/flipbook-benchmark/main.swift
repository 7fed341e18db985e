import BenchmarkBaseline
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookLayers
import FlipbookSupport
import Foundation

// Flipbook's benchmark: rasterizing and encoding the reference scene (`ReferenceScene`), each figure
// printed as a ratio against a baseline measured in the same run (the machines are shared and noisy, so
// absolute times drift; ratios hold). Run with `make bench` (release build).

/// Median milliseconds per call of `body`, measured in `rounds` batches of `batch` calls.
@MainActor func measure(rounds: Int = 9, batch: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  let rounds = BenchmarkSize.times(rounds), batch = BenchmarkSize.times(batch)
  for _ in 0..<rounds {
    let start = clock.now
    for _ in 0..<batch { try body() }
    let elapsed = clock.now - start
    samples.append(
      (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15) / Double(batch))
  }
  return median(samples)
}

/// The middle value of `values` (the upper one of the two middle ones for an even count); 0 for none.
func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : median(values, by: { $0 }) }

/// The middle one of `values` (not empty) by `key`: the upper one of the two middle ones for an even count.
func median<T>(_ values: [T], by key: (T) -> Double) -> T { values.sorted { key($0) < key($1) }[values.count / 2] }

func row(_ label: String, _ ms: Double, _ baseline: Double, note: String = "") {
  let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
  print(padded + String(format: "%8.3f ms %7.2fx  ", ms, ms / baseline) + note)
}

/// Runs a subcommand's `body`, then exits: 0, or 1 after one `Error:` line (an uncaught error at the top
/// level would crash the process instead).
func runThenExit(_ body: () throws -> Void) -> Never {
  do {
    try body()
    ChildRun.reportPeakIfAsked()
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
}

try FontLibrary.ensureConfigured()
// As `flipbook` does at start-up, for every figure here, Flipbook's and the baselines' alike.
FreedMemory.keepForReuse()

if CommandLine.arguments.dropFirst().first == "pipeline" {
  runThenExit { try PipelineBenchmark.run() }
}
if CommandLine.arguments.dropFirst().first == "encoders", let folder = CommandLine.arguments.dropFirst(2).first {
  runThenExit { try EncoderBenchmark.run(folder: folder) }
}
if CommandLine.arguments.dropFirst().first == "reference-child" {
  runThenExit { try ReferencePipeline.child(Array(CommandLine.arguments.dropFirst(2))) }
}
if CommandLine.arguments.dropFirst().first == "preview-child" {
  runThenExit { try PreviewChild.run(Array(CommandLine.arguments.dropFirst(2))) }
}
if CommandLine.arguments.dropFirst().first == "lottie", CommandLine.arguments.count >= 4 {
  let arguments = CommandLine.arguments
  runThenExit {
    try LottieBenchmark.run(flipbook: arguments[2], python: arguments[3], animationPath: arguments.dropFirst(4).first)
  }
}
if CommandLine.arguments.dropFirst().first == "previews" {
  runThenExit { try PreviewBenchmark.run(folder: CommandLine.arguments.dropFirst(2).first) }
}
if CommandLine.arguments.dropFirst().first == "previews-gif" {
  runThenExit { try PreviewBenchmark.run(folder: CommandLine.arguments.dropFirst(2).first, gifOnly: true) }
}
let image = try ReferenceScene.makeImage()
let scale = 2.0
let (root, circle) = ReferenceScene.make(progress: 0.6, image: image)
let renderer = LayerRenderer(scale: scale)
let pixelCount = Int(ReferenceScene.size.width * scale) * Int(ReferenceScene.size.height * scale)
var baselinePixels = [UInt32](repeating: 0, count: pixelCount)

@MainActor func renderBaseline(progress: Double) {
  image.pixels.withUnsafeBufferPointer { source in
    baselinePixels.withUnsafeMutableBufferPointer { out in
      baseline_render(scale, progress, source.baseAddress, Int32(image.width), Int32(image.height), out.baseAddress)
    }
  }
}

// Warm up both paths (text layout caches, page faults).
renderBaseline(progress: 0.6)
let frame = try renderer.render(root)

print("Reference scene: 320x480 pt at 2x (640x960 px), \(47) layers; medians of \(BenchmarkSize.times(9)) rounds")
print("stage".padding(toLength: 44, withPad: " ", startingAt: 0) + "   per frame    ratio")
let bare = measure(batch: 20) { renderBaseline(progress: 0.6) }
row("bare Cairo (C baseline)", bare, bare, note: "the baseline")
var progress = 0.0
let layered = try measure(batch: 20) {
  progress = progress >= 1 ? 0 : progress + 0.01
  circle.strokeEnd = progress
  _ = try renderer.render(root)
}
row("Flipbook layer tree -> Image", layered, bare, note: "also the baseline below")

// Perspective: the same scene with the header band turned 30 degrees about x under m34 = -1/500.
let band = root.sublayers[0]
var perspective = Transform3D.identity
perspective.m34 = -1.0 / 500
band.transform = Transform3D(rotationAngle: .pi / 6, x: 1, y: 0, z: 0).concatenating(perspective)
let projected = try measure(rounds: 5, batch: 10) { _ = try renderer.render(root) }
row("  ... with the header in 3D perspective", projected, bare)
band.transform = .identity

// Animation: the same tree with a dozen running animations (the spinner's spokes fading, the circle's
// stroke group, the picture turning), evaluated into a presentation tree and then rasterized.
let context = AnimationContext()
root.animationContext = context
let spinner = band.sublayers[2]
for (i, spoke) in spinner.sublayers.enumerated() {
  var fade = BasicAnimation(keyPath: .opacity, from: 1, to: 0.1, duration: 1)
  fade.timing.beginTime = Double(i) / 12
  fade.timing.repeatCount = .infinity
  try spoke.add(fade, forKey: "fade")
}
var strokeGroup = AnimationGroup(
  [BasicAnimation(keyPath: .strokeStart, from: -0.5, to: 1), BasicAnimation(keyPath: .strokeEnd, from: 0, to: 1)],
  duration: 1.5)
strokeGroup.timing.repeatCount = .infinity
try circle.add(strokeGroup, forKey: "stroke")
var turn = BasicAnimation(keyPath: .rotationZ, from: 0, to: 2 * .pi, duration: 2)
turn.timing.repeatCount = .infinity
try band.sublayers[1].add(turn, forKey: "turn")
var clock = 0.0
let evaluate = measure(batch: 50) {
  clock += 1.0 / 60
  _ = root.presentation(at: clock)
}
let animatedFrame = try measure(batch: 20) {
  clock += 1.0 / 60
  _ = try renderer.render(root, at: clock)
}
print("")
row("presentation tree, 14 animations (evaluate only)", evaluate, layered)
row("presentation + rasterize", animatedFrame, layered)

// Encoding the frame, against libpng at zlib level 1 (what `fast` was before the project's own encoder).
print("")
let fast = try measure(rounds: 5, batch: 5) { _ = try frame.pngData(options: .libpngFast) }
let fastSize = try frame.pngData(options: .libpngFast).count
let encoder = try FastPNGEncoder()
// The encoder writes a block again from memory where the image before had the same rows, so encoding one
// frame over and over would time only that. Taking turns with a copy whose every row differs (its first
// pixel's blue changed) times the whole encoder; the frame after itself times the remembered blocks.
var altered = frame.pixels
for y in 0..<frame.height { altered[y * frame.width] ^= 1 }
let alteredFrame = Image(width: frame.width, height: frame.height, premultipliedARGB: altered)
var encodeAltered = false
let own = try measure(rounds: 9, batch: 20) {
  encodeAltered.toggle()
  _ = try encoder.withPNG(of: encodeAltered ? alteredFrame : frame) { $0.count }
}
let ownSize = try FastPNGEncoder().pngData(frame).count
_ = try encoder.withPNG(of: frame) { $0.count }  // the frame itself, whatever the turns above ended on
let remembered = try measure(rounds: 9, batch: 20) { _ = try encoder.withPNG(of: frame) { $0.count } }
let smallest = try measure(rounds: 3, batch: 2) { _ = try frame.pngData(options: .smallest) }
let smallestSize = try frame.pngData(options: .smallest).count
var cairoSize = 0
let cairoPNG = frame.pixels.withUnsafeBufferPointer { p in
  measure(rounds: 3, batch: 2) {
    cairoSize = baseline_cairo_png_size(p.baseAddress, Int32(frame.width), Int32(frame.height))
  }
}
row("PNG libpng level 1, filter none", fast, fast, note: "\(fastSize / 1024) KiB, the baseline")
row(
  "PNG fast (Flipbook's encoder)", own, fast,
  note: String(
    format: "%d KiB, %.2fx the bytes; %.2fx bare Cairo", ownSize / 1024, Double(ownSize) / Double(fastSize), own / bare)
)
row(
  "PNG fast, the same frame again", remembered, fast,
  note: "every block written again from memory, \(encoder.blocksReusedLastTime) of them")
row("PNG smallest", smallest, fast, note: "\(smallestSize / 1024) KiB")
row("cairo_surface_write_to_png", cairoPNG, fast, note: "\(cairoSize / 1024) KiB")
print("")
print(
  String(
    format: "Render + fast PNG: %.2f ms per frame (%.0f frames/s on one core)", layered + own, 1000 / (layered + own))
)
