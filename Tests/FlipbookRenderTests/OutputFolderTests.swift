import FlipbookFrames
import Foundation
import Testing

@testable import FlipbookRender

@Suite("Atomic output")
struct OutputFolderTests {
  @Test("an existing output folder is replaced completely, with nothing left beside it")
  func replacesCompletely() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let out = scratch.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    try Data("{}".utf8).write(to: out.appendingPathComponent("manifest.json"))  // an earlier render
    try Data("old".utf8).write(to: out.appendingPathComponent("notes.txt"))
    try Data("old".utf8).write(to: out.appendingPathComponent("frame_000099.png"))
    try Data("old".utf8).write(to: out.appendingPathComponent("frame_000000.png"))

    _ = try FramePipeline(jobs: 2).render(MovingSquareSource(), frames: MovingSquareSource.times(3), to: out.path)

    let files = try scratch.contents(of: "out")
    #expect(files.keys.sorted() == ["frame_000000.png", "frame_000001.png", "frame_000002.png", "manifest.json"])
    #expect(files["frame_000000.png"] != Data("old".utf8))
    #expect(try scratch.entries() == ["out"])
  }

  @Test(
    "a source that throws at frame 5 leaves the previous output byte for byte and no partial folder",
    arguments: [1, 2])
  func sourceErrorLeavesPreviousOutput(jobs: Int) throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let path = scratch.path("out")
    _ = try FramePipeline(jobs: 1).render(MovingSquareSource(), frames: MovingSquareSource.times(2), to: path)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("extra.txt"))
    let before = try scratch.contents(of: "out")

    // Batches of 2 or 4: frames 0-3 are already written into the partial folder when frame 5 fails.
    let error = renderError {
      try FramePipeline(jobs: jobs).render(
        MovingSquareSource(failAt: 5), frames: MovingSquareSource.times(10), to: path)
    }
    guard case .source(let underlying, let frame, let time) = error else {
      Issue.record("expected a source error, got \(String(describing: error))")
      return
    }
    #expect(frame == 5 && time == 5.0 / 60)
    #expect(underlying is MovingSquareSource.Failure)
    #expect(error?.description == "frame 5 (t = 0.083333 s): the scene failed: the test scene broke at frame 5")

    #expect(try scratch.contents(of: "out") == before)
    #expect(try scratch.entries() == ["out"])
  }

  @Test("a write that fails (the partial folder gone, as a full disk fails it) names the output, not the hidden folder")
  func failedWriteNamesTheOutput() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let partial = scratch.path(".out.\(ProcessInfo.processInfo.processIdentifier).partial.tmp")
    let source = MovingSquareSource()
    source.onAdvance = { frame in
      if frame == 5 { try? FileManager.default.removeItem(atPath: partial) }
    }
    let error = renderError {
      try FramePipeline(jobs: 1).render(source, frames: MovingSquareSource.times(8), to: scratch.path("out"))
    }
    let description = try #require(error?.description)
    #expect(description.hasPrefix("\(scratch.path("out")): cannot create frame_00000"), "\(description)")
    #expect(description.hasSuffix(".png: No such file or directory"), "\(description)")
    #expect(!description.contains("partial"))
    #expect(try scratch.entries().isEmpty)
  }

  @Test("frames are built in a hidden sibling folder named after the target and the process")
  func partialFolderDuringRender() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let partial = ".out.\(ProcessInfo.processInfo.processIdentifier).partial.tmp"
    var seen: (entries: [String], files: [String])?
    let source = MovingSquareSource()
    source.onAdvance = { frame in
      guard frame == 5 else { return }
      seen = (
        (try? scratch.entries()) ?? [],
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path(partial))) ?? []).sorted()
      )
    }
    _ = try FramePipeline(jobs: 2).render(source, frames: MovingSquareSource.times(8), to: scratch.path("out"))
    #expect(seen?.entries == [partial])
    // The first batch's files are written in the background while the next batch is simulated: any of
    // them may be there yet, in order, and nothing else.
    let firstBatch = (0..<4).map { FrameFolder.frameFileName(index: $0) }
    #expect(seen.map { Array(firstBatch.prefix($0.files.count)) == $0.files } == true)
    #expect(try scratch.entries() == ["out"])
  }

  @Test("a failure with no previous output leaves nothing behind")
  func sourceErrorWithoutPreviousOutput() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let error = renderError {
      try FramePipeline(jobs: 2).render(
        MovingSquareSource(failAt: 0), frames: MovingSquareSource.times(3), to: scratch.path("out"))
    }
    #expect(error != nil)
    #expect(try scratch.entries() == [])
  }

  @Test("a target that is a file is refused and left alone")
  func targetIsAFile() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let path = scratch.path("out")
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: path))
    let error = renderError {
      try FramePipeline(jobs: 2).render(MovingSquareSource(), frames: MovingSquareSource.times(3), to: path)
    }
    #expect(error?.description == "\(path): exists and is not a folder; refusing to replace it with frames")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("not a folder".utf8))
    #expect(try scratch.entries() == ["out"])
  }

  @Test("a parent folder that does not exist is refused, not created")
  func missingParent() throws {
    let scratch = Scratch()
    defer { scratch.cleanup() }
    let error = renderError {
      try FramePipeline(jobs: 2).render(
        MovingSquareSource(), frames: MovingSquareSource.times(3), to: scratch.path("missing/out"))
    }
    #expect(error?.description == "\(scratch.path("missing")): the output folder's parent does not exist")
    #expect(error?.description.contains("\n") == false)
    #expect(try scratch.entries() == [])
  }
}
