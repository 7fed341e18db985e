// A zip bomb whose header lies: refused while it inflates, quickly, with the process's peak memory measured.
import FlipbookArchive
import Foundation
import XCTest

/// XCTest runs its cases one at a time, so the peak resident size measured here is this test's own.
final class ArchiveBombTests: XCTestCase {
  /// 1 GiB of zeros deflated to about 1 MB, its header claiming 1,000 bytes (so the declared ratio passes):
  /// refused after one chunk, in well under a second, the peak resident size rising by less than 64 MB
  /// (the archive's copy and one 64 KiB chunk), never by the gigabyte.
  func testLyingZipBombIsRefusedWhileInflatingWithBoundedMemory() throws {
    let bomb = TestZip.Entry.zeros("animations/a.json", count: 1 << 30, declaredSize: 1_000)
    let data = TestZip(entries: [bomb]).data
    let before = peakResidentBytes(reset: true)
    let start = Date()
    let archive = try ZipArchive(data)
    XCTAssertThrowsError(try archive.read(named: "animations/a.json")) { error in
      XCTAssertEqual(
        "\(error)",
        #"zip entry 0 "animations/a.json": inflates past the 1000 bytes its header declares (a zip bomb, or a damaged archive)"#
      )
    }
    let seconds = Date().timeIntervalSince(start)
    let after = peakResidentBytes(reset: false)
    print(
      "zip bomb (1 GiB of zeros in \(data.count) bytes): refused in \(seconds) s, peak RSS \(before ?? -1) → \(after ?? -1) bytes"
    )
    XCTAssertLessThan(seconds, 2)
    if let before, let after { XCTAssertLessThan(after - before, 64 << 20) }
  }

  /// VmHWM from /proc/self/status, after resetting it (writing 5 to /proc/self/clear_refs) when asked.
  private func peakResidentBytes(reset: Bool) -> Int? {
    if reset { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }
}
