import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - FrameSequence

/// A rendered frame folder, read back for previews: the frames in order with their manifest entries.
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
    public let image: Image
  }

  public let folder: String
  public let frames: [Frame]
  /// Frames per second (the manifest's `fps`, else from the frame times, else 60).
  public let fps: Double
  public var width: Int { frames.first?.image.width ?? 0 }
  public var height: Int { frames.first?.image.height ?? 0 }
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
    for (index, entry) in entries.enumerated() {
      guard case .string(let file)? = entry["file"], case .number(let time)? = entry["time"] else {
        throw PreviewError("\(manifestPath): frames[\(index)] needs \"file\" and \"time\"")
      }
      let path = (folder as NSString).appendingPathComponent(file)
      let image: Image
      do {
        image = try Image(contentsOfFile: path)
      } catch {
        throw PreviewError(error.description)
      }
      if let first = frames.first, first.image.width != image.width || first.image.height != image.height {
        throw PreviewError(
          "\(path): \(image.width)x\(image.height) px, but \(first.file) is \(first.image.width)x\(first.image.height) px; "
            + "frames must all have one size")
      }
      bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let repeats = entry["repeatsPrevious"] == .bool(true)
      frames.append(Frame(file: file, time: time, repeatsPrevious: repeats, entry: entry, image: image))
    }
    var fps = 60.0
    if case .number(let value)? = manifest["fps"], value > 0 {
      fps = value
    } else if frames.count > 1, frames[1].time > frames[0].time {
      fps = 1 / (frames[1].time - frames[0].time)
    }
    return FrameSequence(folder: folder, frames: frames, fps: fps, framesBytes: bytes)
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
