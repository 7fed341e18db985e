import FlipbookArchive
import FlipbookJSON
import FlipbookLottie
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookGraphics
@testable import FlipbookImageFormats

/// Every input libFuzzer kept in `Fuzz/regressions/TARGET/` goes through the entry point of its
/// target again (the same calls as `Fuzz/Sources/TARGET`), so a crash fixed once stays fixed; a trap
/// here stops the test process, which fails the run.
struct FuzzRegressionTests {
  static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")

  /// Each target's entry point, by the target's name.
  static let entryPoints: [String: @Sendable (Data) -> Void] = [
    "FuzzJSON": { _ = try? JSONParser.parse($0) },
    "FuzzScene": {
      _ = try? SceneDocument.decode($0, baseDirectory: URL(fileURLWithPath: "/nonexistent/flipbook-fuzz"))
    },
    "FuzzScript": { _ = try? GestureScript.decode($0) },
    "FuzzPath": { data in
      if let path = try? Path(svg: String(decoding: data, as: UTF8.self)) { _ = try? Path(svg: path.svgString) }
    },
    "FuzzPNG": { _ = try? Image(pngData: $0, source: "fuzz") },
    "FuzzAPNG": { data in
      if (try? AnimatedPNG.summary(data, source: "fuzz")) != nil { _ = try? AnimatedPNG.decode(data, source: "fuzz") }
    },
    "FuzzGIF": { _ = try? GIFDecoder.decode($0) },
    "FuzzDotLottie": { data in
      if let archive = try? ZipArchive(data) {
        for entry in archive.entries { _ = try? archive.read(entry) }
      }
      _ = try? DotLottieFile(data)
    },
    "FuzzLottie": { _ = try? LottieAnimation(data: $0) },
  ]

  @Test func everyTargetHasAnEntryPointHere() throws {
    let sources = Self.regressions.deletingLastPathComponent().appendingPathComponent("Sources")
    let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
    #expect(targets == Self.entryPoints.keys.sorted())
  }

  @Test(arguments: entryPoints.keys.sorted()) func keptInputsStillPass(_ target: String) throws {
    let folder = Self.regressions.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names.sorted() where !name.hasPrefix(".") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      Self.entryPoints[target]?(data)
    }
  }
}
