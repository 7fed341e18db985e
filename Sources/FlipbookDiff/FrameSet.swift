import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - FrameSet

/// What `flipbook diff` compares: the frames of a PNG (one), an animated PNG, or a folder of PNGs (by
/// file name, `manifest.json` and other files ignored; in a folder `flipbook render` wrote, which has a
/// manifest, only the `frame_*.png` files, not the previews beside them). No pixels are kept: a folder's
/// frames and an animation's are decoded one pair at a time by `FramePixels`, so comparing long renders
/// or long animations needs the memory of a few frames.
///
/// Anything that keeps a side from being read at all (missing, unreadable, not a PNG, a Git LFS pointer,
/// an empty folder) is `DiffFailure.trouble` naming the file, so the exit code says "could not compare"
/// rather than "differs".
struct FrameSet {
  /// One frame: its label, where its pixels come from, and its timing when the source records it.
  struct Frame {
    let label: String
    /// The PNG file of a folder's frame; nil for a frame inside an image.
    let file: String?
    /// A frame inside an image: the position, in the file, of the first of the identical frames it
    /// stands for.
    var sourceIndex = 0
    /// When the frame starts showing: an animated PNG's summed delays before it.
    var start: Rational?
    /// How long it shows: an animated PNG frame's delay (identical neighbours merged).
    var delay: Rational?
  }

  enum Kind: String {
    case image = "an image"
    case folder = "a frame folder"
  }

  let kind: Kind
  /// Frame labels ("frame_000012.png", or "frame 12" inside an animated PNG) and where their pixels are.
  let frames: [Frame]
  /// An image's path and bytes, whose frames `FramePixels` composes again when they are compared.
  var image: (path: String, bytes: [UInt8])?
  /// A rendered folder's manifest times; nil for images and plain folders.
  var manifest: ManifestTimes?

  /// Loads `path`, a PNG, an animated PNG or a folder of PNGs.
  static func load(_ path: String) throws(DiffFailure) -> FrameSet {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .trouble(path, "no such file or folder")
    }
    return isDirectory.boolValue ? try loadFolder(path) : try loadImage(path)
  }

  private static func loadFolder(_ path: String) throws(DiffFailure) -> FrameSet {
    let names: [String]
    do {
      let rendered = FrameFolder.holdsManifest(path)
      names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
        $0.hasSuffix(".png") && (!rendered || $0.hasPrefix("frame_"))
      }.sorted()
    } catch {
      throw .trouble(path, "cannot list the folder (\(error.localizedDescription))")
    }
    guard !names.isEmpty else { throw .trouble(path, "the folder holds no PNG files") }
    let frames = names.map { Frame(label: $0, file: (path as NSString).appendingPathComponent($0)) }
    return FrameSet(kind: .folder, frames: frames, manifest: try ManifestTimes.load(folder: path))
  }

  private static func loadImage(_ path: String) throws(DiffFailure) -> FrameSet {
    do {
      let bytes = try GraphicsError.files { () throws(FileError) in try SafeFile.read(path, kind: .image) }
      var reader = try AnimatedPNG.FrameReader(bytes, source: path)
      guard reader.summary.isAnimated else {
        _ = try reader.next()  // decoded once here, so a broken image is trouble before any comparison
        return FrameSet(kind: .image, frames: [Frame(label: path, file: nil)], image: (path, bytes))
      }
      return FrameSet(kind: .image, frames: try mergingRepeats(&reader), image: (path, bytes))
    } catch {
      throw trouble(error, file: path)
    }
  }

  /// An animation's frames as a viewer shows them: a frame pixel-identical to the one before is not a new
  /// frame but the previous one showing longer, so two files that differ only in how they split a hold
  /// compare equal. Composes one frame at a time, keeping only the one before.
  static func mergingRepeats(_ reader: inout AnimatedPNG.FrameReader) throws(GraphicsError) -> [Frame] {
    var frames: [Frame] = []
    var start = Rational.zero
    var previous: Image?
    while true {
      let sourceIndex = reader.index
      guard let frame = try reader.next() else { break }
      if frame.image == previous {
        frames[frames.count - 1].delay = frames[frames.count - 1].delay! + frame.duration
      } else {
        frames.append(
          Frame(
            label: "frame \(frames.count)", file: nil, sourceIndex: sourceIndex, start: start, delay: frame.duration))
      }
      previous = frame.image
      start = start + frame.duration
    }
    return frames
  }

  /// A decoding error as trouble with `file`: its reason, without the "cannot decode PNG" preamble that
  /// would repeat the file name.
  static func trouble(_ error: GraphicsError, file: String) -> DiffFailure {
    switch error {
    case .pngDecode(let source, let reason): .trouble(source, reason)
    case .file(let path, let reason): .trouble(path, reason)
    default: .trouble(file, error.description)
    }
  }

  /// A file that could not be read as trouble naming it, with errno's wording or the refusal's reason.
  static func trouble(_ error: FileError, file: String) -> DiffFailure {
    switch error {
    case .file(let path, let reason): .trouble(path, reason)
    }
  }
}
