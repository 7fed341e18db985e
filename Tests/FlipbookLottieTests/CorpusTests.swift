import FlipbookJSON
import FlipbookLayers
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's samples and what iOS drew for them, read in place where present: the folder
/// `FLIPBOOK_LOTTIE_CORPUS` names (`make test` sets it from the Makefile's `LOTTIE_CORPUS`). Never committed; tests
/// skip with a note when it is absent.
enum LottieCorpus {
  static let folder: URL? = {
    guard let given = ProcessInfo.processInfo.environment["FLIPBOOK_LOTTIE_CORPUS"], !given.isEmpty else { return nil }
    let url = URL(fileURLWithPath: given)
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("samples").path) ? url : nil
  }()

  /// Every JSON sample as (name as the verdict files spell it, URL).
  static var samples: [(name: String, url: URL)] {
    guard let root = folder?.appendingPathComponent("samples"),
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return [] }
    var result: [(String, URL)] = []
    for case let url as URL in walker where url.pathExtension == "json" {
      let relative = url.path.dropFirst(root.path.count + 1).dropLast(5)
      result.append((relative.replacingOccurrences(of: "/", with: "-"), url))
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// lottie-ios's verdict for a sample: true when its Core Animation engine supports it.
  static func supported(_ name: String) -> Bool? {
    guard let url = folder?.appendingPathComponent("engine-support/\(name).txt"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return nil }
    return text.hasPrefix("Supports")
  }
}

@Suite("Lottie corpus: lottie-ios's samples read and build")
struct CorpusTests {
  @Test("Every sample lottie-ios supports reads without error and builds a tree")
  func everySupportedSampleReads() throws {
    let samples = LottieCorpus.samples
    guard !samples.isEmpty else {
      print("note: lottie-ios's samples are absent (set FLIPBOOK_LOTTIE_CORPUS); skipped")
      return
    }
    var failures: [String] = []
    var built = 0
    for (name, url) in samples where LottieCorpus.supported(name) == true {
      let data = try Data(contentsOf: url)
      do {
        let clock = ContinuousClock()
        let start = clock.now
        let animation = try LottieAnimation(data: data)
        let read = clock.now
        let tree = animation.makeLayerTree(
          timeline: LottieTimeline(
            startFrame: animation.startFrame, endFrame: animation.endFrame, framerate: animation.framerate))
        #expect(tree.bounds.size == animation.size)
        if ProcessInfo.processInfo.environment["FLIPBOOK_LOTTIE_TIMES"] != nil {
          print("time \(name) \(data.count) read \(read - start) build \(clock.now - read)")
        }
        built += 1
      } catch {
        failures.append("\(name): \(error)")
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(built > 150, "most of lottie-ios's 184 supported samples are JSON files here")
  }

  @Test("The verdict (supported or the list of issues) agrees with lottie-ios's on its samples")
  func verdictsAgree() throws {
    var agree = 0
    var total = 0
    var disagreements: [String] = []
    for (name, url) in LottieCorpus.samples {
      guard let expected = LottieCorpus.supported(name),
        let animation = try? LottieAnimation(data: try Data(contentsOf: url))
      else { continue }
      let unsupported = animation.issues().filter { $0.kind == .unsupported }
      total += 1
      if unsupported.isEmpty == expected {
        agree += 1
      } else {
        disagreements.append("\(name): lottie-ios \(expected ? "supports" : "refuses"), Flipbook \(unsupported)")
      }
    }
    guard total > 0 else {
      print("note: lottie-ios's verdicts are absent (set FLIPBOOK_LOTTIE_CORPUS); skipped")
      return
    }
    print("verdicts: \(agree) of \(total) agree\n" + disagreements.joined(separator: "\n"))
    #expect(Double(agree) >= 0.9 * Double(total), "\(disagreements.joined(separator: "\n"))")
  }
}
