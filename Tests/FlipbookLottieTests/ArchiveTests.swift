// ZipArchive: reading entries, and every hostile archive answered with one line naming what and which entry.
import FlipbookArchive
import Foundation
import Testing

@Suite struct ArchiveTests {
  /// The error line opening `zip` gives, or "opened" when it opens.
  func openFailure(_ zip: TestZip, limits: ArchiveLimits = .dotLottie) -> String {
    do {
      _ = try ZipArchive(zip.data, limits: limits)
      return "opened"
    } catch { return error.description }
  }

  /// The error line reading entry `name` gives, or "read N bytes".
  func readFailure(_ zip: TestZip, _ name: String, limits: ArchiveLimits = .dotLottie) throws -> String {
    let archive = try ZipArchive(zip.data, limits: limits)
    do { return "read \(try archive.read(named: name).count) bytes" } catch { return error.description }
  }

  @Test func listsAndReadsStoredAndDeflatedEntries() throws {
    let text = String(repeating: "{\"layers\": []} ", count: 5_000)  // 75,000 bytes: two deflate blocks
    let zip = TestZip(entries: [
      .stored("manifest.json", "{}"), .stored("images/", ""), .deflated("animations/a.json", Array(text.utf8)),
    ])
    let archive = try ZipArchive(zip.data)
    #expect(archive.entries.map(\.name) == ["manifest.json", "images/", "animations/a.json"])
    #expect(archive.entries.map(\.compressionMethod) == [0, 0, 8])
    #expect(archive.entries[1].isFolder)
    #expect(archive.entries[2].declaredSize == 75_000)
    #expect(try archive.read(named: "manifest.json") == Data("{}".utf8))
    #expect(try archive.read(named: "animations/a.json") == Data(text.utf8))
    #expect(archive.bytesInflated == 75_002)
    #expect(throws: ArchiveError(entry: "\"nope.json\"", "no such entry")) { try archive.read(named: "nope.json") }
  }

