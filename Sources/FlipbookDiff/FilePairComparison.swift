import FlipbookGraphics
import FlipbookImageFormats
import FlipbookSupport
import Foundation

// MARK: - FilePairComparison

/// Compares two frames stored as PNG files, at the speed of reading where it can: byte-identical files are
/// equal once their chunks check out (signature, lengths, CRCs and header, as `PNGInfo` reads them), without
/// inflating a pixel; other pairs are decoded and compared. Pairs are independent, so a folder's pairs are
/// compared on every core (`compare(_:jobs:tolerance:)`), a few at a time, in order.
enum FilePairComparison {
  /// The comparison of each pair of files, in order, `jobs` at a time; the first failure in pair order is
  /// thrown, as comparing them one by one would.
  static func compare(_ pairs: [(expected: String, actual: String)], jobs: Int, tolerance: ImageTolerance)
    throws(DiffFailure) -> [ImageComparison]
  {
    let results = parallelMap(count: pairs.count, jobs: jobs) { index in
      Result { () throws(DiffFailure) -> ImageComparison in
        try compare(pairs[index].expected, pairs[index].actual, tolerance: tolerance)
      }
    }
    var comparisons: [ImageComparison] = []
    for result in results { comparisons.append(try result.get()) }
    return comparisons
  }

  /// One pair: the expected file read (and checked) first, so a broken file is named as decoding would name it.
  static func compare(_ expectedFile: String, _ actualFile: String, tolerance: ImageTolerance) throws(DiffFailure)
    -> ImageComparison
  {
    let expected = try read(expectedFile)
    let actual = try read(actualFile)
    do throws(GraphicsError) {
      if expected == actual {
        let info = try PNGInfo(pngBytes: expected, source: expectedFile)
        return .identical(width: info.width, height: info.height, tolerance: tolerance)
      }
    } catch {
      throw FrameSet.trouble(error, file: expectedFile)
    }
    let images = (expected: try decode(expected, expectedFile), actual: try decode(actual, actualFile))
    return ImageComparison.compare(images.expected, images.actual, tolerance: tolerance)
  }

  private static func read(_ file: String) throws(DiffFailure) -> [UInt8] {
    do {
      return try GraphicsError.files { () throws(FileError) in try SafeFile.read(file, kind: .image) }
    } catch {
      throw FrameSet.trouble(error, file: file)
    }
  }

  private static func decode(_ bytes: [UInt8], _ file: String) throws(DiffFailure) -> Image {
    do {
      return try Image(pngData: bytes, source: file)
    } catch {
      throw FrameSet.trouble(error, file: file)
    }
  }
}
