#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - SafeFile

/// The one way Flipbook reads an input file whole: documents, manifests, images and frames. It opens
/// without blocking (a FIFO with no writer would otherwise hang the open), refuses anything but a
/// regular file by its type (a FIFO, a device such as /dev/zero, a socket or a folder), and reads at
/// most a size limit, so no input can hang the process or read it out of memory.
public enum SafeFile {
  /// Documents and manifests: the largest real scene is a few hundred kilobytes; 64 MB leaves room for
  /// embedded paths while keeping the parsed tree well inside the memory budget.
  public static let maxDocumentBytes = 64 << 20
  /// Images (PNG, APNG, GIF, frames): an image at `ImageLimits.maxPixels` as ARGB is 256 MB, and no
  /// compressed file of an allowed image needs to be larger.
  public static let maxImageBytes = 256 << 20

  /// What an input is, for the limit's wording ("the 64 MB limit for documents").
  public enum Kind: String, Sendable {
    case document = "documents"
    case image = "images"

    /// The most bytes an input of this kind may hold.
    public var limit: Int { self == .document ? SafeFile.maxDocumentBytes : SafeFile.maxImageBytes }
  }

  /// Reads the whole of `path`, a regular file of at most `kind.limit` bytes. Errors are `.file` naming
  /// the path: errno's wording, the file's type when it is not a regular file, or the limit passed.
  public static func read(_ path: String, kind: Kind) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else {
      let code = errno
      // open(2) gives ENXIO for a socket; say what the file is rather than "no such device".
      var status = stat()
      if stat(path, &status) == 0, let type = typeName(status.st_mode) { throw notRegular(path, type) }
      throw .file(path: path, reason: openFailure(code))
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
    if let type = typeName(status.st_mode) { throw notRegular(path, type) }
    let limit = kind.limit
    if Int(status.st_size) > limit { throw tooLarge(path, kind: kind) }
    // Read one byte past the limit, so a file that grew after fstat is still refused, not cut short.
    var result = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while true {
      if count == result.count {
        guard result.count <= limit else { throw tooLarge(path, kind: kind) }
        result.append(contentsOf: repeatElement(0, count: min(max(result.count, 1 << 16), limit + 1 - result.count)))
      }
      let n = result.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .file(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      count += n
    }
    if count > limit { throw tooLarge(path, kind: kind) }
    result.removeSubrange(count...)
    return result
  }

  /// Why open(2) failed, in the short words the project's messages use for the common cases.
  static func openFailure(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    default: String(cString: strerror(code))
    }
  }

  /// The name of a file type that is not a regular file, or nil for a regular file.
  static func typeName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a folder"
    default: "a special file"
    }
  }

  private static func notRegular(_ path: String, _ type: String) -> FileError {
    .file(path: path, reason: "is \(type), not a regular file")
  }

  private static func tooLarge(_ path: String, kind: Kind) -> FileError {
    .file(
      path: path, reason: "is larger than the \(kind.limit >> 20) MB limit for \(kind.rawValue), refused before reading"
    )
  }
}
