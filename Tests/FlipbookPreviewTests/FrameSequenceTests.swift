import FlipbookTiming
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats
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

/// A scroll view at rest, as a script's frame entry records it: with a refresh state and progress, a whole
/// per-frame state (`FrameState`), which the manifest reader wants complete.
let scrollAtRest = #""contentOffset": [0, 0], "contentInset": [0, 0, 0, 0], "dragging": false, "decelerating": false"#

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
    #expect(sequence.duration(ofFrame: 1) == Rational(1, 10)!)
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

  @Test(
    "Loading reads headers only: size and alpha from IHDR; the streamed APNG equals the one built in memory, for any jobs"
  )
  func headersAndStreaming() throws {
    let images = [try flat(0), try flat(0), try flat(200), try solid(10, 20, 30, width: 16, height: 12)]
    let folder = try writeFrameFolder(images)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    #expect(sequence.width == 16 && sequence.height == 12 && !sequence.hasAlpha)
    let info = try PNGInfo(contentsOfFile: sequence.frames[0].path)
    #expect(info.width == 16 && info.height == 12 && !info.hasAlpha)
    let inMemory = try AnimatedPNG.encode(
      images.indices.map { AnimatedPNG.Frame(image: images[$0], duration: sequence.duration(ofFrame: $0)) },
      options: .balanced)
    #expect(try sequence.animatedPNG(jobs: 1) == inMemory)
    #expect(try sequence.animatedPNG(jobs: 3) == inMemory)

    let translucent = try writeFrameFolder([try Image(width: 2, height: 1, rgba: [0, 0, 0, 128, 9, 9, 9, 255])])
    defer { try? FileManager.default.removeItem(at: translucent) }
    #expect(try FrameSequence.load(folder: translucent.path).hasAlpha)
  }

  @Test("A frame whose header is sound but whose pixels are corrupt fails the preview, naming the frame")
  func corruptPixels() throws {
    let folder = try writeFrameFolder([try flat(0), try flat(90)])
    defer { try? FileManager.default.removeItem(at: folder) }
    // Keep the chunk structure and CRCs valid but make the zlib stream garbage.
    let path = folder.appendingPathComponent("frame_000001.png").path
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let chunks = try AnimatedPNG.chunks(Data(bytes))
    let idat = try #require(chunks.first { $0.type == "IDAT" })
    let start = idat.offset + 8
    for i in start..<start + idat.data.count { bytes[i] = 0xFF }
    let crc = CRC32.checksum(bytes, in: idat.offset + 4..<start + idat.data.count)
    for k in 0..<4 { bytes[start + idat.data.count + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 0xFF) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let sequence = try FrameSequence.load(folder: folder.path)
    #expect {
      _ = try sequence.animatedPNG()
    } throws: { error in
      "\(error)".contains("frame_000001.png")
    }
  }
}
