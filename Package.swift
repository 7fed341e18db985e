// swift-tools-version: 6.0
import PackageDescription

/// Flipbook: a software Core Animation on Cairo that renders iOS pull-to-refresh animations as frames.
///
/// Dependencies run one way: `CCairo`/`CFlipbook`/`CWebP` ← `FlipbookGraphics` ← `FlipbookLayers` ← `FlipbookScene`
/// ← `flipbook`. Only `FlipbookGraphics` imports the C modules.
let package = Package(
  name: "Flipbook",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "FlipbookGraphics", targets: ["FlipbookGraphics"]),
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
    .target(name: "FlipbookGraphics", dependencies: ["CCairo", "CFlipbook", "CWebP", "FlipbookTiming"]),
    // Media timing, timing curves, springs, decay, keyframe math: pure functions of time, no pixels.
    .target(name: "FlipbookTiming"),
    .target(name: "FlipbookLayers", dependencies: ["FlipbookGraphics", "FlipbookTiming"]),
    // Views, the scroll view and its physics, finger tracks: UIKit's scrolling as functions of time.
    .target(name: "FlipbookScrolling", dependencies: ["FlipbookGraphics", "FlipbookTiming", "FlipbookLayers"]),
    // JSON read with line/column errors and decoded with JSON-path errors; written stably for dumps.
    .target(name: "FlipbookJSON"),
    // The three refresh components, faithful to the originals: EGO's header, APL's container, the airplane.
    .target(
      name: "FlipbookComponents",
      dependencies: ["FlipbookGraphics", "FlipbookTiming", "FlipbookLayers", "FlipbookScrolling", "FlipbookAssets"]),
    // Previews of a rendered frame folder: animated PNG, contact sheet, GIF, video, an HTML player.
    .target(name: "FlipbookPreview", dependencies: ["FlipbookGraphics", "FlipbookJSON", "FlipbookTiming"]),
    // The frame pipeline: simulation in order, rasterizing and encoding in parallel, atomic output.
    .target(
      name: "FlipbookRender", dependencies: ["FlipbookGraphics", "FlipbookLayers", "FlipbookJSON", "FlipbookTiming"]),
    // Snapshot testing for Linux under XCTest and Swift Testing: strategies, references, pixel comparison,
    // failure artifacts. It re-exports what a test touches, so a test file needs one import.
    .target(
      name: "FlipbookTesting",
      dependencies: [
        "FlipbookGraphics", "FlipbookLayers", "FlipbookScene", "FlipbookJSON", "FlipbookTiming",
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
        "FlipbookGraphics", "FlipbookTiming", "FlipbookLayers", "FlipbookAssets", "FlipbookScrolling", "FlipbookJSON",
        "FlipbookComponents",
      ]),
    // `flipbook watch`'s live half: inotify, debouncing, and a loopback HTTP server with Server-Sent Events.
    .target(name: "FlipbookLive", dependencies: ["FlipbookGraphics"]),
    .executableTarget(
      name: "flipbook",
      dependencies: [
        "FlipbookScene", "FlipbookRender", "FlipbookPreview", "FlipbookJSON", "FlipbookLayers", "FlipbookGraphics",
        "FlipbookTiming", "FlipbookSnapshotHygiene", "FlipbookLive",
      ]),
    .executableTarget(
      name: "flipbook-benchmark",
      dependencies: [
        "FlipbookLayers", "FlipbookGraphics", "FlipbookScene", "FlipbookRender", "FlipbookPreview", "BenchmarkBaseline",
        "FlipbookTiming",
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
      dependencies: ["FlipbookPreview", "FlipbookGraphics", "FlipbookJSON", "FlipbookTiming"]),
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
      dependencies: ["FlipbookRender", "FlipbookLayers", "FlipbookGraphics", "FlipbookTiming"]),
    .testTarget(
      name: "FlipbookGraphicsTests", dependencies: ["FlipbookGraphics", "FlipbookTiming"], exclude: ["__Fixtures__"]),
    .testTarget(
      name: "FlipbookLayersTests",
      dependencies: ["FlipbookLayers", "FlipbookGraphics", "FlipbookTiming", "FlipbookTesting"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FlipbookSceneTests",
      dependencies: [
        "FlipbookScene", "FlipbookJSON", "FlipbookScrolling", "FlipbookTiming", "FlipbookLayers", "FlipbookGraphics",
      ]),
    .testTarget(
      name: "FlipbookCLITests", dependencies: ["flipbook", "FlipbookGraphics", "FlipbookTiming", "FlipbookLive"],
      exclude: ["__Fixtures__"]),
  ],
  swiftLanguageModes: [.v6]
)
