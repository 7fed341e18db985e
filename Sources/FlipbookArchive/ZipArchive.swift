// A zip archive read from bytes through libzip, with limits that make a hostile archive harmless.
import CZip
import Foundation

/// A zip archive opened from bytes in memory (libzip's buffer source: nothing touches the file system).
/// Opening reads the central directory and checks every entry against ``ArchiveLimits`` and the name rules
/// (no path traversal, absolute path, backslash or control character); reading an entry inflates it while
/// counting the bytes, so an entry that inflates past its declared size, the per-entry or total limit, or the
/// compression ratio stops with an ``ArchiveError`` as soon as it does, whatever its header says.
///
/// Only stored and deflated entries are read (the methods zip writers use for dotLottie); an encrypted entry or
/// another method is refused by name. Not thread-safe: one archive is read by one task at a time.
public final class ZipArchive {
  /// Every entry, in central-directory order.
  public let entries: [ZipEntry]
  /// The limits this archive was opened with.
  public let limits: ArchiveLimits
  /// The bytes inflated from this archive so far, counted against ``ArchiveLimits/maxTotalSize``.
  public private(set) var bytesInflated = 0

  private let handle: OpaquePointer
  private let entriesByName: [String: ZipEntry]
  /// zip_fread's chunk: small enough that a refused entry costs little memory past its limit.
  private static let readChunk = 64 << 10

