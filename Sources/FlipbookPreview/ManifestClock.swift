import FlipbookJSON
import FlipbookTiming

// MARK: - ManifestClock

/// Each frame's exact time, read back from a manifest: `from + index/fps` when the manifest has them
/// (`flipbook render` writes both, a rate or start that six decimals cannot write as a fraction string
/// such as `"1/3"`), else the frame's decimal `time` taken as written.
///
/// The decimal times are rounded to six places (`0.016667`), so previews built on them drift by
/// milliseconds: delays of 17/1000 s instead of 1/60 s. The index keeps the time exact.
struct ManifestClock {
  /// The manifest's `fps`, if it has one.
  let rate: Rational?
  /// The manifest's `from`, if it has one.
  let start: Rational?
  let path: String

  init(_ manifest: JSONValue, path: String) throws(PreviewError) {
    self.path = path
    rate = try Self.exact(manifest["fps"], key: "fps", path: path)
    start = try Self.exact(manifest["from"], key: "from", path: path)
    if let rate, rate <= .zero {
      throw PreviewError("\(path): \"fps\" must be positive (got \(rate))")
    }
  }

  /// Frame `position`'s time, from its `index` when the manifest has a clock, else from its `time`.
  func time(of entry: JSONValue, at position: Int) throws(PreviewError) -> Rational {
    if let rate, let start, case .number(let index)? = entry["index"] {
      guard let whole = Int(exactly: index), whole >= 0 else {
        throw PreviewError("\(path): frames[\(position)].index must be a whole number (got \(JSONValue.format(index)))")
      }
      let exact = start + (Rational(whole) / rate ?? .zero)
      // The decimal time beside the index is the same instant to six places; one that is not says the
      // manifest was edited or damaged, and which of the two is right cannot be told.
      if case .number(let time)? = entry["time"], !(abs(time - exact.seconds) <= 1e-6) {
        throw PreviewError(
          "\(path): frames[\(position)].time \(JSONValue.format(time)) is not from + index/fps = "
            + "\(JSONValue.format(exact.seconds)); the manifest is inconsistent")
      }
      return exact
    }
    guard case .number(let time)? = entry["time"], let exact = Rational(decimal: time) else {
      throw PreviewError("\(path): frames[\(position)].time must be a finite number")
    }
    return exact
  }

  /// A number, or a fraction string such as "2997/100".
  private static func exact(_ value: JSONValue?, key: String, path: String) throws(PreviewError) -> Rational? {
    switch value {
    case nil, .null?: return nil
    case .number(let number)?:
      guard let exact = Rational(decimal: number) else {
        throw PreviewError("\(path): \"\(key)\" must be a finite number")
      }
      return exact
    case .string(let text)?:
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), let exact = Rational(n, d) else {
        throw PreviewError("\(path): \"\(key)\" must be a number or a fraction such as \"1/3\" (got \"\(text)\")")
      }
      return exact
    default:
      throw PreviewError("\(path): \"\(key)\" must be a number")
    }
  }
}
