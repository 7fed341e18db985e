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
  /// Largest width or height of the composition or a precomposition, in points: 8192 is twice a 4K frame; a
  /// still of the file's size at scale 2 then stays within 16384² pixels.
  public static let maxDimension = 8192.0
  /// Deepest nesting of precompositions: lottie-ios's samples nest at most a handful; 64 keeps the recursive
  /// build far from the stack's limit.
  public static let maxPrecompositionDepth = 64
  /// Most layers once every precomposition is expanded where it is used: each becomes a few Flipbook layers and
  /// is drawn every frame, and a file referencing one precomposition many times at every level would otherwise
  /// grow exponentially. lottie-ios's largest samples expand to a few hundred layers.
  public static let maxExpandedLayers = 20_000
}
