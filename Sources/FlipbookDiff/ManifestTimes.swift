import FlipbookGraphics
import FlipbookJSON
import FlipbookPreview
import FlipbookSupport
import FlipbookTiming
import Foundation

// MARK: - ManifestTimes

/// The frame times a rendered folder's `manifest.json` records, for comparing two renders' timing.
///
/// Every manifest has a top-level `fps` and a `time` per frame (a number written with six decimals).
/// Newer manifests also have a top-level `from` and a per-frame `index`, so that a frame's time is exactly
/// `from + index / fps`; when both manifests of a comparison have those, times are compared exactly as
/// fractions, otherwise as the `time` numbers.
struct ManifestTimes: Sendable {
  struct Entry: Sendable {
    let time: Double?
    let index: Int?
  }

  let fps: Rational?
  let from: Rational?
  /// By file name.
  let entries: [String: Entry]

  /// Whether every frame's time can be computed exactly from `from`, `index` and `fps`.
  var isExact: Bool {
    guard let fps, fps != .zero, from != nil else { return false }
    return entries.values.allSatisfy { $0.index != nil }
  }

  /// The time of the frame in `file`: exact when `exactly` (and `isExact`), else the `time` number.
  func time(of file: String, exactly: Bool) -> FrameTime? {
    guard let entry = entries[file] else { return nil }
    if exactly, let fps, let from, let index = entry.index, fps != .zero {
      return .exact(from + (Rational(index) / fps ?? .zero))
    }
    return entry.time.map(FrameTime.seconds)
  }

  /// The times in `folder`'s manifest; nil when the folder has none (a plain folder of PNGs). A manifest
  /// that cannot be read or is not a JSON object is trouble: its render's timing cannot be checked.
  static func load(folder: String) throws(DiffFailure) -> ManifestTimes? {
    let path = (folder as NSString).appendingPathComponent("manifest.json")
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let root: JSONValue
    do {
      root = try JSONParser.parse(Data(try SafeFile.read(path, kind: .document)))
    } catch let error as JSONParser.SyntaxError {
      throw .trouble(path, "not valid JSON (\(error.description))")
    } catch let error as FileError {
      throw FrameSet.trouble(error, file: path)
    } catch {
      throw .trouble(path, "cannot be read (\(error))")
    }
    guard case .object = root else { throw .trouble(path, "is not a JSON object") }
    var entries: [String: Entry] = [:]
    var previousTime: Double?
    if case .array(let frames) = root["frames"] {
      for (index, frame) in frames.enumerated() {
        guard case .string(let file) = frame["file"] else { continue }
        if let problem = ManifestFileName.problem(file) { throw .trouble(path, "frames[\(index)]: \(problem)") }
        // A frame the manifest lists but the folder lacks is a broken render, not a difference.
        guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(file)) else {
          throw .trouble(path, "frames[\(index)] is \(file), which is not in the folder")
        }
        let time = number(frame["time"])
        if let time, let previousTime, time <= previousTime {
          throw .trouble(
            path,
            "frames[\(index)] is at \(JSONValue.format(time)) s, not after frames[\(index - 1)]; frame times must increase"
          )
        }
        previousTime = time ?? previousTime
        entries[file] = Entry(time: time, index: number(frame["index"]).flatMap(Int.init(exactly:)))
      }
    }
    return ManifestTimes(
      fps: number(root["fps"]).flatMap(Rational.init(decimal:)),
      from: number(root["from"]).flatMap(Rational.init(decimal:)), entries: entries)
  }

  private static func number(_ value: JSONValue?) -> Double? {
    if case .number(let n) = value { n } else { nil }
  }
}
