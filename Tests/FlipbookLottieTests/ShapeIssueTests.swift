import FlipbookGraphics
import FlipbookJSON
import Foundation
import Testing

@testable import FlipbookLottie

private func k(_ value: String) -> String { "{\"a\": 0, \"k\": \(value)}" }
private let rect = #"{"ty": "rc", "nm": "Rect", "p": \#(k("[50, 50]")), "s": \#(k("[40, 40]")), "r": \#(k("0"))}"#
private let fill = #"{"ty": "fl", "nm": "Fill 1", "c": \#(k("[0, 0, 0]")), "o": \#(k("100"))}"#
private let stroke = #"{"ty": "st", "nm": "Stroke 1", "c": \#(k("[0, 0, 0]")), "o": \#(k("100")), "w": \#(k("2"))}"#

@Suite("What iOS's Core Animation engine refuses is named once, with its path")
struct ShapeIssueTests {
  @Test("A trim over a filled shape (lottie-ios: trims apply to strokes only)")
  func trimOnFill() throws {
    let scene = try ShapeScene(
      #"[\#(rect), \#(fill), {"ty": "tm", "nm": "Trim Paths 1", "s": \#(k("0")), "e": \#(k("50")), "o": \#(k("0"))}]"#)
    #expect(scene.reported == ["trim paths on a filled shape (iOS trims strokes only) at Layer.Trim Paths 1"])
    #expect(scene.issues.hasUnsupportedFeatures)
  }

  @Test("An empty trim (0…100 %) over a fill is no trim and no issue")
  func emptyTrim() throws {
    let scene = try ShapeScene(
      #"[\#(rect), \#(fill), {"ty": "tm", "s": \#(k("0")), "e": \#(k("100")), "o": \#(k("30"))}]"#)
    #expect(scene.reported.isEmpty)
  }

  @Test("Animated dash lengths")
  func animatedDashes() throws {
    let dashed = #"""
      {"ty": "st", "nm": "Stroke 1", "c": \#(k("[0, 0, 0]")), "o": \#(k("100")), "w": \#(k("2")),
       "d": [{"n": "d", "v": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 10, "s": [5]}]}}, {"n": "g", "v": \#(k("3"))}]}
      """#
    let scene = try ShapeScene(#"[{"ty": "gr", "nm": "Ellipse 1", "it": [\#(rect), \#(dashed)]}]"#)
    #expect(
      scene.reported == ["animated dash pattern (iOS draws the first keyframe's dashes) at Layer.Ellipse 1.Stroke 1"])
  }

  @Test("Rounded corners on a polystar, and on paths drawn as one")
  func roundedCorners() throws {
    let star = #"""
      {"ty": "sr", "nm": "Star", "sy": 1, "p": \#(k("[50, 50]")), "or": \#(k("40")), "os": \#(k("0")),
       "ir": \#(k("20")), "is": \#(k("0")), "r": \#(k("0")), "pt": \#(k("5"))}
      """#
    let rounded = #"{"ty": "rd", "nm": "Round", "r": \#(k("5"))}"#
    let starScene = try ShapeScene(#"[\#(star), \#(fill), \#(rounded)]"#)
    #expect(starScene.reported == ["rounded corners on a star or polygon (iOS draws them sharp) at Layer.Star"])
    let path = k(#"{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0]]}"#)
    let combined = try ShapeScene(
      #"[{"ty": "gr", "nm": "Body", "it": [{"ty": "sh", "ks": \#(path)}, {"ty": "sh", "ks": \#(path)}, \#(fill), \#(rounded)]}]"#
    )
    #expect(combined.reported == ["rounded corners on paths drawn as one (iOS draws them sharp) at Layer.Body.Body"])
  }

  @Test("Animated repeater copies")
  func animatedCopies() throws {
    let repeater = #"""
      {"ty": "rp", "nm": "Repeater 1", "c": {"a": 1, "k": [{"t": 0, "s": [2]}, {"t": 10, "s": [4]}]},
       "tr": {"p": \#(k("[10, 0]"))}}
      """#
    let scene = try ShapeScene(#"[\#(rect), \#(stroke), \#(repeater)]"#)
    #expect(scene.reported == ["animated repeater copies (iOS draws the first keyframe's count) at Layer.Repeater 1"])
  }

  @Test("Merge paths are named but, as iOS draws without them too, do not make the file unsupported")
  func mergePaths() throws {
    let scene = try ShapeScene(#"[\#(rect), {"ty": "mm", "nm": "Merge Paths 1", "mm": 2}, \#(fill)]"#)
    #expect(scene.reported == ["merge paths (no iOS engine draws them) at Layer.Merge Paths 1"])
    #expect(!scene.issues.hasUnsupportedFeatures)
  }

  @Test("Bad shape items are errors naming the JSON path")
  func badInput() {
    #expect(throws: DocumentError.self) { try ShapeScene(#"[{"ty": "rc", "p": \#(k("[0, 0]"))}]"#) }
    do {
      _ = try ShapeScene(#"[{"ty": "st", "c": \#(k("[0,0,0]")), "o": \#(k("100")), "w": \#(k("1")), "lc": 7}]"#)
      Issue.record("expected an error")
    } catch let error as DocumentError {
      #expect(error.location == "$.layers[0].shapes[0].lc")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
