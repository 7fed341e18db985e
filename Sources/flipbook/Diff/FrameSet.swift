import FlipbookGraphics
import Foundation

// MARK: - FrameSet

/// What `flipbook diff` compares: the frames of a PNG (one), an animated PNG, or a folder of PNGs (by
/// file name, `manifest.json` and other files ignored).
struct FrameSet {
  enum Kind: String {
    case image = "an image"
    case folder = "a frame folder"
  }

  let kind: Kind
  /// Frame labels ("frame_000012.png", or "frame 12" inside an animated PNG) and images.
  let frames: [(label: String, image: Image)]

  /// Loads `path`; a path that does not exist is a usage error, a file that does not decode a failure.
  static func load(_ path: String) throws(ActionFailure) -> FrameSet {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ActionFailure(message: "\(path): no such file or folder", isUsage: true)
    }
    if isDirectory.boolValue {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".png") }.sorted()
      } catch {
        throw ActionFailure(message: "\(path): cannot list the folder (\(error.localizedDescription))")
      }
      guard !names.isEmpty else { throw ActionFailure(message: "\(path): the folder holds no PNG files") }
      var frames: [(String, Image)] = []
      for name in names {
        let file = (path as NSString).appendingPathComponent(name)
        do {
          frames.append((name, try Image(contentsOfFile: file)))
        } catch {
          throw ActionFailure(message: error.description)
        }
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
      if decoded.frames.count == 1 { return FrameSet(kind: .image, frames: [(path, decoded.frames[0].image)]) }
      return FrameSet(
        kind: .image, frames: decoded.frames.enumerated().map { ("frame \($0.offset)", $0.element.image) })
    } catch {
      throw ActionFailure(message: error.description)
    }
  }
}
