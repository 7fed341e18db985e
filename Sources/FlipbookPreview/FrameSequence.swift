import FlipbookFrames
import FlipbookGraphics
import FlipbookImageFormats
import FlipbookJSON
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - FrameSequence

/// A rendered frame folder, read back for previews: the frames in order with their manifest entries.
///
/// Loading checks every frame's PNG chunks and size but keeps no pixels: previews decode one frame at a
/// time with `image(at:)`, so their memory does not grow with the number of frames.
///
/// The folder is what `flipbook render` writes: `frame_000000.png`… and `manifest.json`. Every problem is
/// one `PreviewError` saying what and where: an empty folder, a missing or malformed manifest, a frame the
/// manifest names that is missing or is not a PNG, frames of different sizes.
public struct FrameSequence: Sendable {
  /// One frame: its file, its time, whether it repeats the previous frame, and its manifest entry.
  public struct Frame: Sendable {
    /// The frame's file name in the folder, as the manifest names it.
    public let file: String
    /// The frame's time in seconds (`exactTime`'s nearest `Double`).
    public let time: Double
    /// The frame's exact time: `from + index/fps` from the manifest, else its decimal `time`.
    public let exactTime: Rational
    /// Whether the frame's pixels are the previous frame's, so a preview can reuse them.
    public let repeatsPrevious: Bool
    /// The scroll view's and refresh component's state at the frame; nil for a scene's frames.
    public let state: FrameState?
    /// The whole manifest entry (contentOffset, refreshState, …), for the HTML player's table.
    public let entry: JSONValue
    /// The frame file's full path.
    public let path: String
  }

  /// The frame folder's path, as given.
  public let folder: String
  /// The frames in the manifest's order.
  public let frames: [Frame]
  /// The manifest's top-level members other than `frames` (`source`, `fps`, a script's `refreshStates`,
  /// thresholds and touch times…), for timelines.
  public var header: JSONValue = .object([])
  /// Frames per second (the manifest's `fps`, else from the frame times, else 60).
  public let fps: Double
  /// `fps` exactly.
  public let rate: Rational
  /// The frames' width in pixels (every frame has the same size).
  public private(set) var width: Int
  /// The frames' height in pixels.
  public private(set) var height: Int
  /// Whether any frame can hold transparency (by its PNG colour type), so previews keep alpha.
  public let hasAlpha: Bool
  /// The sum of the frame files' sizes in bytes: what previews are compared against.
  public let framesBytes: Int
  /// The frame files' size when previews shrink them (`scaled(toWidth:)`); nil when `width` and `height`
  /// are the files' own.
  var sourceSize: (width: Int, height: Int)? = nil

