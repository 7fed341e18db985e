import Foundation

// MARK: - BenchmarkSize

/// How much each row measures. `make bench` measures in full; `make bench-short` (which CI runs) sets
/// `FLIPBOOK_BENCH_SHORT=1` and every row draws a dozen frames in one round, so a documented command cannot break
/// unnoticed. Short figures carry no verdict on speed: they are too few to mean anything.
enum BenchmarkSize {
  /// Whether this is the short run.
  static let isShort = ProcessInfo.processInfo.environment["FLIPBOOK_BENCH_SHORT"] == "1"

  /// `full` frames, or a dozen in the short run.
  static func frames(_ full: Int) -> Int { isShort ? min(full, 12) : full }

  /// `full` rounds or repetitions, or one in the short run.
  static func times(_ full: Int) -> Int { isShort ? 1 : full }
}