  /// Opens the archive in `data` and checks its directory against `limits`.
  public init(_ data: Data, limits: ArchiveLimits = .dotLottie) throws(ArchiveError) {
    guard !data.isEmpty else { throw ArchiveError("not a zip archive (no bytes)") }
    self.limits = limits
    handle = try Self.open(data)
    do throws(ArchiveError) {
      entries = try Self.directory(handle, limits: limits)
      if let index = StoredNames.firstWithNUL(in: data) {
        let shown = entries.indices.contains(index) ? " " + quoted(entries[index].name) : ""
        throw ArchiveError(entry: "\(index)\(shown)", "the name holds a NUL byte")
      }
    } catch {
      zip_discard(handle)
      throw error
    }
    entriesByName = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  deinit { zip_discard(handle) }

  /// The entry named exactly `name`, if the archive has one.
  public func entry(named name: String) -> ZipEntry? { entriesByName[name] }

  /// The bytes of the entry named `name`; an error names it when the archive has no such entry.
  public func read(named name: String) throws(ArchiveError) -> Data {
    guard let entry = entriesByName[name] else { throw ArchiveError(entry: "\"\(name)\"", "no such entry") }
    return try read(entry)
  }

  /// The inflated bytes of `entry`, checked as they inflate: past the declared size, the per-entry size, what
  /// remains of the total, or the compression ratio, it stops with an error naming the entry. libzip checks
  /// the CRC-32 at the end.
  public func read(_ entry: ZipEntry) throws(ArchiveError) -> Data {
    let label = entry.label
    guard entry.encryptionMethod == 0 else {
      throw ArchiveError(
        entry: label, "is encrypted (\(Self.encryptionName(entry.encryptionMethod))); encrypted entries are not read")
    }
    guard entry.compressionMethod == 0 || entry.compressionMethod == Int(ZIP_CM_DEFLATE) else {
      throw ArchiveError(
        entry: label,
        "uses compression method \(entry.compressionMethod) (\(Self.methodName(entry.compressionMethod))); only stored (0) and deflated (8) entries are read"
      )
    }
    guard let file = zip_fopen_index(handle, zip_uint64_t(entry.index), 0) else {
      throw ArchiveError(entry: label, "cannot be opened: \(Self.message(zip_get_error(handle)))")
    }
    defer { zip_fclose(file) }
    let remaining = limits.maxTotalSize - bytesInflated
    let ratioCeiling = max(
      limits.ratioExemptSize,
      entry.compressedSize.multipliedReportingOverflow(
        by: limits.maxCompressionRatio
      ).partialValue)
    var result = Data()
    result.reserveCapacity(min(entry.declaredSize, Self.readChunk))
    var chunk = [UInt8](repeating: 0, count: Self.readChunk)
    while true {
      let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
      if count < 0 { throw ArchiveError(entry: label, "cannot be inflated: \(Self.message(zip_file_get_error(file)))") }
      if count == 0 { break }
      let total = result.count + Int(count)
      if total > entry.declaredSize {
        throw ArchiveError(
          entry: label,
          "inflates past the \(entry.declaredSize) bytes its header declares (a zip bomb, or a damaged archive)")
      }
      if total > limits.maxEntrySize {
        throw ArchiveError(entry: label, "inflates past \(limits.maxEntrySize) bytes, the most one entry may hold")
      }
      if total > remaining {
        throw ArchiveError(
          entry: label, "inflates past \(limits.maxTotalSize) bytes read from this archive, the most it may give")
      }
      if total > ratioCeiling {
        throw ArchiveError(
          entry: label,
          "inflates past \(limits.maxCompressionRatio) times its \(entry.compressedSize) compressed bytes (a zip bomb)")
      }
      chunk.withUnsafeBytes { result.append(contentsOf: $0.prefix(Int(count))) }
    }
    if result.count != entry.declaredSize {
      throw ArchiveError(
        entry: label, "inflates to \(result.count) bytes, not the \(entry.declaredSize) its header declares")
    }
    bytesInflated += result.count
    return result
  }

  // MARK: Opening

  /// libzip's archive on a private copy of the bytes, which libzip frees with the archive.
  private static func open(_ data: Data) throws(ArchiveError) -> OpaquePointer {
    guard let buffer = malloc(data.count) else { throw ArchiveError("cannot allocate \(data.count) bytes") }
    data.withUnsafeBytes { _ = memcpy(buffer, $0.baseAddress!, data.count) }
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let source = zip_source_buffer_create(buffer, zip_uint64_t(data.count), 1, &error) else {
      free(buffer)
      throw ArchiveError("cannot be read: \(message(&error))")
    }
    // Without ZIP_CHECKCONS: its stricter checks refuse archives macOS's Archive Utility writes (local
    // headers followed by data descriptors), such as lottie-ios's `multiple_animations.lottie`; libzip still
    // checks each local header against the directory when an entry is opened, and the CRC when it is read.
    guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip_source_free(source)
      throw ArchiveError(openFailure(&error))
    }
    return archive
  }

  /// Why libzip refused to open the bytes, said for a reader of dotLottie files.
  private static func openFailure(_ error: UnsafeMutablePointer<zip_error_t>) -> String {
    switch zip_error_code_zip(error) {
    case ZIP_ER_NOZIP: "not a zip archive (no end of central directory: not a zip, or truncated)"
    case ZIP_ER_MULTIDISK: "split over several disks, which is not read"
    case ZIP_ER_INCONS: "inconsistent (\(message(error))): damaged or truncated"
    default: "cannot be read: \(message(error))"
    }
  }

