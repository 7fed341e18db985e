import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - LottieTextDocument

/// A text layer's text data (`t`): its document keyframes (`d.k`) and how many text animators it has (`a`), as
/// lottie-ios reads them (`TextLayerModel`, `TextDocument`, Sources/Private/Model/Text/TextDocument.swift, 4.6.1).
/// Its Core Animation engine draws the first document only and no animators; the builder reports the rest.
public struct LottieTextDocument: Sendable {
  /// The document keyframes, in time order; never empty.
  public var keyframes: [(frame: Double, value: LottieTextValue)]
  /// The number of text animators (`a`), which iOS does not draw.
  public var animatorCount: Int
  /// Whether a text path (`p.m`) or "more options" (`m`) group asks for what iOS does not draw.
  public var hasTextPath: Bool

  /// Decodes a text layer's `t`; the document (`d`) with at least one keyframe is required.
  static func decode(_ cursor: JSONCursor) throws(DocumentError) -> LottieTextDocument {
    try cursor.requireObject()
    let documents = try cursor.required("d")
    let k = try documents.required("k")
    var keyframes: [(frame: Double, value: LottieTextValue)] = []
    for item in try k.array() {
      try item.requireObject()
      let frame = try item.number("t", default: 0)
      if let previous = keyframes.last, frame < previous.frame {
        throw item.error("text keyframes go backwards in time (\(frame) after \(previous.frame))")
      }
      keyframes.append((frame, try LottieTextValue(decoding: try item.required("s"))))
    }
    guard !keyframes.isEmpty else { throw k.error("a text layer needs at least one text document") }
    let animators = try cursor.member("a")?.array().count ?? 0
    let path = cursor.member("p")
    return LottieTextDocument(keyframes: keyframes, animatorCount: animators, hasTextPath: path?.member("m") != nil)
  }
}

// MARK: - LottieTextValue

/// One text document (`t.d.k[].s`).
public struct LottieTextValue: Sendable, Equatable {
  /// How lines are aligned (`j`).
  public enum Justification: Int, Sendable {
    /// 0: left.
    case left = 0
    /// 1: right.
    case right = 1
    /// 2: centre.
    case center = 2
    /// 3…6: justified, with the last line left/right/centre/full; lottie-ios aligns these as "natural" (left).
    case justifyLastLineLeft = 3, justifyLastLineRight = 4, justifyLastLineCenter = 5, justifyLastLineFull = 6
  }

  /// The text (`t`); lines end with `\r` (After Effects' paragraph separator) or `\n`.
  public var text: String
  /// The font's name (`f`), matching `fonts.list[].fName`.
  public var fontName: String
  /// The size in points (`s`).
  public var fontSize: Double
  /// Alignment (`j`).
  public var justification: Justification
  /// Tracking in thousandths of an em (`tr`).
  public var tracking: Double
  /// Baseline-to-baseline distance in points (`lh`), 0 when absent.
  public var lineHeight: Double
  /// Baseline shift (`ls`).
  public var baselineShift: Double?
  /// Fill colour (`fc`); no fill when absent.
  public var fillColor: Color?
  /// Stroke colour (`sc`).
  public var strokeColor: Color?
  /// Stroke width (`sw`).
  public var strokeWidth: Double?
  /// Whether the stroke is drawn over the fill (`of`).
  public var strokeOverFill: Bool
  /// The text box's position (`ps`), when the text is boxed.
  public var boxPosition: CGPoint?
  /// The text box's size (`sz`), when the text is boxed (it then wraps to the box's width).
  public var boxSize: CGSize?

  /// Decodes a document; `t`, `f`, `s` and `j` are required as lottie-ios requires them.
  init(decoding cursor: JSONCursor) throws(DocumentError) {
    try cursor.requireObject()
    text = try cursor.required("t").string()
    fontName = try cursor.required("f").string()
    fontSize = try cursor.required("s").number(in: 0...100_000)
    let j = try cursor.required("j")
    guard let justification = Justification(rawValue: try j.integer(in: 0...6)) else {
      throw j.error("unknown justification")
    }
    self.justification = justification
    tracking = try cursor.number("tr", default: 0)
    lineHeight = try cursor.number("lh", default: 0)
    baselineShift = try cursor.member("ls")?.number()
    fillColor = try cursor.member("fc").map { (c: JSONCursor) throws(DocumentError) in try Color.decodeLottie(c) }
    strokeColor = try cursor.member("sc").map { (c: JSONCursor) throws(DocumentError) in try Color.decodeLottie(c) }
    strokeWidth = try cursor.member("sw")?.number()
    strokeOverFill = try cursor.flag("of")
    boxPosition = try cursor.member("ps").map { (c: JSONCursor) throws(DocumentError) in
      try LottieVector.decodeLottie(c).point
    }
    boxSize = try cursor.member("sz").map { (c: JSONCursor) throws(DocumentError) in
      try LottieVector.decodeLottie(c).size
    }
  }

  /// The text's lines, split at After Effects' `\r` and at `\n` (and `\r\n` once).
  public var lines: [String] {
    text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\r", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map(String.init)
  }
}