  @Test func notAZip() {
    #expect(
      openFailure(TestZip(entries: [])).contains("opened"),
      "an empty archive (only the end record) opens with no entries")
    for bytes in [Data("hello, world".utf8), Data()] {
      let line: String
      do {
        _ = try ZipArchive(bytes)
        line = "opened"
      } catch { line = error.description }
      #expect(line.hasPrefix("zip archive: not a zip archive ("), "\(line)")
    }
  }

  @Test func truncatedArchive() {
    let zip = TestZip(entries: [.stored("manifest.json", "{\"animations\": []}"), .stored("animations/a.json", "{}")])
    // Cut inside the central directory, and inside the end record: both lose the end record libzip looks for
    // or leave it pointing past the end.
    for cut in [zip.bytes.count - 30, zip.bytes.count - 5, 40] {
      let line: String
      do {
        _ = try ZipArchive(Data(zip.bytes.prefix(cut)))
        line = "opened"
      } catch { line = error.description }
      #expect(line.hasPrefix("zip archive: "), "cut at \(cut): \(line)")
      #expect(line != "opened")
    }
  }

  @Test func pathTraversalAndOddNamesAreRefused() {
    let cases: [(name: [UInt8], line: String)] = [
      (Array("../evil.json".utf8), #"zip entry 1 "../evil.json": the name has a ".." component (path traversal)"#),
      (Array("a/../../b.json".utf8), #"zip entry 1 "a/../../b.json": the name has a ".." component (path traversal)"#),
      (Array("/etc/passwd".utf8), #"zip entry 1 "/etc/passwd": the name is an absolute path"#),
      (
        Array("C:evil.json".utf8),
        #"zip entry 1 "C:evil.json": the name starts with a drive letter (an absolute path on Windows)"#
      ),
      (
        Array(#"a\..\b.json"#.utf8),
        #"zip entry 1 "a\\..\\b.json": the name holds a backslash (a path separator on Windows)"#
      ),
      (Array("./manifest.json".utf8), #"zip entry 1 "./manifest.json": the name has a "." component"#),
      (Array("a//b.json".utf8), #"zip entry 1 "a//b.json": the name has an empty component ("//")"#),
      (Array("abc\u{0}.json".utf8), #"zip entry 1 "abc .json": the name holds a NUL byte"#),  // libzip shows a space
      ([0x61, 0xFF, 0x62], "zip entry 1 \"a\u{A0}b\": the name is not UTF-8"),
      (Array("tab\t.json".utf8), #"zip entry 1 "tab\u0009.json": the name holds a NUL or another control character"#),
      (
        [UInt8](repeating: 0x61, count: 1_025),
        "zip entry 1 \"" + String(repeating: "a", count: 80)
          + "…\": the name is 1025 bytes long, more than the 1024 allowed"
      ),
    ]
    for (name, expected) in cases {
      var bad = TestZip.Entry.stored("x", "{}")
      bad.name = name
      let line = openFailure(TestZip(entries: [.stored("manifest.json", "{}"), bad]))
      #expect(line.hasPrefix(expected), "\(line)")
    }
  }

  @Test func duplicateNamesAreRefused() {
    let line = openFailure(TestZip(entries: [.stored("a.json", "1"), .stored("a.json", "2")]))
    #expect(line == #"zip entry 1 "a.json": an earlier entry has the same name (which one is meant?)"#)
  }

  @Test func tooManyEntries() {
    let entries = (0...1_000).map { TestZip.Entry.stored("images/\($0).png", "") }
    #expect(openFailure(TestZip(entries: entries)) == "zip archive: lists 1001 entries, more than the 1000 allowed")
    #expect(openFailure(TestZip(entries: Array(entries.dropLast()))) == "opened")
  }

  @Test func declaredSizesBeyondTheLimitsAreRefusedAtOpening() {
    var big = TestZip.Entry.stored("a.json", "{}")
    big.declaredSize = 64 << 20 + 1
    #expect(
      openFailure(TestZip(entries: [big]))
        == #"zip entry 0 "a.json": declares 67108865 bytes, more than the 67108864 one entry may hold"#)
    let small = ArchiveLimits(
      maxEntryCount: 10, maxEntrySize: 100, maxTotalSize: 150, maxCompressionRatio: 200, ratioExemptSize: 1 << 20,
      maxNameLength: 64)
    let entries = (0..<2).map { TestZip.Entry.stored("\($0).bin", [UInt8](repeating: 7, count: 80)) }
    #expect(
      openFailure(TestZip(entries: entries), limits: small)
        == #"zip archive: declares more than 150 bytes in all (by entry 1 "1.bin"), the most an archive may hold"#)
  }

  @Test func theTotalIsCountedAsEntriesInflate() throws {
    let limits = ArchiveLimits(
      maxEntryCount: 10, maxEntrySize: 100, maxTotalSize: 150, maxCompressionRatio: 200, ratioExemptSize: 1 << 20,
      maxNameLength: 64)
    let archive = try ZipArchive(
      TestZip(entries: [.stored("a", [UInt8](repeating: 1, count: 70))]).data, limits: limits)
    _ = try archive.read(named: "a")
    _ = try archive.read(named: "a")
    #expect(
      throws: ArchiveError(entry: #"0 "a""#, "inflates past 150 bytes read from this archive, the most it may give")
    ) {
      try archive.read(named: "a")
    }
  }

  @Test func encryptedEntriesAndOtherMethodsAreNamed() throws {
    var encrypted = TestZip.Entry.stored("a.json", "{}")
    encrypted.flags = 1
    #expect(
      try readFailure(TestZip(entries: [encrypted]), "a.json")
        == #"zip entry 0 "a.json": is encrypted (traditional PKWARE encryption); encrypted entries are not read"#)
    var bzip2 = TestZip.Entry.stored("a.json", "{}")
    bzip2.method = 12
    #expect(
      try readFailure(TestZip(entries: [bzip2]), "a.json")
        == #"zip entry 0 "a.json": uses compression method 12 (bzip2); only stored (0) and deflated (8) entries are read"#
    )
  }

  @Test func damagedDataIsRefused() throws {
    var wrongCRC = TestZip.Entry.deflated("a.json", Array("{\"v\": 1}".utf8))
    wrongCRC.crc ^= 1
    #expect(
      try readFailure(TestZip(entries: [wrongCRC]), "a.json") == #"zip entry 0 "a.json": cannot be inflated: CRC error"#
    )
    var short = TestZip.Entry.stored("a.json", "{}")
    short.declaredSize = 1
    #expect(
      try readFailure(TestZip(entries: [short]), "a.json").hasPrefix(#"zip entry 0 "a.json": "#))
  }

  /// 1 GiB of zeros in about 1 MB, its header truthful: refused when the directory is read, nothing inflated.
  @Test func zipBombDeclaringItsSizeIsRefusedAtOpening() {
    let bomb = TestZip.Entry.zeros("animations/a.json", count: 1 << 30, declaredSize: 1 << 30)
    #expect(bomb.payload.count < 1_100_000)
    #expect(
      openFailure(TestZip(entries: [bomb]))
        == #"zip entry 0 "animations/a.json": declares 1073741824 bytes, more than the 67108864 one entry may hold"#)
  }
}
