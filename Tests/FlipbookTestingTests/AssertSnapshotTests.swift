import FlipbookGraphics
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookTesting

@Suite("assertSnapshot")
struct AssertSnapshotTests {
  @Test("A missing reference is recorded and the test fails, naming the file; then it passes")
  func missingThenPass() throws {
    let sandbox = Sandbox()
    let image = try squareImage()
    let messages = recordedMessages {
      assertSnapshot(
        of: image, as: .image, named: "square", record: .missing, filePath: sandbox.testFile, testName: "check()")
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "No reference was found on disk. Recorded snapshot \"square\" at \(sandbox.reference("square").path)") == true)
    #expect(FileManager.default.fileExists(atPath: sandbox.reference("square").path))
    let again = assertSnapshot(
      of: image, as: .image, named: "square", record: .missing, filePath: sandbox.testFile, testName: "check()")
    #expect(again == nil)
  }

  @Test("never: a missing reference fails and nothing is written")
  func never() throws {
    let sandbox = Sandbox()
    let messages = recordedMessages {
      assertSnapshot(
        of: try squareImage(), as: .image, named: "x", record: .never, filePath: sandbox.testFile, testName: "check()")
    }
    #expect(
      messages.first?.hasPrefix("No reference was found at \(sandbox.reference("x").path). It was not recorded") == true
    )
    #expect(!FileManager.default.fileExists(atPath: sandbox.reference("x").path))
  }

  @Test("all: the reference is rewritten and the test fails")
  func all() throws {
    let sandbox = Sandbox()
    _ = recordedMessages {
      assertSnapshot(
        of: try squareImage(x: 4), as: .image, named: "x", record: .missing, filePath: sandbox.testFile,
        testName: "check()")
    }
    let messages = recordedMessages {
      assertSnapshot(
        of: try squareImage(x: 9), as: .image, named: "x", record: .all, filePath: sandbox.testFile, testName: "check()"
      )
    }
    #expect(messages.first?.hasPrefix("Record mode is on") == true)
    #expect(try Image(contentsOfFile: sandbox.reference("x").path) == squareImage(x: 9))
  }

  @Test("A one-pixel change fails strictly, passes with a one-pixel allowance; failed mode re-records")
  func onePixel() throws {
    let sandbox = Sandbox()
    let reference = try squareImage()
    _ = recordedMessages {
      assertSnapshot(
        of: reference, as: .image, named: "x", record: .missing, filePath: sandbox.testFile, testName: "check()")
    }
    var rgba = reference.rgbaBytes()
    rgba[(0 * 20 + 0) * 4] = 0  // the top-left pixel loses its red
    let changed = try Image(width: 20, height: 10, rgba: rgba)
    let strict = recordedMessages {
      assertSnapshot(
        of: changed, as: .image, named: "x", record: .never, filePath: sandbox.testFile, testName: "check()")
    }
    #expect(strict.first?.contains("Snapshot \"x\" does not match its reference.") == true)
    #expect(strict.first?.contains("1 pixel differs") == true)
    let allowance = ImageTolerance(maxDifferingPixels: 1)
    #expect(
      assertSnapshot(
        of: changed, as: .image(tolerance: allowance), named: "x", record: .never, filePath: sandbox.testFile,
        testName: "check()") == nil)
    _ = recordedMessages {
      assertSnapshot(
        of: changed, as: .image, named: "x", record: .failed, filePath: sandbox.testFile, testName: "check()")
    }
    #expect(try Image(contentsOfFile: sandbox.reference("x").path) == changed)
  }

  @Test("An anti-aliasing shift fails strictly and passes the perceptual setting")
  func antialiasing() throws {
    let sandbox = Sandbox()
    let circle = { (dx: Double) throws -> Image in
      try Image.drawing(pixelWidth: 40, pixelHeight: 40, scale: 1) { canvas throws(GraphicsError) in
        canvas.fillAll(.white, replace: true)
        canvas.fill(Path(ellipseIn: CGRect(x: 8 + dx, y: 8, width: 24, height: 24)), color: .black)
      }
    }
    _ = recordedMessages {
      assertSnapshot(
        of: try circle(0), as: .image, named: "c", record: .missing, filePath: sandbox.testFile, testName: "check()")
    }
    let shifted = try circle(0.2)
    #expect(
      !recordedMessages {
        assertSnapshot(
          of: shifted, as: .image, named: "c", record: .never, filePath: sandbox.testFile, testName: "check()")
      }.isEmpty)
    #expect(
      assertSnapshot(
        of: shifted, as: .image(tolerance: .perceptual()), named: "c", record: .never, filePath: sandbox.testFile,
        testName: "check()") == nil)
  }

  @Test("precision and perceptualPrecision judge as swift-snapshot-testing does")
  func snapshotPrecision() throws {
    let sandbox = Sandbox()
    // 400 grey pixels; the copy moves 10 by one step (ΔE about 0.4) and turns 10 red (ΔE far above 3).
    let grey = [UInt8](repeating: 128, count: 1600).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
    var changed = grey
    for k in 0..<10 { for c in 0..<3 { changed[k * 4 + c] = 129 } }
    for k in 10..<20 { changed[k * 4..<k * 4 + 3] = [255, 0, 0] }
    let reference = try Image(width: 20, height: 20, rgba: grey)
    let actual = try Image(width: 20, height: 20, rgba: changed)
    _ = recordedMessages {
      assertSnapshot(
        of: reference, as: .image, named: "p", record: .missing, filePath: sandbox.testFile, testName: "check()")
    }
    func passes(_ strategy: Snapshotting<Image, Image>) -> Bool {
      assertSnapshot(
        of: actual, as: strategy, named: "p", record: .never, filePath: sandbox.testFile, testName: "check()")
        == nil
    }
    func failure(_ strategy: Snapshotting<Image, Image>) -> String {
      recordedMessages {
        assertSnapshot(
          of: actual, as: strategy, named: "p", record: .never, filePath: sandbox.testFile, testName: "check()")
      }.joined(separator: "\n")
    }
    // 10 of 400 pixels fail: 0.975 of them match.
    #expect(passes(.image(precision: 0.97, perceptualPrecision: 0.97)))
    let message = failure(.image(precision: 0.985, perceptualPrecision: 0.97))
    #expect(message.contains("10 pixels differ by more than ΔE 2.9999971"), "\(message)")
    #expect(message.contains("0.975 of the pixels match, less than the 0.985 required"), "\(message)")
    // Perceptual precision 1 counts bytes: 60 of 1600 changed, more than Int(0.03 × 1600) = 47.
    #expect(failure(.image(precision: 0.97)).contains("60 of 1600 bytes differ"))
    #expect(passes(.image(precision: 0.96)))
  }

  @Test("On failure the actual, expected, diff and strip land in SNAPSHOT_ARTIFACTS with an accept command")
  func artifacts() throws {
    let sandbox = Sandbox()
    let strategy = Snapshotting<Image, Image>.image
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    let result = verify(
      try squareImage(x: 10), as: strategy, location: sandbox.location("x"), record: .never,
      environment: ["SNAPSHOT_ARTIFACTS": sandbox.artifacts.path])
    let folder = sandbox.artifacts.appendingPathComponent("FakeTests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == ["check.x.diff.png", "check.x.expected.png", "check.x.png", "check.x.strip.png"])
    #expect(
      result.message?.contains(
        "To accept the new snapshot: cp \(folder.path)/check.x.png \(sandbox.reference("x").path)") == true)
    #expect(result.attachments.map(\.name).sorted() == files)
    let diff = try Image(contentsOfFile: folder.appendingPathComponent("check.x.diff.png").path)
    #expect(diff.pixel(x: 11, y: 3) == RGBA8(255, 0, 0))
  }

  @Test("An unwritable artifacts folder is reported, not a crash")
  func unwritableArtifacts() throws {
    let sandbox = Sandbox()
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    let result = verify(
      try squareImage(x: 10), as: .image, location: sandbox.location("x"), record: .never,
      environment: ["SNAPSHOT_ARTIFACTS": "/proc/flipbook-cannot-write-here"])
    #expect(
      result.message?.contains("The failure files could not be written to /proc/flipbook-cannot-write-here/FakeTests")
        == true)
  }

  @Test(
    "Bad references are reported by what is wrong and never overwritten outside record mode",
    arguments: [
      (Data("not a png".utf8), "cannot decode PNG reference: not a PNG file"),
      (Data("version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12\n".utf8), "Git LFS pointer"),
    ])
  func badReferences(bytes: Data, expected: String) throws {
    let sandbox = Sandbox()
    try writeAtomically(bytes, to: sandbox.reference("x"))
    for mode in [RecordMode.missing, .failed, .never] {
      let result = verify(try squareImage(), as: .image, location: sandbox.location("x"), record: mode)
      #expect(result.message?.contains(expected) == true, "\(result.message ?? "")")
      #expect(try Data(contentsOf: sandbox.reference("x")) == bytes)
    }
  }

  @Test("A truncated reference PNG is an error, not a crash")
  func truncated() throws {
    let sandbox = Sandbox()
    let whole = try squareImage().pngData()
    try writeAtomically(whole.prefix(whole.count / 2), to: sandbox.reference("x"))
    let result = verify(try squareImage(), as: .image, location: sandbox.location("x"), record: .never)
    #expect(result.message?.contains("cannot be read") == true)
  }

  @Test("Different sizes are named in the failure")
  func sizes() throws {
    let sandbox = Sandbox()
    try writeAtomically(try squareImage().pngData(), to: sandbox.reference("x"))
    let wider = try Image.drawing(pixelWidth: 21, pixelHeight: 10, scale: 1) { canvas throws(GraphicsError) in
      canvas.fillAll(.white, replace: true)
    }
    let result = verify(wider, as: .image, location: sandbox.location("x"), record: .never)
    #expect(result.message?.contains("sizes differ: expected 20x10, actual 21x10") == true)
  }

  @Test("Unnamed snapshots are numbered within a test")
  func numbering() throws {
    let sandbox = Sandbox()
    _ = recordedMessages {
      assertSnapshot(of: "a", as: .lines, record: .missing, filePath: sandbox.testFile, testName: "numbered()")
      assertSnapshot(of: "b", as: .lines, record: .missing, filePath: sandbox.testFile, testName: "numbered()")
    }
    #expect(try String(contentsOf: sandbox.reference("1", test: "numbered", ext: "txt"), encoding: .utf8) == "a")
    #expect(try String(contentsOf: sandbox.reference("2", test: "numbered", ext: "txt"), encoding: .utf8) == "b")
  }

  @Test("Text differences are a unified diff with three lines of context")
  func lines() throws {
    let sandbox = Sandbox()
    try writeAtomically(Data("one\ntwo\nthree\nfour".utf8), to: sandbox.reference("t", ext: "txt"))
    let result = verify("one\ntwo\n3\nfour", as: .lines, location: sandbox.location("t", ext: "txt"), record: .never)
    #expect(
      result.message?.contains("--- reference\n+++ actual\n@@ -1,4 +1,4 @@\n one\n two\n-three\n+3\n four") == true,
      "\(result.message ?? "")")
  }
}
