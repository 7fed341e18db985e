// MARK: - LottieLimits

/// The bounds a Lottie file must keep so that reading and building it takes bounded time and memory whatever the
/// file says. None comes from Lottie or lottie-ios (which sets none); each is Flipbook's choice, far above what
/// After Effects exports in practice, named here so an error can say which one was hit.
public enum LottieLimits {
  /// Highest frame rate: After Effects compositions go up to 999 fps (Adobe's "Composition settings" page), so
  /// 1000 admits every exported file.
  public static let maxFramerate = 1000.0
  /// Most frames between `ip` and `op`: 100 000 is over 27 minutes at 60 fps. Time-remapped precompositions are
  /// sampled once per frame (as lottie-ios samples them), so this also bounds that work.
  public static let maxFrameCount = 100_000.0
  /// Largest width or height of the composition, in points: a still at the file's size allocates width × height
  /// pixels, and 16384 is over twice lottie-ios's largest sample (6075 points). Precompositions only clip and
  /// allocate nothing, so they take any size (lottie-ios's samples reach 99999).
  public static let maxDimension = 16384.0
  /// Deepest nesting of precompositions: lottie-ios's samples nest at most a handful; 64 keeps the recursive
  /// build far from the stack's limit.
  public static let maxPrecompositionDepth = 64
  /// Most layers once every precomposition is expanded where it is used: each becomes a few Flipbook layers and
  /// is drawn every frame, and a file referencing one precomposition many times at every level would otherwise
  /// grow exponentially. lottie-ios's largest samples expand to a few hundred layers.
  public static let maxExpandedLayers = 20_000
}
