import FlipbookGraphics
import Foundation

// MARK: - ImagePool

/// Written frames' images, kept for their storage: a worker draws its next frame into one instead of a
/// fresh zeroed buffer. Bounded, so it holds no more than the pipeline already does.
final class ImagePool: @unchecked Sendable {
  private let lock = NSLock()
  private var images: [Image] = []
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  func take() -> Image? { lock.withLock { images.popLast() } }

  func put(_ image: Image) {
    lock.withLock { if images.count < capacity { images.append(image) } }
  }
}

/// Whether two images have the same size and pixels, compared as raw memory (the frames are large and
/// mostly equal, so this is the common case and worth a memcmp rather than an element-wise loop).
func samePixels(_ a: Image, _ b: Image) -> Bool {
  guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
  return a.pixels.withUnsafeBytes { pa in
    b.pixels.withUnsafeBytes { pb in
      pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
    }
  }
}
