import CFlipbookFiles
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - FolderSwap

/// Puts a finished folder in the place of an earlier one so that the target exists at every moment.
///
/// When the target exists, one `renameat2(RENAME_EXCHANGE)` swaps the two names: before it the target is
/// the old folder, after it the new one, and the old one is left under the finished folder's name, to be
/// removed. When the target does not exist yet, one `renameat2(RENAME_NOREPLACE)` moves the new folder
/// in (and if another process created the target meanwhile, the exchange is used instead). A kill at any
/// moment therefore leaves the target whole, old or new, and at most the other folder as a leftover.
///
/// File systems without the exchange (EINVAL: some network and FUSE file systems) and kernels without
/// renameat2 (ENOSYS) get the portable two renames instead: the old folder is renamed `aside`, the new
/// one into place, the old one removed. Between those two renames the target does not exist; a
/// `SIGINT`, `SIGTERM` or `SIGHUP` waits for both (the caller runs the swap `InFlight.uninterrupted`), a
/// `kill -9` there leaves the old folder at `aside` and no target.
public enum FolderSwap {
  /// How the swap ended.
  public enum Outcome: Equatable, Sendable {
    /// The target did not exist; the new folder was renamed to it.
    case moved
    /// One exchange; the old folder is now at the replacement's path.
    case exchanged
    /// Two renames; the old folder is now at `aside`.
    case renamedAside
  }

  /// The system calls the swap makes, each returning 0 or an errno. A test replaces them to stop the swap
  /// between any two, or to play a file system that cannot exchange.
  struct Calls {
    var exists: (String) -> Bool
    var exchange: (String, String) -> Int32
    var renameNoReplace: (String, String) -> Int32
    var rename: (String, String) -> Int32

    static var system: Calls {
      Calls(
        exists: { access($0, F_OK) == 0 || errno != ENOENT },
        exchange: { fb_rename_exchange($0, $1) == 0 ? 0 : errno },
        renameNoReplace: { fb_rename_noreplace($0, $1) == 0 ? 0 : errno },
        rename: { Glibc.rename($0, $1) == 0 ? 0 : errno })
    }
  }

  /// Puts the folder at `replacement` at `target`. On failure the target is as it was and
  /// `replacement` is still there (the caller removes it); the old folder is never removed here: the
  /// outcome says where it is.
  public static func replace(_ target: String, with replacement: String, aside: String) throws(FileError)
    -> Outcome
  {
    try replace(target, with: replacement, aside: aside, calls: .system)
  }

  static func replace(_ target: String, with replacement: String, aside: String, calls: Calls) throws(FileError)
    -> Outcome
  {
    if !calls.exists(target) {
      switch calls.renameNoReplace(replacement, target) {
      case 0: return .moved
      case EEXIST: break  // created meanwhile: exchange with it below
      case EINVAL, ENOSYS:
        let error = calls.rename(replacement, target)
        guard error == 0 else { throw intoPlace(target, error) }
        return .moved
      case let error: throw intoPlace(target, error)
      }
    }
    switch calls.exchange(replacement, target) {
    case 0: return .exchanged
    case EINVAL, ENOSYS: break  // no exchange here: the two renames below
    case let error: throw intoPlace(target, error)
    }
    let asideError = calls.rename(target, aside)
    guard asideError == 0 else {
      throw FileError.file(path: target, reason: "cannot move the previous output aside: \(describe(asideError))")
    }
    let error = calls.rename(replacement, target)
    guard error == 0 else {
      _ = calls.rename(aside, target)
      throw intoPlace(target, error)
    }
    return .renamedAside
  }

  private static func intoPlace(_ target: String, _ error: Int32) -> FileError {
    .file(path: target, reason: "cannot move the new output into place: \(describe(error))")
  }

  private static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
