import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - BenchmarkWorkspace

/// Where the pipelines write their frames. They write into memory (a tmpfs, /dev/shm) where the machine
/// has one, so that their figures are the pipelines' own: on an ext4 without a journal, as the machines
/// here have, creating a file makes the kernel step over every inode deleted in the same block group in the
/// last 30 s, or 5.5 minutes while the inode table is not yet written back (`recently_deleted` under
/// `find_inode_bit`, fs/ext4/ialloc.c), so each round paid for the files the rounds before it deleted: a
/// quarter to a third of a render's CPU time in `perf`, growing from round to round, under the directory's
/// lock that makes creations one at a time. The reference scene's pipelines are also timed on the disk,
/// on a line of their own.
enum BenchmarkWorkspace {
  /// A new folder in memory, or in the temporary folder where there is no tmpfs to write to.
  static func inMemory(_ name: String) throws -> (url: URL, isMemory: Bool) {
    let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
    let isTmpfs =
      mounts.split(separator: "\n").contains {
        $0.split(separator: " ").dropFirst().prefix(2) == ["/dev/shm", "tmpfs"]
      }
      && access("/dev/shm", W_OK) == 0
    return (
      try folder(name, in: isTmpfs ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory), isTmpfs
    )
  }

  /// A new folder in the temporary folder, on the disk.
  static func onDisk(_ name: String) throws -> URL { try folder(name, in: FileManager.default.temporaryDirectory) }

  /// A new folder `name-PID` in `parent`.
  private static func folder(_ name: String, in parent: URL) throws -> URL {
    let url = parent.appendingPathComponent("\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
