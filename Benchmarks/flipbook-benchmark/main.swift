import BenchmarkBaseline
import FlipbookGraphics
import FlipbookLayers
import Foundation

// Flipbook's benchmark: rasterizing and encoding the reference scene of performance.md, each figure
// printed as a ratio against a baseline measured in the same run (the machines are shared and noisy, so
// absolute times drift; ratios hold). Run with `make bench` (release build).

/// Median milliseconds per call of `body`, measured in `rounds` batches of `batch` calls.
@MainActor func measure(rounds: Int = 9, batch: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = clock.now
    for _ in 0..<batch { try body() }
    let elapsed = clock.now - start
    samples.append(
      (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15) / Double(batch))
  }
  return samples.sorted()[samples.count / 2]
}

func row(_ label: String, _ ms: Double, _ baseline: Double, note: String = "") {
  let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
  print(padded + String(format: "%8.3f ms %7.2fx  ", ms, ms / baseline) + note)
}

try FontLibrary.ensureConfigured()
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

print("Reference scene: 320x480 pt at 2x (640x960 px), \(47) layers; medians of 9 rounds")
print("stage".padding(toLength: 44, withPad: " ", startingAt: 0) + "   per frame    ratio")
let bare = measure(batch: 20) { renderBaseline(progress: 0.6) }
row("bare Cairo (C baseline)", bare, bare, note: "the baseline")
var progress = 0.0
let layered = try measure(batch: 20) {
  progress = progress >= 1 ? 0 : progress + 0.01
  circle.strokeEnd = progress
  _ = try renderer.render(root)
}
row("Flipbook layer tree -> Image", layered, bare)

// Perspective: the same scene with the header band turned 30 degrees about x under m34 = -1/500.
let band = root.sublayers[0]
var perspective = Transform3D.identity
perspective.m34 = -1.0 / 500
band.transform = Transform3D(rotationAngle: .pi / 6, x: 1, y: 0, z: 0).concatenating(perspective)
let projected = try measure(rounds: 5, batch: 10) { _ = try renderer.render(root) }
row("  ... with the header in 3D perspective", projected, bare)
band.transform = .identity

// Encoding the frame, against the fast setting.
print("")
let fast = try measure(rounds: 5, batch: 5) { _ = try frame.pngData(options: .fast) }
let fastSize = try frame.pngData(options: .fast).count
let smallest = try measure(rounds: 3, batch: 2) { _ = try frame.pngData(options: .smallest) }
let smallestSize = try frame.pngData(options: .smallest).count
var cairoSize = 0
let cairoPNG = frame.pixels.withUnsafeBufferPointer { p in
  measure(rounds: 3, batch: 2) {
    cairoSize = baseline_cairo_png_size(p.baseAddress, Int32(frame.width), Int32(frame.height))
  }
}
row("PNG fast (libpng level 1, filter none)", fast, fast, note: "\(fastSize / 1024) KiB, the baseline")
row("PNG smallest", smallest, fast, note: "\(smallestSize / 1024) KiB")
row("cairo_surface_write_to_png", cairoPNG, fast, note: "\(cairoSize / 1024) KiB")
print("")
print(
  String(
    format: "Render + fast PNG: %.2f ms per frame (%.0f frames/s on one core)", layered + fast, 1000 / (layered + fast))
)
