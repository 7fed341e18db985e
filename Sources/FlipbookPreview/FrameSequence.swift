import FlipbookGraphics
import FlipbookJSON
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
    public let file: String
    public let time: Double
    public let repeatsPrevious: Bool
    /// The whole manifest entry (contentOffset, refreshState, …), for labels and the HTML player.
    public let entry: JSONValue
    /// The frame file's full path.
    public let path: String
  }

  public let folder: String
  public let frames: [Frame]
  /// Frames per second (the manifest's `fps`, else from the frame times, else 60).
  public let fps: Double
  public let width: Int
  public let height: Int
  /// Whether any frame can hold transparency (by its PNG colour type), so previews keep alpha.
  public let hasAlpha: Bool
  /// The sum of the frame files' sizes in bytes: what previews are compared against.
  public let framesBytes: Int

  /// Reads a frame folder.
  public static func load(folder: String) throws(PreviewError) -> FrameSequence {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw PreviewError("\(folder): no such frame folder")
    }
    let manifestPath = (folder as NSString).appendingPathComponent("manifest.json")
    guard let data = FileManager.default.contents(atPath: manifestPath) else {
      throw PreviewError("\(folder): no manifest.json (render the frames with `flipbook render … -o \(folder)`)")
    }
    let manifest: JSONValue
    do {
      manifest = try JSONParser.parse(data)
    } catch {
      throw PreviewError("\(manifestPath): \(error)")
    }
    guard case .array(let entries)? = manifest["frames"] else {
      throw PreviewError("\(manifestPath): has no \"frames\" list")
    }
    guard !entries.isEmpty else { throw PreviewError("\(folder): the manifest lists no frames") }
    var frames: [Frame] = []
    var bytes = 0
    var size: (width: Int, height: Int, file: String)?
    var hasAlpha = false
    for (index, entry) in entries.enumerated() {
      guard case .string(let file)? = entry["file"], case .number(let time)? = entry["time"] else {
        throw PreviewError("\(manifestPath): frames[\(index)] needs \"file\" and \"time\"")
      }
      let path = (folder as NSString).appendingPathComponent(file)
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
      size = size ?? (info.width, info.height, file)
      hasAlpha = hasAlpha || info.hasAlpha
      bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let repeats = entry["repeatsPrevious"] == .bool(true)
      frames.append(Frame(file: file, time: time, repeatsPrevious: repeats, entry: entry, path: path))
    }
    var fps = 60.0
    if case .number(let value)? = manifest["fps"], value > 0 {
      fps = value
    } else if frames.count > 1, frames[1].time > frames[0].time {
      fps = 1 / (frames[1].time - frames[0].time)
    }
    return FrameSequence(
      folder: folder, frames: frames, fps: fps, width: size?.width ?? 0, height: size?.height ?? 0,
      hasAlpha: hasAlpha, framesBytes: bytes)
  }

  /// Decodes frame `index`; a frame whose pixels turn out corrupt past its header fails here, naming it.
  public func image(at index: Int) throws(PreviewError) -> Image {
    let image: Image
    do {
      image = try Image(contentsOfFile: frames[index].path)
    } catch {
      throw PreviewError(error.description)
    }
    guard image.width == width && image.height == height else {
      throw PreviewError("\(frames[index].path): changed size while the preview was being made")
    }
    return image
  }

  /// How long frame `index` stays on screen: until the next frame's time (the last one for 1/fps).
  public func duration(ofFrame index: Int) -> Double {
    index + 1 < frames.count ? frames[index + 1].time - frames[index].time : 1 / fps
  }
}

/// A preview that cannot be made, with one line saying what and where.
public struct PreviewError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
