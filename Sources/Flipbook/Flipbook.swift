// MARK: - Flipbook

// One import for everything a program needs to render iOS pull-to-refresh animations: the engine (timing,
// drawing, image formats, layers, scrolling, the refresh components), the documents (JSON, scenes and
// gesture scripts), Lottie animations, the frame folder format (the manifest), the pipeline (rendering frames, previews,
// rendering a document or a batch to folders) and the comparison of renders. The modules stay apart so each
// changes for its own reasons; a user sees them as one library, the way UIKit is one import over many
// frameworks. Snapshot tests import FlipbookTesting instead, which re-exports what a test needs. Foundation
// comes too: the geometry of the API (`CGRect`, `CGPoint`, `CGSize`) is Foundation's, as in UIKit.
@_exported import FlipbookBatch
@_exported import FlipbookComponents
@_exported import FlipbookDiff
@_exported import FlipbookFrames
@_exported import FlipbookGraphics
@_exported import FlipbookImageFormats
@_exported import FlipbookJSON
@_exported import FlipbookLayers
@_exported import FlipbookLottie
@_exported import FlipbookPreview
@_exported import FlipbookRender
@_exported import FlipbookScene
@_exported import FlipbookScrolling
@_exported import FlipbookTiming
@_exported import Foundation
