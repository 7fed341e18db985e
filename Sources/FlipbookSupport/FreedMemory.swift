import CFlipbookFiles

// MARK: - FreedMemory

/// How the process's allocator treats freed memory, set once at start-up by the executables.
public enum FreedMemory {
  /// Blocks up to this size come from the allocator's heaps instead of their own `mmap`: 32 MiB, glibc's
  /// largest (`DEFAULT_MMAP_THRESHOLD_MAX` on 64-bit), so a frame of 4096 x 2048 pixels still qualifies.
  static let largestHeapBlock: Int32 = 32 << 20
  /// Freed memory at a heap's top is handed back to the kernel only beyond this much.
  static let keptAtTop: Int32 = 64 << 20

  /// Keeps freed frame-sized blocks for the next frame instead of returning them to the kernel.
  ///
  /// A frame's pixels (2.4 MB at 640x960) and a PNG's inflated rows are larger than glibc's default
  /// thresholds, so, on worker threads, every frame decoded or drawn was mapped fresh, its pages faulted
  /// in and zeroed by the kernel, and unmapped again: `flipbook diff` of 270 changed frames spent 1.25 s
  /// in the kernel against 0.73 s of its own work. With these settings (mallopt(3): `M_MMAP_THRESHOLD`,
  /// `M_TRIM_THRESHOLD`) the blocks are reused and that time is gone. Peak memory is what the process
  /// holds at once, as before; only returning it early is given up.
  /// Returns whether glibc took both settings.
  @discardableResult
  public static func keepForReuse() -> Bool {
    fb_keep_freed_memory(largestHeapBlock, keptAtTop) == 1
  }
}
