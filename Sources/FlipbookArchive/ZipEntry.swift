// One entry of a zip archive's central directory, as declared.

/// An entry as the archive's central directory declares it. The sizes are claims, checked against
/// ``ArchiveLimits`` when the archive is opened and again while the entry inflates.
public struct ZipEntry: Sendable, Equatable {
  /// The entry's position in the central directory, from 0.
  public let index: Int
  /// Its name: a relative path with `/` separators, already checked against path traversal. Folders end
  /// with `/`.
  public let name: String
  /// The uncompressed size the directory declares.
  public let declaredSize: Int
  /// The compressed size the directory declares: the bytes libzip reads for this entry.
  public let compressedSize: Int
  /// The zip compression method (0 stored, 8 deflated; others are listed but refused when read).
  public let compressionMethod: Int
  /// The zip encryption method, 0 when the entry is not encrypted (encrypted entries are refused when read).
  public let encryptionMethod: Int

  /// Whether the entry is a folder (its name ends with `/`), which holds no bytes.
  public var isFolder: Bool { name.hasSuffix("/") }

  /// The entry as errors name it: its index and its name, quoted.
  var label: String { "\(index) \"\(name)\"" }
}
