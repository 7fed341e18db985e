import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookPreview

/// Writes a frame folder the way `flipbook render` does, for the preview tests.
func writeFrameFolder(_ images: [Image], fps: Double = 10, extra: [String] = []) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  var entries: [String] = []
  for (i, image) in images.enumerated() {
    let name = String(format: "frame_%06d.png", i)
    try image.writePNG(toFile: folder.appendingPathComponent(name).path)
    let repeats = i > 0 && images[i - 1] == image
    entries.append(
      #"{"file": "\#(name)", "time": \#(Double(i) / fps), "repeatsPrevious": \#(repeats)\#(extra.isEmpty ? "" : ", " + extra[i % extra.count])}"#
    )
  }
  let manifest = #"{"fps": \#(fps), "frames": [\#(entries.joined(separator: ", "))]}"#
  try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
  return folder
}

/// A w x h image filled with one grey level.
func flat(_ level: UInt8, width: Int = 16, height: Int = 12) throws -> Image {
  try Image(
    width: width, height: height,
    rgba: [UInt8](repeating: 0, count: width * height * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : level })
}

@Suite("Frame folders read back")
struct FrameSequenceTests {
  @Test("Frames, times, repeats and fps come from the manifest")
  func load() throws {
    let folder = try writeFrameFolder([try flat(0), try flat(0), try flat(200)], fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    #expect(sequence.frames.count == 3 && sequence.fps == 10)
    #expect(sequence.frames.map(\.repeatsPrevious) == [false, true, false])
    #expect(abs(sequence.duration(ofFrame: 1) - 0.1) < 1e-12)
    #expect(sequence.width == 16 && sequence.framesBytes > 0)
  }

  @Test("An empty folder, a missing manifest, a frame that is not a PNG, mixed sizes: one clear error each")
  func errors() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(throws: PreviewError.self) { try FrameSequence.load(folder: empty.path) }
    do {
      _ = try FrameSequence.load(folder: empty.path)
    } catch {
      #expect(error.description.hasPrefix("\(empty.path): no manifest.json"))
    }
    let mixed = try writeFrameFolder([try flat(0), try flat(0, width: 17)])
    defer { try? FileManager.default.removeItem(at: mixed) }
    do {
      _ = try FrameSequence.load(folder: mixed.path)
      Issue.record("mixed sizes were accepted")
    } catch {
      #expect(error.description.contains("frames must all have one size"))
    }
    let broken = try writeFrameFolder([try flat(0), try flat(9)])
    defer { try? FileManager.default.removeItem(at: broken) }
    try Data("junk".utf8).write(to: broken.appendingPathComponent("frame_000001.png"))
    do {
      _ = try FrameSequence.load(folder: broken.path)
      Issue.record("a broken frame was accepted")
    } catch {
      #expect(error.description.contains("frame_000001.png") && error.description.contains("not a PNG"))
    }
  }
}
