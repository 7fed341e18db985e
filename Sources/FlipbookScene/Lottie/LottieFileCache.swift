import FlipbookJSON
import FlipbookLottie
import Foundation

// MARK: - LottieFileCache

/// The Lottie files a document names, each read and decoded once: a refresh view declared once is built again for
/// every pull APL makes, and the layers it builds must not read the disk each time. Files are keyed by the path they
/// resolve to, once it is known to be inside the document's folder (or allowed outside it).
final class LottieFileCache: @unchecked Sendable {
  private let lock = NSLock()
  private var loaded: [String: (animation: LottieAnimation, options: LottieBuildOptions)] = [:]

  /// The animation `name` names in `folder`, read on first use; errors are located at `location`.
  func animation(named name: String, in folder: URL, allowOutside: Bool, location: String)
    throws(DocumentError) -> (animation: LottieAnimation, options: LottieBuildOptions)
  {
    let (file, problem) = ContentsPath.file(name, in: folder, allowOutside: allowOutside)
    guard let file else { throw DocumentError(location: location, message: problem ?? name) }
    let key = URL(fileURLWithPath: file).standardizedFileURL.path
    if let found = lock.withLock({ loaded[key] }) { return found }
    let read = try LottieDocument.animation(atPath: file, named: name, allowOutside: allowOutside, location: location)
    lock.withLock { loaded[key] = read }
    return read
  }
}
