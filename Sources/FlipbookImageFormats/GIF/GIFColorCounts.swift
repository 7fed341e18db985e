import CFlipbook
import FlipbookGraphics

// MARK: - GIFColorCounts

/// How often each distinct prepared pixel occurs (see `GIFFrames.prepare`), in the order the colours
/// were first seen: CFlipbook's `fb_color_counts`. A frame's counts are made on the worker that
/// decoded it and merged into the animation's in frame order, so the merged counts, and the palette
/// chosen from them, are the same for any number of workers.
///
/// `@unchecked Sendable`: a table is filled on one thread and then handed over, never shared.
final class GIFColorCounts: @unchecked Sendable {
  let table: OpaquePointer

  init() throws(GraphicsError) {
    guard let table = fb_color_counts_create() else { throw .gifEncode(reason: "out of memory counting colours") }
    self.table = table
  }

  /// The counts of one region's pixels.
  convenience init(_ pixels: [UInt32]) throws(GraphicsError) {
    try self.init()
    try add(pixels)
  }

  deinit { fb_color_counts_destroy(table) }

  func add(_ pixels: [UInt32]) throws(GraphicsError) {
    let status = pixels.withUnsafeBufferPointer { fb_color_counts_add(table, $0.baseAddress, $0.count) }
    guard status == 0 else { throw .gifEncode(reason: "out of memory counting colours") }
  }

  /// Adds `other`'s colours and counts, its new colours after this table's.
  func merge(_ other: GIFColorCounts) throws(GraphicsError) {
    guard fb_color_counts_merge(table, other.table) == 0 else {
      throw .gifEncode(reason: "out of memory counting colours")
    }
  }

  /// The number of distinct colours.
  var count: Int { fb_color_counts_size(table) }

  /// The distinct colours and how often each occurred, first seen first.
  var entries: [(color: UInt32, count: UInt64)] {
    (0..<count).map { index in
      var value: UInt32 = 0
      var occurrences: UInt64 = 0
      fb_color_counts_entry(table, index, &value, &occurrences)
      return (value, occurrences)
    }
  }
}
