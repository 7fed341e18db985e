// swift-tools-version: 6.0
import PackageDescription

/// Flipbook: a software Core Animation on Cairo that renders iOS pull-to-refresh animations as frames.
///
/// A user holds four products: the `Flipbook` library (one import for the engine, the documents, the
/// pipeline, previews, batches and diff), the `FlipbookTesting` library (snapshot tests), the `FlipbookUIKit`
/// library (UIKit's and Core Animation's spellings over the engine) and the `flipbook` executable. Every other target is an implementation detail, built as a module of those products.
///
/// Dependencies run one way, from the leaves up:
/// `FlipbookSupport` (safe files, atomic writes, folder swap, locks; with `CFlipbookFiles`, no Cairo) ←
/// `CCairo`/`CFlipbook` ← `FlipbookGraphics` ← `FlipbookImageFormats` (with `CWebP`) ← `FlipbookLayers` ←
/// `FlipbookScrolling` ← `FlipbookComponents` ← `FlipbookScene` ← `FlipbookRender`/`FlipbookPreview` ←
/// `FlipbookBatch`/`FlipbookDiff` ← `Flipbook` (the umbrella) ← `FlipbookCLI` (the `flipbook` executable).
/// `FlipbookTiming` and `FlipbookJSON` know nothing of pixels and sit beside the leaves; `FlipbookLive` (watch's
/// server) needs only `FlipbookSupport`. Only `FlipbookSupport` (through `CFlipbookFiles`), `FlipbookGraphics` and
/// `FlipbookImageFormats` import C modules; FlipbookGraphics draws and never imports the formats.
let package = Package(
  name: "Flipbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Flipbook", targets: ["Flipbook"]),
    .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
    .library(name: "FlipbookUIKit", targets: ["FlipbookUIKit"]),
    .executable(name: "flipbook", targets: ["FlipbookCLI"]),
  ],
  targets: [
    // Cairo, Pango (through pangocairo) and fontconfig, found with pkg-config.
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "pkg-config"])]
    ),
    // libwebp's encoder and WebPAnimEncoder (libwebpmux), for animated WebP previews.
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    // libjpeg-turbo's TurboJPEG API, for the JPEG images Lottie files embed.
    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    // Small C helpers: libpng behind setjmp, pixel loops, text through Pango, GIF colour quantization with
    // libimagequant, libdeflate for `--png smallest`. No longjmp crosses Swift.
    .target(
      name: "CFlipbook",
      dependencies: ["CCairo"],
      cSettings: [.unsafeFlags(["-O2"])],
      linkerSettings: [
        .linkedLibrary("png16"), .linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig"),
        .linkedLibrary("m"), .linkedLibrary("imagequant"), .linkedLibrary("deflate"),
      ]
    ),
    // Linux's renameat2(2), which Swift cannot call through glibc: the one C call the file helpers need.
    .target(name: "CFlipbookFiles"),
    // Safe reading, atomic writes, temporary names, the folder swap, leftovers, the in-flight registry, folder
    // containment, parent folders, a lock and a parallel map: what every layer needs of files and threads, in a
    // leaf that links no drawing library.
    .target(name: "FlipbookSupport", dependencies: ["CFlipbookFiles"]),
    // Drawing: Canvas, paths, text, geometry, the Image pixel buffer, pixel comparison.
    .target(name: "FlipbookGraphics", dependencies: ["CCairo", "CFlipbook", "FlipbookSupport"]),
    // Encoding and decoding images: PNG (libpng, libdeflate, Flipbook's own encoder), animated PNG, GIF,
    // animated WebP. Apart from drawing, so each changes for its own reasons.
    .target(
      name: "FlipbookImageFormats",
      dependencies: ["CFlipbook", "CWebP", "CTurboJPEG", "FlipbookGraphics", "FlipbookTiming", "FlipbookSupport"]),
    // Media timing, timing curves, springs, decay, keyframe math: pure functions of time, no pixels.
    .target(name: "FlipbookTiming"),
    // The layer tree, animations, and rendering a tree into an Image.
    .target(name: "FlipbookLayers", dependencies: ["FlipbookGraphics", "FlipbookTiming"]),
    // Views, the scroll view and its physics, finger tracks: UIKit's scrolling as functions of time.
    .target(name: "FlipbookScrolling", dependencies: ["FlipbookGraphics", "FlipbookTiming", "FlipbookLayers"]),
    // JSON read with line/column errors and decoded with JSON-path errors; written stably for dumps.
    .target(name: "FlipbookJSON"),
    // The frame folder format: `manifest.json` as one typed, versioned value (read and written only here),
    // the frame clock and the per-frame state. No pixels, no files opened: callers hand it bytes.
    .target(
      name: "FlipbookFrames", dependencies: ["FlipbookJSON", "FlipbookTiming"],
      // The manifest's JSON Schema (`ManifestSchema`), beside the one reader and writer it describes.
      resources: [.copy("Schemas")]),
    // The three refresh components, faithful to the originals: EGO's header, APL's container, the airplane; refresh
    // views of your own, declared or made of a Lottie animation.
    .target(
      name: "FlipbookComponents",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookLayers", "FlipbookScrolling",
        "FlipbookAssets", "FlipbookLottie",
      ]),
    // Previews of a rendered frame folder: animated PNG, contact sheet, GIF, video, an HTML player (its page is
    // the resource Pages/player.html).
    .target(
      name: "FlipbookPreview",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON", "FlipbookTiming", "FlipbookSupport",
        "FlipbookFrames",
      ],
      resources: [.copy("Pages")]
    ),
    // The frame pipeline: simulation in order, rasterizing and encoding in parallel, atomic output.
    .target(
      name: "FlipbookRender",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookJSON", "FlipbookTiming",
        "FlipbookSupport", "FlipbookFrames",
      ]),
    // Rendering a document to a folder of frames (the call `flipbook render` makes), and batches: documents with
    // variants, planned, budgeted, sharded and indexed.
    .target(
      name: "FlipbookBatch",
      dependencies: [
        "FlipbookScene", "FlipbookRender", "FlipbookLayers", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON",
        "FlipbookTiming", "FlipbookSupport", "FlipbookFrames",
      ]),
    // Comparing two PNGs, frame folders, animated PNGs or trees of renders: pixels and timing, with reports.
    .target(
      name: "FlipbookDiff",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON", "FlipbookPreview", "FlipbookRender",
        "FlipbookTiming", "FlipbookSupport", "FlipbookFrames",
      ]),
    // Snapshot testing for Linux under XCTest and Swift Testing: strategies, references, pixel comparison,
    // failure artifacts. It re-exports what a test touches, so a test file needs one import.
    .target(
      name: "FlipbookTesting",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookScene", "FlipbookJSON", "FlipbookTiming",
        "FlipbookSnapshotHygiene", "FlipbookScrolling", "FlipbookComponents", "FlipbookSupport", "FlipbookFrames",
        "FlipbookLottie",
      ]),
    // UIKit's and QuartzCore's own spellings (CALayer, CABasicAnimation with string key paths, UIView.animate,
    // CATransaction) over the engine, so a refresh view written for iOS compiles with its imports changed.
    .target(
      name: "FlipbookUIKit",
      dependencies: [
        "FlipbookGraphics", "FlipbookLayers", "FlipbookScrolling", "FlipbookTiming", "FlipbookComponents",
        "FlipbookImageFormats", "FlipbookAssets",
      ]),
    // Reference file names and orphan detection, apart from the test frameworks so the CLI can use them.
    .target(name: "FlipbookSnapshotHygiene"),
    // The project's own artwork (drawn by Flipbook from Assets/Sources), found by name at run time.
    .target(
      name: "FlipbookAssets", path: "Assets", exclude: ["Sources", "README.md"], sources: ["Swift"],
      resources: [.copy("Images")]),
    .target(
      name: "FlipbookScene",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookLayers", "FlipbookAssets",
        "FlipbookScrolling", "FlipbookJSON", "FlipbookComponents", "FlipbookSupport", "FlipbookFrames",
        "FlipbookLottie",
      ],
      // The documents' JSON Schemas (`DocumentSchema`).
      resources: [.copy("Schemas")]),
    // libzip, for dotLottie archives (zip files holding a manifest, animations and images).
    .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    // Reading zip archives from bytes with limits (entry count, sizes, ratio, names): the one module that
    // touches libzip.
    .target(name: "FlipbookArchive", dependencies: ["CZip"]),
    // Lottie: the reader (JSON and dotLottie) and its mapping onto the layer tree and animations, as
    // lottie-ios's Core Animation engine maps it. Bytes in, layers out: no files, no C.
    .target(
      name: "FlipbookLottie",
      dependencies: [
        "FlipbookJSON", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookTiming",
        "FlipbookArchive",
      ]),
    // `flipbook watch`'s live half: inotify, debouncing, and a loopback HTTP server with Server-Sent Events.
    .target(name: "FlipbookLive", dependencies: ["FlipbookSupport"]),
    // The umbrella: one `import Flipbook` for the engine, the documents, the pipeline, previews, batches and diff.
    .target(
      name: "Flipbook",
      dependencies: [
        "FlipbookTiming", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookScrolling",
        "FlipbookComponents", "FlipbookJSON", "FlipbookScene", "FlipbookFrames", "FlipbookRender", "FlipbookPreview",
        "FlipbookBatch", "FlipbookDiff", "FlipbookLottie",
      ]),
    // The `flipbook` executable: it parses arguments, calls the libraries and prints.
    .executableTarget(
      name: "FlipbookCLI",
      dependencies: [
        "FlipbookScene", "FlipbookRender", "FlipbookPreview", "FlipbookJSON", "FlipbookLayers", "FlipbookGraphics",
        "FlipbookImageFormats", "FlipbookTiming", "FlipbookSnapshotHygiene", "FlipbookLive", "FlipbookSupport",
        "FlipbookBatch", "FlipbookDiff", "FlipbookFrames", "FlipbookLottie",
      ]),
    .executableTarget(
      name: "flipbook-benchmark",
      dependencies: [
        "FlipbookLayers", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookScene", "FlipbookRender",
        "FlipbookPreview", "BenchmarkBaseline", "FlipbookTiming", "FlipbookSupport", "FlipbookLottie", "FlipbookDiff",
      ],
      path: "Benchmarks/flipbook-benchmark"
    ),
    // The same scene drawn with bare Cairo calls in C: the baseline the benchmark divides by.
    .target(
      name: "BenchmarkBaseline", dependencies: ["CCairo", "CFlipbook"], path: "Benchmarks/BenchmarkBaseline",
      cSettings: [.unsafeFlags(["-O2"])]),
    .testTarget(name: "FlipbookTimingTests", dependencies: ["FlipbookTiming"]),
    .testTarget(
      name: "FlipbookUIKitTests",
      dependencies: [
        "FlipbookUIKit", "FlipbookLayers", "FlipbookGraphics", "FlipbookScrolling", "FlipbookTiming", "FlipbookScene",
        "FlipbookComponents",
      ]),
    .testTarget(name: "FlipbookJSONTests", dependencies: ["FlipbookJSON"]),
    .testTarget(name: "FlipbookFramesTests", dependencies: ["FlipbookFrames", "FlipbookJSON", "FlipbookTiming"]),
    .testTarget(name: "FlipbookLiveTests", dependencies: ["FlipbookLive", "FlipbookSupport"]),
    .testTarget(name: "FlipbookSupportTests", dependencies: ["FlipbookSupport"]),
    .testTarget(
      name: "FlipbookPreviewTests",
      dependencies: [
        "FlipbookPreview", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON", "FlipbookTiming",
        "FlipbookSupport", "FlipbookFrames",
      ]),
    .testTarget(
      name: "FlipbookComponentsTests",
      dependencies: [
        "FlipbookComponents", "FlipbookScrolling", "FlipbookLayers", "FlipbookTiming", "FlipbookGraphics",
        "FlipbookTesting", "FlipbookScene", "FlipbookJSON", "FlipbookLottie",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookTestingTests",
      dependencies: ["FlipbookTesting", "FlipbookGraphics", "FlipbookLayers", "FlipbookScene", "FlipbookFrames"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookScrollingTests",
      dependencies: ["FlipbookScrolling", "FlipbookLayers", "FlipbookTiming", "FlipbookGraphics"]),
    .testTarget(
      name: "FlipbookRenderTests",
      dependencies: [
        "FlipbookRender", "FlipbookLayers", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming",
        "FlipbookSupport", "FlipbookFrames",
      ]),
    // Drawing's tests read and write PNGs (fixtures, byte-equal renders), so they use the formats too.
    .testTarget(
      name: "FlipbookGraphicsTests",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookGraphicsTestSupport", "FlipbookSupport",
      ]),
    .testTarget(
      name: "FlipbookImageFormatsTests",
      dependencies: [
        "FlipbookImageFormats", "FlipbookGraphics", "FlipbookTiming", "FlipbookGraphicsTestSupport", "FlipbookSupport",
        // libwebp's own animation encoder, the reference the animated WebP encoder's bytes are checked against.
        "CWebP", "CFlipbook",
      ],
      exclude: ["__Fixtures__"]),
    // The helpers both of those test targets use (images from RGBA, thrown errors, running a tool).
    .target(
      name: "FlipbookGraphicsTestSupport", dependencies: ["FlipbookGraphics", "FlipbookSupport"],
      path: "Tests/FlipbookGraphicsTestSupport"
    ),
    .testTarget(
      name: "FlipbookLayersTests",
      dependencies: ["FlipbookLayers", "FlipbookGraphics", "FlipbookTiming", "FlipbookTesting"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookSceneTests",
      dependencies: [
        "FlipbookScene", "FlipbookJSON", "FlipbookScrolling", "FlipbookTiming", "FlipbookLayers", "FlipbookGraphics",
        "FlipbookImageFormats", "FlipbookComponents", "FlipbookArchive", "FlipbookLottie",
      ]),
    .testTarget(
      name: "FlipbookLottieTests",
      dependencies: [
        "FlipbookLottie", "FlipbookArchive", "FlipbookLayers", "FlipbookGraphics", "FlipbookTiming", "FlipbookJSON",
        "FlipbookImageFormats",
      ]),
    .testTarget(
      name: "FlipbookCLITests",
      dependencies: [
        "FlipbookCLI", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookLive", "FlipbookSupport",
        "FlipbookBatch", "FlipbookDiff", "FlipbookRender", "FlipbookScene", "FlipbookJSON", "FlipbookFrames",
      ],
      exclude: ["__Fixtures__"]),
  ],
  swiftLanguageModes: [.v6]
)
