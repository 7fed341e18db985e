// What went wrong reading a zip archive, and in which entry.

/// A zip archive that cannot be read, or an entry that is refused: one line saying what, and which entry
/// (by its name as the archive spells it, or its index where the name itself is the problem).
public struct ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The entry at fault (`entry 3 "images/img_0.png"`), or nil when the archive as a whole is at fault.
  public let entry: String?
  /// What is wrong, in words the archive's author acts on.
  public let message: String

  /// An error in the archive as a whole (`entry` nil), or in one entry.
  public init(entry: String? = nil, _ message: String) {
    self.entry = entry
    self.message = message
  }

  /// `zip entry "a/x.json": …`, or `zip archive: …`.
  public var description: String { entry.map { "zip entry \($0): \(message)" } ?? "zip archive: \(message)" }
}
