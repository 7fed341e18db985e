import FlipbookGraphics
import FlipbookImageFormats
import Foundation

/// `flipbook-benchmark encoders DIR`: every PNG frame of a rendered folder decoded once, then encoded by
/// Flipbook's own encoder and by libpng at zlib level 1, side by side: median milliseconds a frame and
/// total bytes, each as a ratio against libpng's.
enum EncoderBenchmark {
  @MainActor static func run(folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    var frames: [Image] = []
    for name in names {
      frames.append(try Image(contentsOfFile: (folder as NSString).appendingPathComponent(name)))
    }
    // Identical frames are written once by the pipeline: time the distinct ones.
    var distinct: [Image] = []
    for frame in frames where distinct.last != frame { distinct.append(frame) }
    guard let first = distinct.first else {
      print("no PNG frames in \(folder)")
      return
    }
    let encoder = try FastPNGEncoder()
    var ownBytes = 0
    var libpngBytes = 0
    for frame in distinct {
      ownBytes += try encoder.pngData(frame).count
      libpngBytes += try frame.pngData(options: .libpngFast).count
    }
    let own = try measure(rounds: 5, batch: 1) {
      for frame in distinct { _ = try encoder.withPNG(of: frame) { $0.count } }
    }
    let libpng = try measure(rounds: 3, batch: 1) {
      for frame in distinct { _ = try frame.pngData(options: .libpngFast) }
    }
    let count = Double(distinct.count)
    print("\(folder): \(distinct.count) distinct frames of \(first.width)x\(first.height)")
    print(
      String(
        format: "  libpng level 1:     %7.3f ms a frame  %8.0f bytes a frame", libpng / count,
        Double(libpngBytes) / count))
    print(
      String(
        format: "  Flipbook's encoder: %7.3f ms a frame  %8.0f bytes a frame  (%.2fx the time, %.3fx the bytes)",
        own / count, Double(ownBytes) / count, own / libpng, Double(ownBytes) / Double(libpngBytes)))
  }
}
