// dotLottie archives built by hand: both layouts, choosing an animation, its images, and each malformed
// archive answered in one line.
import FlipbookArchive
import FlipbookJSON
import FlipbookLottie
import Foundation
import Testing

@Suite struct DotLottieTests {
  /// A small Lottie document of our own (one solid layer) that names one image asset.
  static let animation =
    #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":10,"h":10,"assets":[{"id":"image_0","w":2,"h":2,"u":"images/","p":"img_0.png","e":0}],"layers":[]}"#
  /// Stand-in image bytes: the reader hands bytes over, it does not decode them.
  static let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]

  func failure(_ zip: TestZip, animationID: String? = nil) -> String {
    do {
      _ = try DotLottieFile(zip.data, animationID: animationID)
      return "read"
    } catch { return error.description }
  }

  @Test func version1() throws {
    let zip = TestZip(entries: [
      .stored(
        "manifest.json", #"{"version":"1.0","animations":[{"id":"hello","loop":true,"speed":2,"mode":"bounce"}]}"#),
      .stored("animations/", ""),
      .deflated("animations/hello.json", Array(Self.animation.utf8)),
      .stored("images/img_0.png", Self.image),
      .stored("__MACOSX/images/._img_0.png", [0]),
      .stored("images/.DS_Store", [0]),
    ])
    #expect(DotLottieFile.isArchive(zip.data))
    let file = try DotLottieFile(zip.data)
    #expect(file.manifest.layout == .v1)
    #expect(file.manifest.version == "1.0")
    #expect(
      file.manifest.animations == [.init(id: "hello", loop: true, speed: 2, direction: nil, mode: "bounce")])
    #expect(file.animationID == "hello")
    #expect(file.animationPath == "animations/hello.json")
    #expect(file.animationJSON == Data(Self.animation.utf8))
    #expect(file.images == ["img_0.png": Data(Self.image)])
    #expect(file.imageData(forAsset: "img_0.png") == Data(Self.image))
    #expect(file.imageData(forAsset: "images/img_0.png") == Data(Self.image))
    #expect(file.imageData(forAsset: "other.png") == nil)
    #expect(file.fonts.isEmpty)
  }

  @Test func version2ChoosesTheInitialAnimationOrTheOneAskedFor() throws {
    let manifest =
      #"{"version":"2","animations":[{"id":"first"},{"id":"Main Scene"}],"initial":{"animation":"Main Scene"}}"#
    let zip = TestZip(entries: [
      .stored("manifest.json", manifest),
      .stored("a/first.json", #"{"nm":"first"}"#),
      .deflated("a/Main Scene.json", Array(Self.animation.utf8)),
      .stored("i/img_0.png", Self.image),
      .stored("f/Inter.ttf", [0, 1, 0, 0]),
    ])
    let file = try DotLottieFile(zip.data)
    #expect(file.manifest.layout == .v2)
    #expect(file.manifest.initialAnimationID == "Main Scene")
    #expect(file.animationID == "Main Scene")
    #expect(file.animationPath == "a/Main Scene.json")
    #expect(file.animationJSON == Data(Self.animation.utf8))
    #expect(file.imageData(forAsset: "img_0.png") == Data(Self.image))
    #expect(file.fontData(forPath: "/f/Inter.ttf") == Data([0, 1, 0, 0]))
    let first = try DotLottieFile(zip.data, animationID: "first")
    #expect(first.animationJSON == Data(#"{"nm":"first"}"#.utf8))
    #expect(
      failure(zip, animationID: "third")
        == #"manifest.json $.animations: no animation "third" (the manifest lists "first", "Main Scene")"#)
  }

  @Test func lotAnimationsAreFoundToo() throws {
    let zip = TestZip(entries: [
      .stored("manifest.json", #"{"version":"2","animations":[{"id":"x"}]}"#), .stored("a/x.lot", Self.animation),
    ])
    #expect(try DotLottieFile(zip.data).animationPath == "a/x.lot")
  }

  @Test func lottieJSONIsNotAnArchive() {
    #expect(!DotLottieFile.isArchive(Data(Self.animation.utf8)))
    #expect(failure(TestZip(entries: [])) == "dotLottie archive: no manifest.json at its root: not a dotLottie file")
  }

  @Test func missingManifest() {
    let zip = TestZip(entries: [.stored("animations/a.json", Self.animation)])
    #expect(failure(zip) == "dotLottie archive: no manifest.json at its root: not a dotLottie file")
  }

  @Test func manifestNamingAMissingAnimation() {
    let zip = TestZip(entries: [
      .stored("manifest.json", #"{"version":"1.0","animations":[{"id":"gone"}]}"#),
      .stored("a/gone.json", Self.animation),
    ])
    #expect(
      failure(zip)
        == #"manifest.json $.animations: lists animation "gone" but the archive has no animations/gone.json (version 1.0 keeps animations in animations/)"#
    )
  }

  @Test func malformedManifests() {
    let cases: [(String, String)] = [
      ("[]", "manifest.json $: expected an object, found an array"),
      ("{", "manifest.json line 1, column 2: "),
      (#"{"animations":[]}"#, "manifest.json $.animations: the manifest lists no animation"),
      (#"{"version":"1"}"#, #"manifest.json $: no "animations": the manifest lists none"#),
      (#"{"animations":[{"id":3}]}"#, "manifest.json $.animations[0].id: expected a string, found a number"),
      (#"{"animations":[{"loop":true}]}"#, #"manifest.json $.animations[0]: an animation without an "id""#),
      (#"{"animations":[{"id":"a"},{"id":"a"}]}"#, #"manifest.json $.animations[1].id: "a" is listed twice"#),
      (
        #"{"version":"2","animations":[{"id":"a"}],"initial":{"animation":"b"}}"#,
        #"manifest.json $.initial.animation: "b" is not one of the animations listed"#
      ),
    ]
    for (manifest, expected) in cases {
      let line = failure(TestZip(entries: [.stored("manifest.json", manifest)]))
      #expect(line.hasPrefix(expected), "\(manifest) → \(line)")
    }
  }

  @Test func hostileArchivesAreAnsweredInOneLine() {
    let manifest = TestZip.Entry.stored("manifest.json", #"{"animations":[{"id":"a"}]}"#)
    let bomb = TestZip.Entry.zeros("animations/a.json", count: 1 << 30, declaredSize: 4_096)
    #expect(
      failure(TestZip(entries: [manifest, bomb]))
        == #"dotLottie entry 1 "animations/a.json": inflates past the 4096 bytes its header declares (a zip bomb, or a damaged archive)"#
    )
    #expect(
      failure(TestZip(entries: [manifest, .stored("images/../../etc/passwd", "x")]))
        == #"dotLottie entry 1 "images/../../etc/passwd": the name has a ".." component (path traversal)"#)
    #expect(
      failure(TestZip(entries: [manifest, .stored("animations/a.json", "{}")]).truncated(by: 10)).hasPrefix(
        "dotLottie archive: not a zip archive"))
    let many = (0...1_000).map { TestZip.Entry.stored("images/\($0).png", "") }
    #expect(
      failure(TestZip(entries: [manifest] + many))
        == "dotLottie archive: lists 1002 entries, more than the 1000 allowed")
    for line in [failure(TestZip(entries: [manifest, bomb])), failure(TestZip(entries: []))] {
      #expect(!line.contains("\n"))
    }
  }
}

extension TestZip {
  /// The archive's bytes less its last `count`, as an interrupted download leaves them.
  func truncated(by count: Int) -> TestZip.Truncated { Truncated(bytes: Array(bytes.dropLast(count))) }

  struct Truncated { let bytes: [UInt8] }
}

extension DotLottieTests {
  func failure(_ truncated: TestZip.Truncated) -> String {
    do {
      _ = try DotLottieFile(Data(truncated.bytes))
      return "read"
    } catch { return error.description }
  }
}
