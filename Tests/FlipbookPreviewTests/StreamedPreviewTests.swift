import FlipbookGraphics
import FlipbookImageFormats
import Foundation
import Testing

@testable import FlipbookPreview

/// The APNG, GIF and HTML previews written to a file piece by piece are byte for byte what building them in
/// memory gives, and leave no temporary file beside the target.
@Suite("Streamed previews")
struct StreamedPreviewTests {
  /// Files in `folder` other than the frames, the manifest and the expected outputs.
  func strays(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
  }

  @Test func theStreamedAPNGEqualsTheOneBuiltInMemory() throws {
    // Noisy frames (180 KB each, incompressible), so the body passes the 1 MB streaming threshold and is
    // written in more than one piece.
    var generator = SystemRandomNumberGenerator()
    let images = (0..<7).map { _ in
      Image(
        width: 300, height: 200,
        premultipliedARGB: (0..<60_000).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) })
    }
    let folder = try writeFrameFolder(images, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let target = folder.appendingPathComponent("out.png")
    try sequence.writeAnimatedPNG(toFile: target.path, options: .fast, jobs: 2)
    let streamed = try Data(contentsOf: target)
    #expect(streamed.count > FrameSequence.streamedChunkBytes)
    #expect(streamed == (try sequence.animatedPNG(options: .fast, jobs: 2)))
    #expect(try strays(in: folder) == [])
  }

  @Test func theStreamedGIFEqualsTheOneBuiltInMemoryForAnyJobs() throws {
    // Gradients with thousands of colours, so the palette is quantized and the frames dithered.
    func gradient(_ step: Int) throws -> Image {
      var bytes: [UInt8] = []
      for y in 0..<40 {
        for x in 0..<60 { bytes += [UInt8(x * 4), UInt8((y * 6 + step * 9) & 255), UInt8((step * 20) & 255), 255] }
      }
      return try Image(width: 60, height: 40, rgba: bytes)
    }
    let images = try (0..<9).map(gradient)
    let folder = try writeFrameFolder(images, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let target = folder.appendingPathComponent("out.gif")
    try sequence.writeGIF(toFile: target.path, jobs: 2)
    let streamed = try Data(contentsOf: target)
    #expect(streamed == (try sequence.gif(jobs: 1)))
    #expect(streamed == (try sequence.gif(jobs: 3)))
    #expect(try strays(in: folder) == [])
  }

  @Test func theStreamedHTMLPlayerEqualsThePage() throws {
    let folder = try writeFrameFolder((0..<5).map { try solid(UInt8($0 * 40), 0, 0) }, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let target = folder.appendingPathComponent("player.html")
    try HTMLPlayer.write(for: sequence, toFile: target.path)
    #expect(try String(contentsOf: target, encoding: .utf8) == (try HTMLPlayer.page(for: sequence)))
    #expect(try strays(in: folder) == [])
  }

  @Test func aFailedStreamLeavesTheEarlierFileAndNoTemporary() throws {
    let folder = try writeFrameFolder((0..<3).map { try solid(UInt8($0 * 40), 0, 0) }, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let target = folder.appendingPathComponent("player.html")
    try Data("earlier".utf8).write(to: target)
    // A frame that has become a folder since loading: the page cannot be finished.
    let frame = sequence.frames[1].path
    try FileManager.default.removeItem(atPath: frame)
    try FileManager.default.createDirectory(atPath: frame, withIntermediateDirectories: false)
    let error = #expect(throws: PreviewError.self) { try HTMLPlayer.write(for: sequence, toFile: target.path) }
    #expect(error?.description == "\(frame): is a folder, not a regular file (a frame to embed)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "earlier")
    #expect(try strays(in: folder) == [])
  }
}
