// MARK: - One import

// A snapshot test touches layers, images, colours, tolerances, documents and geometry; re-exporting the
// modules they come from means `import FlipbookTesting` is the only import a test file needs (plus
// `import Testing` for `@Test`, or `import XCTest` for `XCTestCase`).
@_exported import FlipbookGraphics
@_exported import FlipbookLayers
@_exported import FlipbookScene
@_exported import FlipbookSnapshotHygiene
@_exported import FlipbookTiming
@_exported import Foundation