  /// The central directory, each entry checked against the name rules and the declared limits.
  private static func directory(_ archive: OpaquePointer, limits: ArchiveLimits) throws(ArchiveError) -> [ZipEntry] {
    let count = Int(zip_get_num_entries(archive, 0))
    guard count <= limits.maxEntryCount else {
      throw ArchiveError("lists \(count) entries, more than the \(limits.maxEntryCount) allowed")
    }
    var entries: [ZipEntry] = []
    var declaredTotal = 0
    var names: Set<String> = []
    for index in 0..<count {
      var stat = zip_stat_t()
      zip_stat_init(&stat)
      guard zip_stat_index(archive, zip_uint64_t(index), 0, &stat) == 0 else {
        throw ArchiveError(entry: "\(index)", "cannot be listed: \(message(zip_get_error(archive)))")
      }
      let name = try checkedName(archive, index: index, limits: limits)
      guard names.insert(name).inserted else {
        throw ArchiveError(
          entry: "\(index) \(quoted(name))", "an earlier entry has the same name (which one is meant?)")
      }
      let entry = ZipEntry(
        index: index, name: name, declaredSize: Int(clamping: stat.size), compressedSize: Int(clamping: stat.comp_size),
        compressionMethod: Int(stat.comp_method), encryptionMethod: Int(stat.encryption_method))
      if entry.declaredSize > limits.maxEntrySize {
        throw ArchiveError(
          entry: entry.label,
          "declares \(entry.declaredSize) bytes, more than the \(limits.maxEntrySize) one entry may hold")
      }
      if entry.declaredSize > limits.ratioExemptSize,
        entry.declaredSize / max(entry.compressedSize, 1) >= limits.maxCompressionRatio
      {
        throw ArchiveError(
          entry: entry.label,
          "declares \(entry.declaredSize) bytes from \(entry.compressedSize) compressed, more than \(limits.maxCompressionRatio) times (a zip bomb)"
        )
      }
      declaredTotal += entry.declaredSize
      if declaredTotal > limits.maxTotalSize {
        throw ArchiveError(
          "declares more than \(limits.maxTotalSize) bytes in all (by entry \(entry.label)), the most an archive may hold"
        )
      }
      entries.append(entry)
    }
    return entries
  }

  /// The entry's name, refused unless it is UTF-8 as stored (libzip's guess converts a legacy code page, so
  /// the raw and converted names must agree) and a plain relative path.
  private static func checkedName(_ archive: OpaquePointer, index: Int, limits: ArchiveLimits) throws(ArchiveError)
    -> String
  {
    guard let converted = zip_get_name(archive, zip_uint64_t(index), ZIP_FL_ENC_GUESS),
      let raw = zip_get_name(archive, zip_uint64_t(index), ZIP_FL_ENC_RAW)
    else { throw ArchiveError(entry: "\(index)", "has no name: \(message(zip_get_error(archive)))") }
    let name = String(cString: converted)
    guard let rawName = String(validatingCString: raw), rawName == name else {
      throw ArchiveError(entry: "\(index) \(quoted(name))", "the name is not UTF-8")
    }
    if let problem = EntryName.problem(name, maxLength: limits.maxNameLength) {
      let shown = name.utf8.count > 80 ? String(name.prefix(80)) + "…" : name
      throw ArchiveError(entry: "\(index) \(quoted(shown))", problem)
    }
    return name
  }

  // MARK: Words

  private static func message(_ error: UnsafeMutablePointer<zip_error_t>) -> String {
    String(cString: zip_error_strerror(error))
  }

  /// The usual name of a zip compression method (APPNOTE.TXT 4.4.5).
  static func methodName(_ method: Int) -> String {
    switch method {
    case 0: "stored"
    case 8: "deflate"
    case 9: "deflate64"
    case 12: "bzip2"
    case 14: "LZMA"
    case 93: "Zstandard"
    case 95: "XZ"
    case 98: "PPMd"
    case 99: "AES-encrypted"
    default: "unknown"
    }
  }

  /// The name of a libzip encryption method (`ZIP_EM_*`).
  static func encryptionName(_ method: Int) -> String {
    switch method {
    case Int(ZIP_EM_TRAD_PKWARE): "traditional PKWARE encryption"
    case Int(ZIP_EM_AES_128): "WinZip AES-128"
    case Int(ZIP_EM_AES_192): "WinZip AES-192"
    case Int(ZIP_EM_AES_256): "WinZip AES-256"
    default: "encryption method \(method)"
    }
  }
}

/// A name quoted for an error line, with control characters escaped so the line stays one line.
func quoted(_ name: String) -> String {
  var out = "\""
  for scalar in name.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
