import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookLottie

/// layers2's decoders over lottie-ios's own samples (read in place from the corpus, never copied): every mask,
/// effect, layer style and text document of every sample decodes, and the samples whose lottie-ios verdict names
/// text animators or several text keyframes are exactly those the decoded text documents say so of.
@Suite struct LottieCorpusDecodingTests {
  /// The corpus folder (``LottieCorpus``); nil when absent (the test then passes with a note).
  static var corpus: URL? { LottieCorpus.folder }

  /// Every layer object of a Lottie document: top-level and in precompositions.
  func layers(of document: JSONValue) -> [JSONCursor] {
    let root = JSONCursor(document)
    var result: [JSONCursor] = []
    if let list = try? root.member("layers")?.array() { result += list }
    for asset in (try? root.member("assets")?.array()) ?? [] {
      if let list = try? asset.member("layers")?.array() { result += list }
    }
    return result
  }

  @Test func everySampleDecodes() throws {
    guard let corpus = Self.corpus else {
      print("note: Lottie corpus not found (set FLIPBOOK_LOTTIE_CORPUS); skipping")
      return
    }
    let samples = corpus.appendingPathComponent("samples")
    let files =
      FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
    #expect(files.count > 150)
    var failures: [String] = []
    var textVerdictMismatches: [String] = []
    for file in files {
      guard let data = try? Data(contentsOf: file), let document = try? JSONParser.parse(data) else { continue }
      let name = file.path.dropFirst(samples.path.count + 1).dropLast(5).replacingOccurrences(of: "/", with: "-")
      var textIssue = false
      for layer in layers(of: document) {
        do {
          if let masks = layer.member("masksProperties") { _ = try LottieMask.decodeList(masks) }
          if let effects = layer.member("ef") { _ = try LottieEffect.decodeList(effects) }
          if let styles = layer.member("sy") { _ = try LottieEffect.decodeStyles(styles) }
          if let tt = layer.member("tt") { _ = try LottieMatteType.decode(tt) }
          if try layer.number("ty", default: -1) == 5 {
            let text = try LottieTextDocument.decode(try layer.required("t"))
            textIssue = textIssue || text.keyframes.count > 1 || text.animatorCount > 0
          }
        } catch {
          failures.append("\(name): \(error)")
        }
      }
      let verdictFile = corpus.appendingPathComponent("engine-support/\(name).txt")
      if let verdict = try? String(contentsOf: verdictFile, encoding: .utf8) {
        let lottieSaysText =
          verdict.contains("text animators") || verdict.contains("for text layer text values")
        if lottieSaysText != textIssue { textVerdictMismatches.append(name) }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(textVerdictMismatches.isEmpty, "\(textVerdictMismatches)")
  }
}
