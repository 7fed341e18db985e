// MARK: - LottieIssueLog

/// Collects the issues met while building one animation: one entry per feature and layer path, in the order
/// first met, never more than once (so a file with ten thousand expressions says so in one line per layer).
public final class LottieIssueLog: @unchecked Sendable {
  private var seen: Set<LottieIssue> = []
  /// The issues in the order they were first reported.
  public private(set) var issues: [LottieIssue] = []

  /// An empty log.
  public init() {}

  /// Records `feature` at `layerPath` unless it is already recorded there.
  public func report(_ feature: String, at layerPath: [String], kind: LottieIssue.Kind = .unsupported) {
    let issue = LottieIssue(feature: feature, layerPath: layerPath, kind: kind)
    guard seen.insert(issue).inserted else { return }
    issues.append(issue)
  }

  /// Whether any issue counts for the verdict (lottie-ios would call the file unsupported).
  public var hasUnsupportedFeatures: Bool { issues.contains { $0.kind == .unsupported } }
}
