import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - InotifyWatcher

/// Calls back when any of a set of files changes, through Linux's inotify(7).
///
/// It watches the files' *folders*, not the files: an editor saves by writing a temporary file and
/// renaming it over the old one (vim, VS Code, `sed -i`), and a watch on the old file would see it
/// deleted and nothing after. In a folder, an event whose name is one of the files counts: a write that
/// finishes (`IN_CLOSE_WRITE`), a file renamed in or out (`IN_MOVED_TO`, `IN_MOVED_FROM`), created,
/// deleted, or touched (`IN_ATTRIB`). Every other name (temporaries, the render's own output in the same
/// folder) is ignored.
///
/// A folder that is removed or renamed (`IN_DELETE_SELF`, `IN_MOVE_SELF`, or the kernel's `IN_IGNORED`)
/// is re-armed: the watch moves to its nearest ancestor that exists, which tells when a folder of that
/// name comes back (created or renamed in), and then to the folder again. A queue overflow counts as a
/// change of everything. The thread reading events blocks in `read(2)`: nothing polls.
public final class InotifyWatcher: @unchecked Sendable {
  /// What a watched folder reports.
  static let folderEvents: UInt32 =
    UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
    | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

  private let fd: Int32
  private let onChange: @Sendable () -> Void
  private let lock = NSLock()
  /// The files whose changes count, as absolute paths.
  private var files: Set<String> = []
  /// The folders being watched, by watch descriptor: the files' folders, or for a folder that does not
  /// exist (yet, or any more) its nearest ancestor that does.
  private var folders: [Int32: String] = [:]

  /// Opens an inotify instance; `onChange` is called on the watcher's thread for every event that counts.
  public init(onChange: @escaping @Sendable () -> Void) throws(LiveError) {
    fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { throw LiveError("cannot watch files: inotify_init1: \(String(cString: strerror(errno)))") }
    self.onChange = onChange
  }

  /// Replaces the files whose changes count (absolute paths) and watches their folders.
  public func watch(_ files: Set<String>) {
    lock.withLock {
      self.files = Set(files.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
      arm()
    }
  }

  /// The folders watched now (for tests and the curious).
  public var watchedFolders: Set<String> { lock.withLock { Set(folders.values) } }

  /// Reads events on a thread of its own, for as long as the process lives.
  public func start() {
    Thread.detachNewThread { [self] in
      // Large enough for hundreds of events at once; the kernel never splits one event across reads.
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if got < 0 {
          if errno == EINTR { continue }
          return
        }
        if handle(InotifyEvent.parse(buffer[0..<got])) { onChange() }
      }
    }
  }

  /// Whether any of `events` counts, re-arming the watches a folder's removal or return calls for.
  func handle(_ events: [InotifyEvent]) -> Bool {
    lock.withLock {
      var counts = false
      var rearm = false
      for event in events {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
          counts = true
          rearm = true
          continue
        }
        guard let folder = folders[event.descriptor] else { continue }
        let gone = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
        if event.mask & gone != 0 {
          if event.mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(fd, event.descriptor) }
          folders[event.descriptor] = nil
          counts = true
          rearm = true
          continue
        }
        guard !event.name.isEmpty else { continue }
        let path = (folder as NSString).appendingPathComponent(event.name)
        if files.contains(path) {
          counts = true
        } else if wantedFolders.contains(where: { $0 == path || $0.hasPrefix(path + "/") }) {
          // A watched folder, or one on the way to it, appeared or went: watch the right one now.
          counts = true
          rearm = true
        }
      }
      if rearm { arm() }
      return counts
    }
  }

  /// The folders of the files.
  private var wantedFolders: Set<String> {
    Set(files.map { ($0 as NSString).deletingLastPathComponent })
  }

  /// Called with the lock held: watches each wanted folder, or its nearest existing ancestor, and
  /// drops the watches no longer needed.
  private func arm() {
    var armed: [Int32: String] = [:]
    for folder in wantedFolders {
      var candidate = folder
      while true {
        let descriptor = inotify_add_watch(fd, candidate, Self.folderEvents)
        if descriptor >= 0 {
          armed[descriptor] = candidate
          break
        }
        let parent = (candidate as NSString).deletingLastPathComponent
        if parent == candidate || parent.isEmpty { break }
        candidate = parent
      }
    }
    for (descriptor, _) in folders where armed[descriptor] == nil { inotify_rm_watch(fd, descriptor) }
    folders = armed
  }
}

// MARK: - InotifyEvent

/// One `struct inotify_event` as read(2) returns them: a descriptor, a mask, a cookie, and for an event
/// in a watched folder the name of the file, NUL-padded to `len` bytes.
struct InotifyEvent: Equatable {
  let descriptor: Int32
  let mask: UInt32
  let name: String

  /// `wd`, `mask`, `cookie` and `len`: four 32-bit fields before the name.
  static let headerSize = 16

  /// The events in a buffer that read(2) filled.
  static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
    var events: [InotifyEvent] = []
    var offset = bytes.startIndex
    // The fields are in the machine's byte order: read as little-endian, then taken as native.
    func field(_ at: Int) -> UInt32 {
      UInt32(
        littleEndian: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24)
    }
    while offset + headerSize <= bytes.endIndex {
      let length = Int(field(offset + 12))
      let end = offset + headerSize + length
      guard end <= bytes.endIndex else { break }
      let nameBytes = bytes[(offset + headerSize)..<end].prefix { $0 != 0 }
      events.append(
        InotifyEvent(
          descriptor: Int32(bitPattern: field(offset)), mask: field(offset + 4),
          name: String(decoding: nameBytes, as: UTF8.self)))
      offset = end
    }
    return events
  }
}
