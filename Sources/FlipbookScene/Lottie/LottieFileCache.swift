import FlipbookJSON
import FlipbookLottie
import Foundation

// MARK: - LottieFileCache

/// The Lottie files a document names, each read and decoded once: a refresh view declared once is built again for
/// every pull APL makes, and the layers it builds must not read the disk each time.
final class LottieFileCache {
  private var loaded: [String: (animation: LottieAnimation, options: LottieBuildOptions)] = [:]

  /// The animation `name` names in `folder`, read on first use (errors name `location`).
  func animation(named name: String, in folder: URL, allowOutside: Bool, location: String)
    throws(DocumentError) -> (animation: LottieAnimation, options: LottieBuildOptions)
  {
    let key = folder.path + "\u{0}" + name
    if let found = loaded[key] { return found }
    let read = try LottieDocument.animation(named: name, in: folder, allowOutside: allowOutside, location: location)
    loaded[key] = read
    return read
  }
}
