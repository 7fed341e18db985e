// MARK: - LottieIssue

/// Something in a Lottie file that Flipbook draws differently from the file's intent because iOS does too
/// (expressions, merge paths, effects, luma-inverted mattes…): named once per feature and layer, never dropped
/// silently. `flipbook inspect` lists them; `--strict` turns them into an error.
public struct LottieIssue: Hashable, Sendable, CustomStringConvertible {
  /// Whether iOS itself refuses the feature or just draws without it.
  public enum Kind: String, Hashable, Sendable {
    /// lottie-ios's Core Animation engine reports it as a compatibility issue: the verdict is "unsupported".
    case unsupported
    /// iOS ignores it silently (mask modes it maps to others, effects other than drop shadows): named in the
    /// warning and in `inspect`, but the file is still "drawn as iOS draws it".
    case ignored
  }

  /// What is not drawn as the file asks ("expressions", "merge paths", "layer type 7").
  public let feature: String
  /// The names from the root to the layer where it occurs (`["Precomp 1", "Circle"]`); empty for the whole file.
  public let layerPath: [String]
  /// Whether it counts for the verdict.
  public let kind: Kind

  /// An issue with `feature` at `layerPath`.
  public init(feature: String, layerPath: [String], kind: Kind = .unsupported) {
    self.feature = feature
    self.layerPath = layerPath
    self.kind = kind
  }

  /// The layer path as dot-separated names, the form dynamic-property keypaths use; "(root)" when empty.
  public var location: String { layerPath.isEmpty ? "(root)" : layerPath.joined(separator: ".") }

  /// `feature at Layer.Path`.
  public var description: String { "\(feature) at \(location)" }
}
