// swift-tools-version: 6.0
import PackageDescription

/// Flipbook: a software Core Animation on Cairo that renders iOS pull-to-refresh animations as frames.
///
/// Dependencies run one way: `CCairo`/`CFlipbook` ← `FlipbookGraphics` ← `FlipbookImageFormats` (with `CWebP`) ←
/// `FlipbookLayers` ← `FlipbookScene` ← `flipbook`. Only `FlipbookGraphics` and `FlipbookImageFormats` import the C
/// modules; FlipbookGraphics draws and never imports the formats.
let package = Package(
  name: "Flipbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "FlipbookGraphics", targets: ["FlipbookGraphics"]),
    .library(name: "FlipbookImageFormats", targets: ["FlipbookImageFormats"]),
    .library(name: "FlipbookTiming", targets: ["FlipbookTiming"]),
    .library(name: "FlipbookLayers", targets: ["FlipbookLayers"]),
    .library(name: "FlipbookScrolling", targets: ["FlipbookScrolling"]),
    .library(name: "FlipbookComponents", targets: ["FlipbookComponents"]),
    .library(name: "FlipbookRender", targets: ["FlipbookRender"]),
    .library(name: "FlipbookPreview", targets: ["FlipbookPreview"]),
    .library(name: "FlipbookJSON", targets: ["FlipbookJSON"]),
    .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
    .library(name: "FlipbookScene", targets: ["FlipbookScene"]),
    .library(name: "FlipbookLive", targets: ["FlipbookLive"]),
    .executable(name: "flipbook", targets: ["flipbook"]),
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
    // Drawing: Canvas, paths, text, geometry, the Image pixel buffer, pixel comparison, safe files.
    .target(name: "FlipbookGraphics", dependencies: ["CCairo", "CFlipbook"]),
    // Encoding and decoding images: PNG (libpng, libdeflate, Flipbook's own encoder), animated PNG, GIF,
    // animated WebP. Apart from drawing, so each changes for its own reasons.
    .target(name: "FlipbookImageFormats", dependencies: ["CFlipbook", "CWebP", "FlipbookGraphics", "FlipbookTiming"]),
    // Media timing, timing curves, springs, decay, keyframe math: pure functions of time, no pixels.
    .target(name: "FlipbookTiming"),
    // It re-exports FlipbookImageFormats, so a program that renders a layer tree can write the PNG with the imports
    // it had before the formats left FlipbookGraphics (the README's "Using it from Swift").
    .target(name: "FlipbookLayers", dependencies: ["FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming"]),
    // Views, the scroll view and its physics, finger tracks: UIKit's scrolling as functions of time.
    .target(name: "FlipbookScrolling", dependencies: ["FlipbookGraphics", "FlipbookTiming", "FlipbookLayers"]),
    // JSON read with line/column errors and decoded with JSON-path errors; written stably for dumps.
    .target(name: "FlipbookJSON"),
    // The three refresh components, faithful to the originals: EGO's header, APL's container, the airplane.
    .target(
      name: "FlipbookComponents",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookLayers", "FlipbookScrolling",
        "FlipbookAssets",
      ]),
    // Previews of a rendered frame folder: animated PNG, contact sheet, GIF, video, an HTML player.
    .target(
      name: "FlipbookPreview",
      dependencies: ["FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON", "FlipbookTiming"]
    ),
    // The frame pipeline: simulation in order, rasterizing and encoding in parallel, atomic output.
    .target(
      name: "FlipbookRender",
      dependencies: ["FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookJSON", "FlipbookTiming"],
      resources: [.copy("Schemas")]),
    // Snapshot testing for Linux under XCTest and Swift Testing: strategies, references, pixel comparison,
    // failure artifacts. It re-exports what a test touches, so a test file needs one import.
    .target(
      name: "FlipbookTesting",
      dependencies: [
        "FlipbookGraphics", "FlipbookImageFormats", "FlipbookLayers", "FlipbookScene", "FlipbookJSON", "FlipbookTiming",
        "FlipbookSnapshotHygiene", "FlipbookScrolling", "FlipbookComponents",
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
        "FlipbookScrolling", "FlipbookJSON", "FlipbookComponents",
      ],
      // The documents' JSON Schemas (`DocumentSchema`).
      resources: [.copy("Schemas")]),
    // `flipbook watch`'s live half: inotify, debouncing, and a loopback HTTP server with Server-Sent Events.
    .target(name: "FlipbookLive", dependencies: ["FlipbookGraphics"]),
    .executableTarget(
      name: "flipbook",
      dependencies: [
        "FlipbookScene", "FlipbookRender", "FlipbookPreview", "FlipbookJSON", "FlipbookLayers", "FlipbookGraphics",
        "FlipbookImageFormats", "FlipbookTiming", "FlipbookSnapshotHygiene", "FlipbookLive",
      ]),
    .executableTarget(
      name: "flipbook-benchmark",
      dependencies: [
        "FlipbookLayers", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookScene", "FlipbookRender",
        "FlipbookPreview", "BenchmarkBaseline", "FlipbookTiming",
      ],
      path: "Benchmarks/flipbook-benchmark"
    ),
    // The same scene drawn with bare Cairo calls in C: the baseline the benchmark divides by.
    .target(
      name: "BenchmarkBaseline", dependencies: ["CCairo", "CFlipbook"], path: "Benchmarks/BenchmarkBaseline",
      cSettings: [.unsafeFlags(["-O2"])]),
    .testTarget(name: "FlipbookTimingTests", dependencies: ["FlipbookTiming"]),
    .testTarget(name: "FlipbookJSONTests", dependencies: ["FlipbookJSON"]),
    .testTarget(name: "FlipbookLiveTests", dependencies: ["FlipbookLive"]),
    .testTarget(
      name: "FlipbookPreviewTests",
      dependencies: ["FlipbookPreview", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookJSON", "FlipbookTiming"]),
    .testTarget(
      name: "FlipbookComponentsTests",
      dependencies: [
        "FlipbookComponents", "FlipbookScrolling", "FlipbookLayers", "FlipbookTiming", "FlipbookGraphics",
        "FlipbookTesting",
        "FlipbookScene",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookTestingTests",
      dependencies: ["FlipbookTesting", "FlipbookGraphics", "FlipbookLayers", "FlipbookScene"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookScrollingTests",
      dependencies: ["FlipbookScrolling", "FlipbookLayers", "FlipbookTiming", "FlipbookGraphics"]),
    .testTarget(
      name: "FlipbookRenderTests",
      dependencies: ["FlipbookRender", "FlipbookLayers", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming"]),
    // Drawing's tests read and write PNGs (fixtures, byte-equal renders), so they use the formats too.
    .testTarget(
      name: "FlipbookGraphicsTests",
      dependencies: ["FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookGraphicsTestSupport"]),
    .testTarget(
      name: "FlipbookImageFormatsTests",
      dependencies: ["FlipbookImageFormats", "FlipbookGraphics", "FlipbookTiming", "FlipbookGraphicsTestSupport"],
      exclude: ["__Fixtures__"]),
    // The helpers both of those test targets use (images from RGBA, thrown errors, running a tool).
    .target(
      name: "FlipbookGraphicsTestSupport", dependencies: ["FlipbookGraphics"], path: "Tests/FlipbookGraphicsTestSupport"
    ),
    .testTarget(
      name: "FlipbookLayersTests",
      dependencies: ["FlipbookLayers", "FlipbookGraphics", "FlipbookTiming", "FlipbookTesting"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookSceneTests",
      dependencies: [
        "FlipbookScene", "FlipbookJSON", "FlipbookScrolling", "FlipbookTiming", "FlipbookLayers", "FlipbookGraphics",
        "FlipbookImageFormats", "FlipbookComponents",
      ]),
    .testTarget(
      name: "FlipbookCLITests",
      dependencies: [
        "flipbook", "FlipbookGraphics", "FlipbookImageFormats", "FlipbookTiming", "FlipbookLive", "FlipbookScene",
      ],
      exclude: ["__Fixtures__"]),
  ],
  swiftLanguageModes: [.v6]
)
