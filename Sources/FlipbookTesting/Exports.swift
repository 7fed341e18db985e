// MARK: - One import

// A snapshot test touches layers, images and their PNG files, colours, tolerances, documents and geometry, and
// a test of a refresh view of its own also views, `PullRefreshView` and the components that host one, and a
// test of a Lottie header the Lottie animation and its layer;
// re-exporting the modules they come from means `import FlipbookTesting` is the only import a test file needs
// (plus `import Testing` for `@Test`, or `import XCTest` for `XCTestCase`).
@_exported import FlipbookComponents
@_exported import FlipbookGraphics
@_exported import FlipbookImageFormats
@_exported import FlipbookLayers
@_exported import FlipbookLottie
@_exported import FlipbookScene
@_exported import FlipbookScrolling
@_exported import FlipbookSnapshotHygiene
@_exported import FlipbookTiming
@_exported import Foundation
