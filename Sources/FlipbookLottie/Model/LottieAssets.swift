// MARK: - LottiePrecomposition

/// A precomposition asset (`assets[]` with `layers`): a composition that precomp layers show.
public struct LottiePrecomposition {
  /// Its id (`id`), which precomp layers reference with `refId`.
  public var id: String
  /// Its layers, front to back as in the file.
  public var layers: [LottieLayer]
  /// Where in the file it was read.
  public var path: String
}
