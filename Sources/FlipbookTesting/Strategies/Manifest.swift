import FlipbookFrames
import FlipbookScene
import FlipbookTiming

// MARK: - The frame manifest as text

extension Snapshotting where Value == SnapshotDocument, Format == String {
  /// The document's frame manifest as JSON text, one frame per line, in `flipbook render`'s own
  /// `manifest.json` format (FlipbookFrames' `Manifest` writes both): the header, then each frame's file,
  /// index and time and, for a gesture script, the scroll view's state and the refresh component's state and
  /// progress. A state trace reviewed as text, line by line, without pixels: so without `repeatsPrevious`
  /// and `uniqueFrames`, which only drawing the frames can tell.
  public static var manifest: Snapshotting { .manifest() }

  /// `.manifest` at a rate (the document's by default) over `[from, to)` (by default its whole duration).
  public static func manifest(fps: Double? = nil, from: Double = 0, to: Double? = nil) -> Snapshotting {
    Snapshotting<String, String>.lines.pullback { document in
      let loaded = try document.make()
      let clock = try FrameSteps(loaded, fps: fps, from: from, to: to).clock
      let size = loaded.pixelSize
      var manifest: Manifest
      do throws(ManifestKeyConflict) {
        manifest = try Manifest(
          header: [("source", .string(document.origin))] + loaded.manifestHeader, clock: clock,
          size: (size.width, size.height), scale: loaded.scale)
        for index in 0..<clock.count {
          loaded.advance(to: clock.time(ofFrame: index))
          try manifest.addFrame(index: index, repeatsPrevious: nil, state: loaded.frameState)
        }
      } catch {
        throw SnapshotError("the manifest of \(document.origin): \(error.reason)")
      }
      return manifest.json
    }
  }
}
