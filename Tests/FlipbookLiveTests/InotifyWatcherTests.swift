import Foundation
import Testing

@testable import FlipbookLive

/// The watcher on real folders: saves the way editors make them count, other names do not, and a folder
/// that goes away and comes back is watched again.
@Suite("inotify watcher", .serialized)
struct InotifyWatcherTests {
  /// Counts calls, so a test can wait for the next one or check that none came.
  final class Counter: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    func increment() {
      condition.lock()
      count += 1
      condition.broadcast()
      condition.unlock()
    }

    /// Whether the count passes `value` within `seconds`.
    func waitPast(_ value: Int, seconds: Double = 5) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      let deadline = Date(timeIntervalSinceNow: seconds)
      while count <= value { if !condition.wait(until: deadline) { return count > value } }
      return true
    }

    var value: Int {
      condition.lock()
      defer { condition.unlock() }
      return count
    }
  }

  struct Folder {
    let path: String
    init() throws {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-live-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Whether the watcher comes to watch exactly `folders` within `seconds`. The first event of a removal (the
  /// file's IN_DELETE) can reach the counter before the folder's IN_DELETE_SELF re-arms the watch, so a test
  /// that checks the folders right after that first event races the watcher's thread.
  static func watches(_ watcher: InotifyWatcher, _ folders: Set<String>, seconds: Double = 5) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while watcher.watchedFolders != folders {
      if Date() >= deadline { return false }
      usleep(1000)
    }
    return true
  }

  static func started(watching files: Set<String>) throws -> (InotifyWatcher, Counter) {
    let counter = Counter()
    let watcher = try InotifyWatcher(onChange: { counter.increment() })
    watcher.watch(files)
    watcher.start()
    return (watcher, counter)
  }

  @Test("A save by rename (vim, VS Code) counts; a temporary file and another name do not")
  func renameSave() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let document = folder.file("doc.json")
    try "{}".write(toFile: document, atomically: false, encoding: .utf8)
    let (_, counter) = try Self.started(watching: [document])
    // Writing the temporary file: a name nobody watches.
    try "{\"a\": 1}".write(toFile: folder.file(".doc.json.swp"), atomically: false, encoding: .utf8)
    try "x".write(toFile: folder.file("other.json"), atomically: false, encoding: .utf8)
    #expect(!counter.waitPast(0, seconds: 0.3))
    #expect(rename(folder.file(".doc.json.swp"), document) == 0)
    #expect(counter.waitPast(0))
  }

  @Test("A write in place, a touch and a deletion count")
  func inPlace() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let image = folder.file("arrow.png")
    try "a".write(toFile: image, atomically: false, encoding: .utf8)
    let (_, counter) = try Self.started(watching: [image])
    try "b".write(toFile: image, atomically: false, encoding: .utf8)
    #expect(counter.waitPast(0))
    let before = counter.value
    #expect(utimes(image, nil) == 0)
    #expect(counter.waitPast(before))
    let beforeDelete = counter.value
    try FileManager.default.removeItem(atPath: image)
    #expect(counter.waitPast(beforeDelete))
  }

  @Test("A file that does not exist yet counts when it is created")
  func missingFile() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let image = folder.file("later.png")
    let (_, counter) = try Self.started(watching: [image])
    try "a".write(toFile: image, atomically: false, encoding: .utf8)
    #expect(counter.waitPast(0))
  }

  @Test("A folder removed and made again is watched again (IN_DELETE_SELF, then the parent's IN_CREATE)")
  func rearm() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let inner = folder.file("scripts")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    let document = (inner as NSString).appendingPathComponent("doc.json")
    try "{}".write(toFile: document, atomically: false, encoding: .utf8)
    let (watcher, counter) = try Self.started(watching: [document])
    #expect(watcher.watchedFolders == [inner])
    try FileManager.default.removeItem(atPath: inner)
    #expect(counter.waitPast(0))
    // Now the nearest folder that exists stands in for it.
    #expect(Self.watches(watcher, [folder.path]), "watching \(watcher.watchedFolders)")
    var seen = counter.value
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    #expect(counter.waitPast(seen))
    #expect(Self.watches(watcher, [inner]), "watching \(watcher.watchedFolders)")
    seen = counter.value
    try "{\"b\": 2}".write(toFile: document, atomically: true, encoding: .utf8)
    #expect(counter.waitPast(seen))
  }

  @Test("A renamed folder is followed by name, not by inode (IN_MOVE_SELF)")
  func movedFolder() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let inner = folder.file("a")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    let document = (inner as NSString).appendingPathComponent("doc.json")
    let (watcher, counter) = try Self.started(watching: [document])
    #expect(rename(inner, folder.file("b")) == 0)
    #expect(counter.waitPast(0))
    let seen = counter.value
    // The moved folder is no longer the document's: writing there does not count.
    try "{}".write(toFile: folder.file("b/doc.json"), atomically: false, encoding: .utf8)
    #expect(!counter.waitPast(seen, seconds: 0.3))
    #expect(Self.watches(watcher, [folder.path]), "watching \(watcher.watchedFolders)")
  }

  @Test("Events are parsed from the kernel's layout: wd, mask, cookie, len, NUL-padded name")
  func parsing() {
    func field(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
    let bytes =
      field(3) + field(UInt32(IN_MOVED_TO)) + field(7) + field(16) + Array("doc.json".utf8)
      + [UInt8](repeating: 0, count: 8)
      + field(4) + field(UInt32(IN_DELETE_SELF)) + field(0) + field(0)
    #expect(
      InotifyEvent.parse(bytes[...]) == [
        InotifyEvent(descriptor: 3, mask: UInt32(IN_MOVED_TO), name: "doc.json"),
        InotifyEvent(descriptor: 4, mask: UInt32(IN_DELETE_SELF), name: ""),
      ])
  }
}
