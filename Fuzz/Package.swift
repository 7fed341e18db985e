// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for Flipbook's parsers and decoders, a consumer of the repository by path so the
/// normal `swift build` and `swift test` never see the sanitizer flags. Build and run with
/// `make fuzz FUZZ_SECONDS=N` (see `run.sh` for the flags and why).
let package = Package(
  name: "FlipbookFuzz",
  dependencies: [.package(name: "Flipbook", path: "..")],
  targets: [
    .executableTarget(name: "FuzzJSON", dependencies: [.product(name: "FlipbookJSON", package: "Flipbook")]),
    .executableTarget(name: "FuzzScene", dependencies: [.product(name: "FlipbookScene", package: "Flipbook")]),
    .executableTarget(name: "FuzzScript", dependencies: [.product(name: "FlipbookScene", package: "Flipbook")]),
    .executableTarget(name: "FuzzPath", dependencies: [.product(name: "FlipbookGraphics", package: "Flipbook")]),
    .executableTarget(
      name: "FuzzPNG",
      dependencies: [
        .product(name: "FlipbookGraphics", package: "Flipbook"),
        .product(name: "FlipbookImageFormats", package: "Flipbook"),
      ]),
    .executableTarget(
      name: "FuzzAPNG",
      dependencies: [
        .product(name: "FlipbookGraphics", package: "Flipbook"),
        .product(name: "FlipbookImageFormats", package: "Flipbook"),
      ]),
    // `GIFDecoder` is internal (the tests read GIFs back with it); debug builds are testable.
    .executableTarget(name: "FuzzGIF", dependencies: [.product(name: "FlipbookImageFormats", package: "Flipbook")]),
  ],
  swiftLanguageModes: [.v6]
)
