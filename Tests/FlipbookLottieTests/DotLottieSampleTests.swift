// lottie-ios's own dotLottie samples (read from the conformance corpus, never copied here): every one reads.
import FlipbookArchive
import FlipbookJSON
import FlipbookLottie
import Foundation
import Testing

@Suite struct DotLottieSampleTests {
  /// The corpus (``LottieCorpus``), or nil where it is absent.
  static var corpus: URL? { LottieCorpus.folder }

  /// Expected per sample (lottie-ios 4.6.1 `Tests/Samples/DotLottie`, listed with `unzip -l`): the animation ids
  /// in manifest order, the layout, and the image files.
  static let expected: [String: (ids: [String], layout: DotLottieManifest.Layout, images: [String])] = [
    "animation.lottie": (["lf20_gOmta2"], .v1, []),
    "animation_external_image.lottie": (["with_image"], .v1, ["img_0.png"]),
    "animation_inline_image.lottie": (["lf20_I2I090"], .v1, ["image_0.png"]),
    "confused.lottie": (["0cccd5e7-be6e-46ef-a57c-7c2ed6bc0ee8"], .v1, []),
    "multiple_animations.lottie": (["0", "1", "2"], .v1, []),
    "zen_lottiev2.lottie": (["Main Scene"], .v2, []),
  ]

  @Test func everyDotLottieSampleReads() throws {
    guard let corpus = Self.corpus else {
      print("note: the Lottie corpus (FLIPBOOK_LOTTIE_CORPUS) is absent; lottie-ios's dotLottie samples are not read")
      return
    }
    let folder = corpus.appendingPathComponent("samples/DotLottie")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lottie") }
      .sorted()
    #expect(names == Self.expected.keys.sorted())
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      #expect(DotLottieFile.isArchive(data))
      let first = try DotLottieFile(data)
      guard let expected = Self.expected[name] else { continue }
      #expect(first.manifest.animations.map(\.id) == expected.ids, "\(name)")
      #expect(first.manifest.layout == expected.layout, "\(name)")
      #expect(first.images.keys.sorted() == expected.images, "\(name)")
      for id in expected.ids {
        let file = try DotLottieFile(data, animationID: id)
        let root = try JSONParser.parse(file.animationJSON)
        guard case .array(let layers)? = root["layers"] else {
          Issue.record("\(name) \(id): no layers")
          continue
        }
        #expect(!layers.isEmpty, "\(name) \(id)")
        // Every image asset that is not a data URL finds its bytes, and they are a PNG.
        if case .array(let assets)? = root["assets"] {
          for asset in assets {
            guard case .string(let p)? = asset["p"], !p.hasPrefix("data:") else { continue }
            let image = file.imageData(forAsset: p)
            #expect(image?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "\(name) \(id) asset \(p)")
          }
        }
      }
    }
  }

  /// `DotLotExtension/Switch.lot` is Lottie JSON under the IANA-registered `.lot` extension, not a zip.
  @Test func lotSampleIsLottieJSON() throws {
    guard let corpus = Self.corpus else {
      print("note: the Lottie corpus (FLIPBOOK_LOTTIE_CORPUS) is absent; Switch.lot is not read")
      return
    }
    let data = try Data(contentsOf: corpus.appendingPathComponent("samples/DotLotExtension/Switch.lot"))
    #expect(!DotLottieFile.isArchive(data))
    let root = try JSONParser.parse(data)
    guard case .array(let layers)? = root["layers"] else {
      Issue.record("Switch.lot has no layers")
      return
    }
    #expect(layers.count > 0)
  }
}
