import Foundation
import Testing

@testable import FlipbookSupport

/// `SafeFile.read` refuses every input that is not a regular file by its type, without blocking, and
/// anything past its size limit without reading it.
@Suite("SafeFile")
struct SafeFileTests {
  let dir: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-safefile-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { (dir as NSString).appendingPathComponent(name) }

  func refusal(_ path: String, kind: SafeFile.Kind = .image) -> FileError? {
    do {
      _ = try SafeFile.read(path, kind: kind)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsARegularFileWhole() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path("a.bin")))
    #expect(try SafeFile.read(path("a.bin"), kind: .document) == bytes)
    try Data().write(to: URL(fileURLWithPath: path("empty")))
    #expect(try SafeFile.read(path("empty"), kind: .document) == [])
  }

  @Test func aFIFOIsRefusedAtOnceByItsType() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let started = Date()
    #expect(refusal(fifo, kind: .document) == .file(path: fifo, reason: "is a FIFO, not a regular file"))
    #expect(Date().timeIntervalSince(started) < 1)
  }

  @Test func aDeviceAndASymlinkToItAreRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(refusal("/dev/zero") == .file(path: "/dev/zero", reason: "is a character device, not a regular file"))
    let link = path("zero.png")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
    #expect(refusal(link) == .file(path: link, reason: "is a character device, not a regular file"))
  }

  @Test func aFolderIsRefused() {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(refusal(dir) == .file(path: dir, reason: "is a folder, not a regular file"))
  }

  @Test func aSocketIsRefusedByItsType() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let socketPath = path("s")
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in socketPath.utf8.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    #expect(refusal(socketPath) == .file(path: socketPath, reason: "is a socket, not a regular file"))
  }

  @Test func aSparseFilePastTheLimitIsRefusedWithoutReadingIt() throws {
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let big = path("big.json")
    let fd = open(big, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(fd, off_t(SafeFile.maxDocumentBytes + 1)) == 0)
    close(fd)
    #expect(
      refusal(big, kind: .document)
        == .file(path: big, reason: "is larger than the 64 MB limit for documents, refused before reading"))
    // Exactly at the limit is allowed for images, which have the larger one.
    let image = path("big.png")
    let imageFD = open(image, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(imageFD, off_t(SafeFile.maxImageBytes + 1)) == 0)
    close(imageFD)
    #expect(
      refusal(image) == .file(path: image, reason: "is larger than the 256 MB limit for images, refused before reading")
    )
  }

  @Test func aMissingFileSaysSo() {
    #expect(refusal("/nonexistent/x.png") == .file(path: "/nonexistent/x.png", reason: "no such file"))
  }
}
