import FlipbookFrames
import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming
import Foundation

@testable import FlipbookRender

/// A 40x30 pt screen at scale 1 with a white background and an 8x8 red square that moves one step every
/// other frame (frames are at n/60 s), so frames 2k and 2k+1 are identical: half the frames repeat.
final class MovingSquareSource: FrameSource {
  let pixelSize = PixelSize(width: 40, height: 30)
  let scale = 1.0
  let background: Color? = .white
  /// Throw from `advance(to:)` at this frame index.
  var failAt: Int?
  /// Extra per-frame info to add (to test key validation).
  var extraInfo: [(key: String, value: ManifestValue)] = []
  /// Called at the start of each `advance(to:)` with the frame index, to look at the world mid-render.
  var onAdvance: ((Int) -> Void)?
  private(set) var advancedTo: [Rational] = []

  private let root = Layer()
  private let square = Layer()
  private var step = 0

  struct Failure: Error, CustomStringConvertible {
    let frame: Int
    var description: String { "the test scene broke at frame \(frame)" }
  }

  init(failAt: Int? = nil) {
    self.failAt = failAt
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
    square.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    square.backgroundColor = .red
    root.addSublayer(square)
    place()
  }

  static func frameIndex(at time: Rational) -> Int { Int((time * Rational(60)).rounded) }

  static func times(_ count: Int) -> FrameClock { FrameClock(start: .zero, rate: Rational(60), count: count) }

  func advance(to time: Rational) throws {
    let frame = Self.frameIndex(at: time)
    onAdvance?(frame)
    if frame == failAt { throw Failure(frame: frame) }
    advancedTo.append(time)
    step = frame / 2
    place()
  }

  func snapshot() -> FrameSnapshot {
    FrameSnapshot(
      presentationOf: root, info: [("step", .number(Double(step))), ("label", .string("s\(step)"))] + extraInfo)
  }

  /// Adds `layer` over the square, in every frame from now on.
  func addDecoration(_ layer: Layer) { root.addSublayer(layer) }

  /// Consecutive steps always land in different places; the square stays inside the screen.
  private func place() {
    square.position = CGPoint(x: 6 + Double(step % 10) * 3, y: 12)
  }
}

/// A fresh empty folder for one test, removed by `cleanup()`.
struct Scratch {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-render-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Every file in the folder `name`, by file name.
  func contents(of name: String) throws -> [String: Data] {
    let folder = url.appendingPathComponent(name)
    var files: [String: Data] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[file] = try Data(contentsOf: folder.appendingPathComponent(file))
    }
    return files
  }

  /// Names in the scratch folder itself, hidden ones included.
  func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func cleanup() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The `RenderError` thrown by `body`, or nil if it did not throw (or threw something else).
func renderError<T>(_ body: () throws -> T) -> RenderError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? RenderError
  }
}
