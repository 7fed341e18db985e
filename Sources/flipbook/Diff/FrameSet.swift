import FlipbookGraphics
import Foundation

// MARK: - FrameSet

/// What `flipbook diff` compares: the frames of a PNG (one), an animated PNG, or a folder of PNGs (by
/// file name, `manifest.json` and other files ignored; in a folder `flipbook render` wrote, which has a
/// manifest, only the `frame_*.png` files, not the previews beside them). A folder's frames are decoded
/// one pair at a time, so comparing long renders needs the memory of a few frames.
struct FrameSet {
  /// One frame: its label and where its pixels come from.
  struct Frame {
    let label: String
    let file: String?
    let decoded: Image?

    func image() throws(ActionFailure) -> Image {
      if let decoded { return decoded }
      do {
        return try Image(contentsOfFile: file!)
      } catch {
        throw ActionFailure(message: error.description)
      }
    }
  }

  enum Kind: String {
    case image = "an image"
    case folder = "a frame folder"
  }

  let kind: Kind
  /// Frame labels ("frame_000012.png", or "frame 12" inside an animated PNG) and their pixels.
  let frames: [Frame]

  /// Loads `path`; a path that does not exist is a usage error, a file that does not decode a failure.
  static func load(_ path: String) throws(ActionFailure) -> FrameSet {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ActionFailure(message: "\(path): no such file or folder", isUsage: true)
    }
    if isDirectory.boolValue {
      let names: [String]
      do {
        let rendered = FileManager.default.fileExists(
          atPath: (path as NSString).appendingPathComponent("manifest.json"))
        names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
          $0.hasSuffix(".png") && (!rendered || $0.hasPrefix("frame_"))
        }.sorted()
      } catch {
        throw ActionFailure(message: "\(path): cannot list the folder (\(error.localizedDescription))")
      }
      guard !names.isEmpty else { throw ActionFailure(message: "\(path): the folder holds no PNG files") }
      let frames = names.map {
        Frame(label: $0, file: (path as NSString).appendingPathComponent($0), decoded: nil)
      }
      return FrameSet(kind: .folder, frames: frames)
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ActionFailure(message: "\(path): cannot read the file (\(error.localizedDescription))")
    }
    do {
      let decoded = try AnimatedPNG.decode(data, source: path)
      if decoded.frames.count == 1 {
        return FrameSet(kind: .image, frames: [Frame(label: path, file: nil, decoded: decoded.frames[0].image)])
      }
      return FrameSet(
        kind: .image,
        frames: decoded.frames.enumerated().map {
          Frame(label: "frame \($0.offset)", file: nil, decoded: $0.element.image)
        })
    } catch {
      throw ActionFailure(message: error.description)
    }
  }
}