  /// Reads a frame folder.
  public static func load(folder: String) throws(PreviewError) -> FrameSequence {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw PreviewError("\(folder): no such frame folder")
    }
    let manifestPath = FrameFolder.manifestPath(in: folder)
    guard FileManager.default.fileExists(atPath: manifestPath) else {
      throw PreviewError(
        "\(folder): no \(FrameFolder.manifestFileName) (render the frames with `flipbook render … -o \(folder)`)")
    }
    let manifest: Manifest
    do {
      manifest = try Manifest(parsing: Data(try SafeFile.read(manifestPath, kind: .document)), path: manifestPath)
    } catch let error as ManifestError {
      throw PreviewError(error.description)
    } catch {
      throw PreviewError("\(error)")
    }
    guard !manifest.frames.isEmpty else { throw PreviewError("\(folder): the manifest lists no frames") }
    var frames: [Frame] = []
    var bytes = 0
    var size: (width: Int, height: Int, file: String)?
    var hasAlpha = false
    for (index, entry) in manifest.frames.enumerated() {
      let path = (folder as NSString).appendingPathComponent(entry.file)
      if let real = FolderContainment.escape(of: path, from: folder) {
        throw PreviewError(
          "\(manifestPath): frames[\(index)]: \"\(entry.file)\" is a symbolic link to \(real), outside the manifest's folder"
        )
      }
      let info: PNGInfo
      do {
        info = try PNGInfo(contentsOfFile: path)
      } catch {
        throw PreviewError(error.description)
      }
      if let size, size.width != info.width || size.height != info.height {
        throw PreviewError(
          "\(path): \(info.width)x\(info.height) px, but \(size.file) is \(size.width)x\(size.height) px; "
            + "frames must all have one size")
      }
      size = size ?? (info.width, info.height, entry.file)
      hasAlpha = hasAlpha || info.hasAlpha
      bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      frames.append(
        Frame(
          file: entry.file, time: entry.exactTime.seconds, exactTime: entry.exactTime,
          repeatsPrevious: entry.repeatsPrevious ?? false, state: entry.state, entry: entry.entry, path: path))
    }
    let rate = manifest.rate ?? Self.rate(between: frames)
    var sequence = FrameSequence(
      folder: folder, frames: frames, fps: rate.seconds, rate: rate, width: size?.width ?? 0,
      height: size?.height ?? 0, hasAlpha: hasAlpha, framesBytes: bytes)
    sequence.header = manifest.headerObject
    return sequence
  }

  /// A manifest without `fps`: the rate from the first two frames' times, else 60.
  private static func rate(between frames: [Frame]) -> Rational {
    guard frames.count > 1, let rate = Rational.one / (frames[1].exactTime - frames[0].exactTime) else {
      return Rational(60)
    }
    return rate
  }

  /// When the last frame ends: one frame after it, at the frames' rate.
  public var end: Rational { (frames.last?.exactTime ?? .zero) + (Rational.one / rate ?? .zero) }

  /// How long the frames last, from the first frame's time to `end`.
  public var duration: Rational { end - (frames.first?.exactTime ?? .zero) }

  /// The frames as they play: each from its time until the next one's, the last for one frame.
  public var timeline: Timeline {
    // The times increase (checked on load) and `end` is after the last, so this always exists.
    Timeline(times: frames.map(\.exactTime), end: end) ?? Timeline(times: [.zero], end: .one)!
  }

  /// Whether frames `a` < `b` show the same picture: every frame after `a` up to `b` repeats the previous.
  public func samePicture(_ a: Int, _ b: Int) -> Bool {
    a == b || (a < b && frames[(a + 1)...b].allSatisfy(\.repeatsPrevious))
  }

  /// Decodes frame `index`; a frame whose pixels turn out corrupt past its header fails here, naming it.
  public func image(at index: Int) throws(PreviewError) -> Image {
    let image: Image
    do {
      image = try Image(contentsOfFile: frames[index].path)
    } catch {
      throw PreviewError(error.description)
    }
    let (fileWidth, fileHeight) = sourceSize ?? (width, height)
    guard image.width == fileWidth && image.height == fileHeight else {
      throw PreviewError("\(frames[index].path): changed size while the preview was being made")
    }
    guard sourceSize != nil else { return image }
    do {
      return try image.scaled(toWidth: width, height: height)
    } catch {
      throw PreviewError("\(frames[index].path): \(error.description)")
    }
  }

  /// The same frames, each decoded frame shrunk to `width` pixels (the height in proportion) by area
  /// averaging, for previews sized for where they go. A width above the frames' own is refused: previews
  /// only shrink.
  public func scaled(toWidth newWidth: Int) throws(PreviewError) -> FrameSequence {
    guard newWidth != width else { return self }
    guard (1...width).contains(newWidth) else {
      throw PreviewError(
        "--width \(newWidth) px is wider than the frames (\(width) px); previews only shrink", isUsage: true)
    }
    var scaled = self
    scaled.sourceSize = sourceSize ?? (width, height)
    scaled.width = newWidth
    scaled.height = max(1, Int((Double(height) * Double(newWidth) / Double(width)).rounded()))
    return scaled
  }

  /// How long frame `index` stays on screen: until the next frame's time (the last one for 1/fps).
  public func duration(ofFrame index: Int) -> Rational {
    (index + 1 < frames.count ? frames[index + 1].exactTime : end) - frames[index].exactTime
  }
}

/// A preview that cannot be made, with one line saying what and where.
public struct PreviewError: Error, CustomStringConvertible, Sendable {
  /// What cannot be done and where, as one line.
  public let message: String
  /// The options asked for something the frames do not have (a range past their end): the command
  /// line reports it as a usage error.
  public let isUsage: Bool
  /// An error saying `message`; `isUsage` when the command line should report it as a usage error.
  public init(_ message: String, isUsage: Bool = false) {
    self.message = message
    self.isUsage = isUsage
  }
  /// The `message`.
  public var description: String { message }
}
