// MARK: - Writing what was rendered

// `LayerRenderer` draws a tree into an `Image`, and the next step is nearly always its PNG. Encoding moved
// from FlipbookGraphics into FlipbookImageFormats (so drawing and file formats change apart); re-exporting
// it here keeps `image.writePNG(toFile:)` working for a program that imports FlipbookGraphics and
// FlipbookLayers, as the manual's "Using Flipbook from Swift" (examples/consumer) does.
@_exported import FlipbookImageFormats
