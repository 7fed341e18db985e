// swift-tools-version: 6.0
import PackageDescription

/// A package that uses Flipbook the way a team would, following only the documentation: every Swift block of the
/// README and of the manual's articles is a copy of code in this package, so `make test` (which records into a
/// temporary copy of this package, then verifies) proves the documentation compiles and passes.
let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v13)],
  // The package is named here because a path dependency is otherwise known by its folder's name.
  dependencies: [.package(name: "Flipbook", path: "../..")],
  targets: [
    // The manual's "Using Flipbook from Swift" example as a program: it imports only `Flipbook`, draws a layer tree
    // and renders a gesture script to a folder of frames.
    .executableTarget(name: "using-flipbook", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
    // A refresh control written as for iOS against UIKit's names: its view imports only `FlipbookUIKit` (UIKit on
    // iOS); a Linux-only file installs it in a gesture script.
    .target(name: "RefreshViews", dependencies: [.product(name: "FlipbookUIKit", package: "Flipbook")]),
    // Snapshot tests that import only `FlipbookTesting` (and the package's own views), under Swift Testing and
    // XCTest.
    .testTarget(
      name: "ConsumerTests",
      dependencies: [.product(name: "FlipbookTesting", package: "Flipbook"), "RefreshViews"],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
