// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for Flipbook's parsers and decoders, a consumer of the repository by path so the
/// normal `swift build` and `swift test` never see the sanitizer flags. Build and run with
/// `make fuzz FUZZ_SECONDS=N` (see `run.sh` for the flags and why). Each target depends on the `Flipbook`
/// library, the package's one library product, and imports the module it fuzzes.
let package = Package(
  name: "FlipbookFuzz",
  dependencies: [.package(name: "Flipbook", path: "..")],
  targets: [
    .executableTarget(name: "FuzzJSON", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(name: "FuzzScene", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(name: "FuzzScript", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(name: "FuzzPath", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(
      name: "FuzzPNG",
      dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(
      name: "FuzzAPNG",
      dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    // `GIFDecoder` is internal (the tests read GIFs back with it); debug builds are testable.
    .executableTarget(name: "FuzzGIF", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    // FlipbookArchive and FlipbookLottie are modules of the Flipbook library product.
    .executableTarget(name: "FuzzDotLottie", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    .executableTarget(name: "FuzzLottie", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
  ],
  swiftLanguageModes: [.v6]
)
