import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - AtomicFileStream

/// A file written piece by piece and put in place in one step: the pieces go to a hidden temporary
/// sibling of `path` (named like `writeFileAtomically`'s), which `commit` renames over `path`. Readers see
/// the old file or the whole new one, never a partial one, and an output of any length needs the memory
/// of one piece, not of the whole file. A stream neither committed nor discarded removes its temporary
/// file when it is released.
public final class AtomicFileStream {
  public let path: String
  private let temporary: String
  private var fd: Int32

  /// Creates the temporary file beside `path`, under the run's one temporary-name pattern and registered
  /// as in flight (so an interruption removes it, and a later run removes it if this one was killed),
  /// after removing the leftovers of dead runs for the same target.
  public init(path: String) throws(FileError) {
    self.path = path
    Leftovers.remove(besideTarget: path)
    let temporary = TemporaryName.path(besideTarget: path, tag: TemporaryName.randomTag())
    self.temporary = temporary
    fd = InFlight.creating(temporary) { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) } ?? -1
    guard fd >= 0 else {
      throw .file(path: path, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
    }
  }

  deinit { discard() }

  /// Appends `bytes`; on failure the temporary file is removed and the stream cannot be used again.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    guard fd >= 0 else { throw .file(path: path, reason: "the output was already finished") }
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        discard()
        throw .file(path: path, reason: reason)
      }
      offset += n
    }
  }

  /// Appends `bytes` (a `Data` or a byte array).
  public func write(_ bytes: some ContiguousBytes) throws(FileError) {
    var failure: FileError?
    bytes.withUnsafeBytes { buffer in
      do throws(FileError) { try write(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Appends `text` as UTF-8.
  public func write(_ text: String) throws(FileError) {
    var text = text
    var failure: FileError?
    text.withUTF8 { buffer in
      do throws(FileError) { try write(UnsafeRawBufferPointer(buffer)) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Overwrites bytes already written, at `offset` from the start: for a header whose fields are known
  /// only at the end (an APNG's frame count), written over the space reserved for it.
  public func overwrite(_ bytes: [UInt8], at offset: Int) throws(FileError) {
    guard fd >= 0 else { throw .file(path: path, reason: "the output was already finished") }
    let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
    guard written == bytes.count else {
      let reason = written < 0 ? String(cString: strerror(errno)) : "short write"
      discard()
      throw .file(path: path, reason: reason)
    }
  }

  /// Closes the temporary file and renames it over `path`.
  public func commit() throws(FileError) {
    guard fd >= 0 else { throw .file(path: path, reason: "the output was already finished") }
    let closed = close(fd)
    fd = -1
    defer { InFlight.finished(temporary) }
    if closed != 0 || rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .file(path: path, reason: reason)
    }
  }

  /// Abandons the output: closes and removes the temporary file, leaving `path` as it was.
  public func discard() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unlink(temporary)
    InFlight.finished(temporary)
  }
}

// MARK: - Files

/// Writes `data` to a temporary sibling of `path` and renames it into place; removes the temporary
/// file on any failure. Every file the project writes for users (PNGs, previews, references) goes
/// through here or through `AtomicFileStream`, whose one-piece case this is, so none is ever left
/// half-written (temporary naming, `InFlight` and dead runs' `Leftovers` are the stream's).
public func writeFileAtomically(_ path: String, _ data: Data) throws(FileError) {
  let stream = try AtomicFileStream(path: path)
  try stream.write(data)
  try stream.commit()
}
