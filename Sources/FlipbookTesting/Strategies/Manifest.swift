import FlipbookJSON
import FlipbookScene
import FlipbookTiming

// MARK: - The frame manifest as text

extension Snapshotting where Value == SnapshotDocument, Format == String {
  /// The document's frame manifest as JSON text, one frame per line, in the terms of `flipbook render`'s
  /// `manifest.json`: each frame's index and time and, for a gesture script, the scroll view's state and the
  /// refresh component's state and progress. A state trace reviewed as text, line by line, without pixels.
  public static var manifest: Snapshotting { .manifest() }

  /// `.manifest` at a rate (the document's by default) over `[from, to)` (by default its whole duration).
  public static func manifest(fps: Double? = nil, from: Double = 0, to: Double? = nil) -> Snapshotting {
    Snapshotting<String, String>.lines.pullback { document in
      let loaded = try document.make()
      let steps = try FrameSteps(loaded, fps: fps, from: from, to: to)
      var frames: [String] = []
      for index in 0..<steps.count {
        let time = steps.time(ofFrame: index)
        loaded.advance(to: time)
        frames.append(ManifestText.frame(index: index, time: time, of: loaded))
      }
      let size = loaded.pixelSize
      return """
        {
          "source": \(JSONValue.quote(document.origin)),
          "fps": \(steps.period.seconds > 0 ? JSONValue.format(1 / steps.period.seconds) : "0"),
          "from": \(JSONValue.format(steps.from.seconds)),
          "frameCount": \(steps.count),
          "size": [\(size.width), \(size.height)],
          "scale": \(JSONValue.format(loaded.scale)),
          "frames": [
        \(frames.map { "    " + $0 }.joined(separator: ",\n"))
          ]
        }

        """
    }
  }
}

enum ManifestText {
  /// One frame's entry on one line.
  static func frame(index: Int, time: Rational, of document: Document) -> String {
    var fields = ["\"index\": \(index)", "\"time\": \(JSONValue.format(time.seconds))"]
    if case .script(let script) = document {
      let state = script.scrollState
      let inset = state.contentInset
      fields += [
        "\"contentOffset\": [\(numbers([state.contentOffset.x, state.contentOffset.y]))]",
        "\"contentInset\": [\(numbers([inset.top, inset.left, inset.bottom, inset.right]))]",
        "\"dragging\": \(state.dragging)", "\"decelerating\": \(state.decelerating)",
      ]
      if let refresh = script.refresh {
        fields += [
          "\"refreshState\": \(JSONValue.quote(refresh.state))",
          "\"refreshProgress\": \(JSONValue.format(refresh.progress))",
        ]
      }
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  private static func numbers(_ values: [Double]) -> String { values.map(JSONValue.format).joined(separator: ", ") }
}
