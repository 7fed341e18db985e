import Foundation

// MARK: - DocumentReads

/// The files decoding a document reads: the document itself and every `contents` file its layers name
/// (a scene's, or a script's custom refresh view's), each as the absolute path the decoder resolved.
///
/// `flipbook watch` re-renders when any of them changes, so the set comes from the decoder itself rather
/// than from a second walk over the JSON that could drift from it. A path is noted before it is read,
/// so a file that is missing or unreadable is in the set too: creating or fixing it is a change worth a
/// render. Bundled assets are not noted: they are part of the program, not of the document.
///
/// Recording is scoped to one call (`recording(_:)`) through a task-local, so concurrent decodes on
/// other threads (a batch's other work, tests) neither see nor disturb it; outside a recording, noting
/// costs one task-local read.
public final class DocumentReads: @unchecked Sendable {
  @TaskLocal private static var current: DocumentReads?

  private let lock = NSLock()
  private var paths: Set<String> = []

  private init() {}

  /// Runs `body`, which may decode any number of documents, and returns what it returned with every
  /// file those decodes read or tried to read.
  public static func recording<T>(_ body: () -> T) -> (result: T, paths: Set<String>) {
    let reads = DocumentReads()
    let result = $current.withValue(reads) { body() }
    return (result, reads.lock.withLock { reads.paths })
  }

  /// Notes that the decoder is about to read `path` (relative paths are taken from the current folder).
  static func note(_ path: String) {
    guard let reads = current else { return }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    reads.lock.withLock { _ = reads.paths.insert(absolute) }
  }
}
