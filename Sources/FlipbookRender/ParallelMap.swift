import FlipbookGraphics

// MARK: - timedParallelMap

/// `parallelMap`, with the seconds each item took on its thread, for the pipeline's stage figures.
func timedParallelMap<R>(count: Int, jobs: Int, _ body: @Sendable (Int) -> R) -> [(value: R, seconds: Double)] {
  parallelMap(count: count, jobs: jobs) { index in
    let watch = Stopwatch()
    let value = body(index)
    return (value, watch.seconds)
  }
}
