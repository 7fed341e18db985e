import FlipbookJSON
import FlipbookScene
import Foundation
import Testing

@testable import FlipbookComponents

/// `inspect` of a script lists the refresh component's delegate calls so far, with their scene times.
@Suite("Refresh inspection")
struct RefreshInspectionTests {
  /// The `refresh` object of `inspect --at time` for the example `name` of `component`.
  func refresh(_ component: String, _ name: String, at time: Double) throws -> JSONValue {
    let path = ExampleScripts.folder(component).appendingPathComponent(name).path
    let inspection = try Document.load(path: path).inspection(at: time)
    return try #require(inspection["refresh"])
  }

  /// The calls as "time name" lines, as the components' own trace tests write them.
  func calls(_ refresh: JSONValue) -> [String] {
    guard case .array(let calls) = refresh["callbacks"] else { return [] }
    return calls.map { call in
      guard case .number(let t) = call["time"], case .string(let name) = call["name"] else { return "?" }
      return String(format: "%.3f %@", t, name)
    }
  }

  @Test("EGO's full refresh at 3.5 s: one trigger, at the 1.4 s release, then the data at 3.4 s")
  func egoFullRefresh() throws {
    let got = calls(try refresh("ego", "full-refresh.json", at: 3.5))
    #expect(
      got == [
        "0.000 state normal", "0.750 state pulling", "1.400 didTriggerRefresh", "1.400 state loading",
        "3.400 dataLoaded", "3.400 state normal",
      ])
    #expect(got.filter { $0.hasSuffix("didTriggerRefresh") }.count == 1)
  }

  @Test("Only the calls so far: EGO's at 1 s has pulled but not triggered")
  func soFar() throws {
    #expect(calls(try refresh("ego", "full-refresh.json", at: 1)) == ["0.000 state normal", "0.750 state pulling"])
  }

  @Test("APL's completion handler is called once at 3 s in the full refresh, and once in the early finish")
  func aplCompletion() throws {
    let full = calls(try refresh("apl", "full-refresh.json", at: 4))
    #expect(
      full == ["1.400 startAnimating", "1.400 trigger", "3.000 completion", "3.000 stopAnimating", "3.200 finished"])
    let early = try refresh("apl", "early-finish.json", at: 2.5)
    #expect(calls(early).filter { $0.hasSuffix("completion") } == ["1.500 completion"])
    #expect(early["diagnostics"] == .array([.string("dataLoaded at 1.8 s with no refresh pending; ignored")]))
  }

  @Test("Before anything happens a freshly installed APL container has no callbacks key")
  func noneYet() throws {
    #expect(try refresh("apl", "full-refresh.json", at: 0)["callbacks"] == nil)
  }
}
