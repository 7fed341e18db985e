// The limits a zip archive read from untrusted bytes must stay within.

/// How much a zip archive may hold and cost to read. Every limit is checked against what the central
/// directory declares when the archive is opened, and the sizes again against the bytes actually inflated,
/// since a hostile archive can declare one size and inflate to another.
///
/// The defaults (``dotLottie``) are chosen from lottie-ios's dotLottie samples (lottie-ios 4.6.1,
/// `Tests/Samples/DotLottie/*.lottie`), measured: at most 10 entries (`multiple_animations.lottie`, with its
/// `__MACOSX` companions), the largest entry 852,693 bytes (a PNG in `animation_inline_image.lottie`), at most
/// 984,423 bytes uncompressed in one archive, names of at most 50 bytes, and a compression ratio of at most
/// 23:1 (`animations/2.json`); zlib's level 9 compresses none of lottie-ios's 202 JSON samples better than 28:1.
/// Each default leaves ample room above those figures, and keeps a hostile archive to a few hundred
/// megabytes of work at most.
public struct ArchiveLimits: Sendable, Equatable {
  /// The most entries an archive may list. Default 1,000: a hundred times the samples' 10, room for an
  /// image-sequence animation with hundreds of frames, while a directory of millions of entries is refused
  /// before any is looked at.
  public var maxEntryCount: Int
  /// The most bytes one entry may inflate to. Default 64 MiB: 75 times the largest sample entry, above the
  /// largest Lottie JSON lottie-ios tests (`Issues/issue_1403.json`, over 4 MiB) and a 4096×4096 PNG.
  public var maxEntrySize: Int
  /// The most bytes all the entries read from one archive may inflate to together. Default 256 MiB: the
  /// memory a dotLottie may make a reader hold at once.
  public var maxTotalSize: Int
  /// The largest ratio of inflated to compressed bytes an entry may have once it inflates past
  /// ``ratioExemptSize``. Default 200: seven times the best ratio zlib reaches on any lottie-ios sample
  /// (28:1), and far below deflate's own maximum (about 1032:1) that zip bombs use.
  public var maxCompressionRatio: Int
  /// Entries inflating to at most this many bytes are exempt from the ratio: a small file of repeated bytes
  /// compresses better than 200:1 and costs nothing to read. Default 1 MiB.
  public var ratioExemptSize: Int
  /// The longest entry name, in bytes. Default 1,024: twenty times the samples' longest (a 36-character
  /// UUID under `animations/`), and ample for any path a dotLottie holds.
  public var maxNameLength: Int

  /// Limits for dotLottie archives (see the type's documentation for where each number comes from).
  public static let dotLottie = ArchiveLimits(
    maxEntryCount: 1_000, maxEntrySize: 64 << 20, maxTotalSize: 256 << 20, maxCompressionRatio: 200,
    ratioExemptSize: 1 << 20, maxNameLength: 1_024)

  /// Limits given one by one; ``dotLottie`` holds the defaults.
  public init(
    maxEntryCount: Int, maxEntrySize: Int, maxTotalSize: Int, maxCompressionRatio: Int, ratioExemptSize: Int,
    maxNameLength: Int
  ) {
    self.maxEntryCount = maxEntryCount
    self.maxEntrySize = maxEntrySize
    self.maxTotalSize = maxTotalSize
    self.maxCompressionRatio = maxCompressionRatio
    self.ratioExemptSize = ratioExemptSize
    self.maxNameLength = maxNameLength
  }
}
