import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookLottie

/// A document with the given top-level members over a 10 × 10, 10 fps, frames 0…10 default.
func document(
  fr: String = "10", ip: String = "0", op: String = "10", w: String = "10", h: String = "10",
  layers: String = "[]", assets: String = "[]"
) -> Data {
  Data(
    #"{"fr": \#(fr), "ip": \#(ip), "op": \#(op), "w": \#(w), "h": \#(h), "assets": \#(assets), "layers": \#(layers)}"#
      .utf8)
}

/// A precomposition layer showing asset `id`.
func precompLayer(_ id: String) -> String {
  #"{"ty": 0, "refId": "\#(id)", "w": 10, "h": 10, "ip": 0, "op": 10, "ks": {}}"#
}

/// The one error reading `data` throws.
func readError(_ data: Data) -> DocumentError? {
  do {
    _ = try LottieAnimation(data: data)
    return nil
  } catch {
    return error
  }
}

@Suite("Lottie hostile input: one error naming where, in bounded time")
struct HostileInputTests {
  @Test(
    "Each bad document is one error at its JSON path",
    arguments: [
      (document(fr: "0"), "$.fr"),
      (document(fr: "1000000"), "$.fr"),
      (document(op: "0"), "$.op"),
      (document(op: "10000000"), "$.op"),
      (document(w: "1000000"), "$.w"),
      (document(h: "-5"), "$.h"),
      (
        document(layers: #"[{"ty": 3, "ip": 0, "op": 10, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [1e300]}]}}}]"#),
        "$.layers[0].ks.o.k[0].s[0]"
      ),
      (
        document(
          layers: #"[{"ty": 3, "ip": 0, "op": 10, "ks": {"p": {"a": 1, "k": [{"t": 0}, {"t": 5, "s": [1, 1]}]}}}]"#),
        "$.layers[0].ks.p.k[0]"
      ),
      (document(layers: #"[{"ty": 3, "ip": 0, "op": 10, "sr": 0, "ks": {}}]"#), "$.layers[0].sr"),
      (document(layers: #"[{"ty": 3, "ip": 0, "ks": {}}]"#), "$.layers[0]"),
      (document(layers: #"[{"ty": 1, "sc": "red", "ip": 0, "op": 10, "ks": {}}]"#), "$.layers[0].sc"),
      (document(layers: #"[{"ty": 3, "ind": 1, "parent": 1, "ip": 0, "op": 10, "ks": {}}]"#), "$.layers[0].parent"),
      (
        document(
          layers:
            #"[{"ty": 3, "ind": 1, "parent": 2, "ip": 0, "op": 10, "ks": {}}, {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 10, "ks": {}}]"#
        ), "$.layers[0].parent"
      ),
      (
        document(
          layers: "[\(precompLayer("a"))]",
          assets: #"[{"id": "a", "layers": [\#(precompLayer("b"))]}, {"id": "b", "layers": [\#(precompLayer("a"))]}]"#),
        "$.assets[1].layers[0].refId"
      ),
      (
        document(layers: "[\(precompLayer("a"))]", assets: #"[{"id": "a", "layers": [\#(precompLayer("a"))]}]"#),
        "$.assets[0].layers[0].refId"
      ),
      (Data(String(repeating: "[", count: 100_000).utf8), "line 1, column 513"),
    ])
  func oneError(data: Data, location: String) {
    let error = readError(data)
    #expect(error?.location == location, "\(String(describing: error))")
    #expect(error.map { !$0.description.contains("\n") } ?? false, "one line")
  }

  @Test("A precomposition used ten times at each of ten levels is refused at once, not expanded")
  func exponentialExpansion() {
    let clock = ContinuousClock()
    let start = clock.now
    var assets: [String] = []
    for level in 0..<10 {
      let inner = level == 9 ? #"{"ty": 3, "ip": 0, "op": 10, "ks": {}}"# : precompLayer("c\(level + 1)")
      assets.append(#"{"id": "c\#(level)", "layers": [\#(Array(repeating: inner, count: 10).joined(separator: ","))]}"#)
    }
    let error = readError(document(layers: "[\(precompLayer("c0"))]", assets: "[\(assets.joined(separator: ","))]"))
    #expect(error?.location == "$")
    #expect(error?.message.contains("20000") == true, "\(String(describing: error))")
    #expect(clock.now - start < .seconds(5))
  }

  @Test("Precompositions nested deeper than the limit are refused at the layer that goes too deep")
  func deepNesting() {
    let depth = LottieLimits.maxPrecompositionDepth + 5
    var assets: [String] = []
    for level in 0..<depth {
      let inner = level == depth - 1 ? #"{"ty": 3, "ip": 0, "op": 10, "ks": {}}"# : precompLayer("d\(level + 1)")
      assets.append(#"{"id": "d\#(level)", "layers": [\#(inner)]}"#)
    }
    let error = readError(document(layers: "[\(precompLayer("d0"))]", assets: "[\(assets.joined(separator: ","))]"))
    #expect(error?.location == "$.assets[\(LottieLimits.maxPrecompositionDepth - 1)].layers[0].refId")
    #expect(error?.message.contains("deeper than 64") == true)
  }

  @Test("A missing precomposition asset draws nothing and is named, as lottie-ios draws the rest")
  func missingPrecomposition() throws {
    let animation = try LottieAnimation(data: document(layers: "[\(precompLayer("gone"))]"))
    let issues = animation.issues()
    #expect(issues.map(\.feature) == [#"missing precomposition asset "gone" (drawn as nothing)"#])
    #expect(issues.first?.kind == .ignored)
  }
}
