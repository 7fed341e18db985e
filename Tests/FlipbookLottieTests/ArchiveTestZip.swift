// Zip archives built byte by byte for the archive and dotLottie tests: no file, no tool, no network.
import Foundation

/// A zip archive written by hand (PKWARE's APPNOTE.TXT: local headers, central directory, end record), so a
/// test can say exactly what each header claims: names with `..` or NUL, lying sizes, encryption flags,
/// unsupported methods, thousands of entries, and a deflate bomb.
struct TestZip {
  /// One entry: the name's raw bytes, the payload as stored, and what the headers claim.
  struct Entry {
    var name: [UInt8]
    var payload: [UInt8]
    var method: UInt16
    var crc: UInt32
    var declaredSize: UInt32
    var flags: UInt16 = 0

    /// Stored (method 0) with its true CRC and size.
    static func stored(_ name: String, _ bytes: [UInt8]) -> Entry {
      Entry(name: Array(name.utf8), payload: bytes, method: 0, crc: crc32(bytes), declaredSize: UInt32(bytes.count))
    }

    /// Stored, its text as UTF-8.
    static func stored(_ name: String, _ text: String) -> Entry { stored(name, Array(text.utf8)) }

    /// Deflated (method 8) as deflate's stored blocks (RFC 1951 §3.2.4): a true deflate stream libzip
    /// inflates through zlib, for any bytes.
    static func deflated(_ name: String, _ bytes: [UInt8]) -> Entry {
      var stream: [UInt8] = []
      var rest = bytes[...]
      repeat {
        let block = rest.prefix(65_535)
        rest = rest.dropFirst(block.count)
        let length = UInt16(block.count)
        stream.append(rest.isEmpty ? 1 : 0)  // BFINAL, BTYPE 00
        stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        stream += block
      } while !rest.isEmpty
      return Entry(
        name: Array(name.utf8), payload: stream, method: 8, crc: crc32(bytes), declaredSize: UInt32(bytes.count))
    }

    /// `count` zero bytes as one deflate block with dynamic Huffman codes chosen so that each 258-byte copy
    /// of the previous byte costs two bits: 1 GiB of zeros is about 1 MB (deflate's best ratio, ~1032:1).
    /// The header claims `declaredSize` (truthful or not) and a CRC of 0, which a reader refusing the entry
    /// early never reaches.
    static func zeros(_ name: String, count: Int, declaredSize: UInt32) -> Entry {
      Entry(name: Array(name.utf8), payload: deflatedZeros(count), method: 8, crc: 0, declaredSize: declaredSize)
    }
  }

  var entries: [Entry]

  /// The archive's bytes.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let offset = UInt32(out.count)
      let common =
        le16(20) + le16(entry.flags) + le16(entry.method) + le16(0) + le16(0x21) + le32(entry.crc)
        + le32(UInt32(entry.payload.count)) + le32(entry.declaredSize) + le16(UInt16(entry.name.count))
        + le16(0)
      out += le32(0x0403_4B50) + common + entry.name + entry.payload
      central +=
        le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
        + entry.name
    }
    let centralOffset = UInt32(out.count)
    out += central
    out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
    out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
    return out
  }

  var data: Data { Data(bytes) }
}

private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

/// CRC-32 (ISO 3309, the zip polynomial 0xEDB88320), bit by bit: the tests' entries are small.
func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

/// Bits least significant first, as deflate packs them (RFC 1951 §3.1.1).
private struct BitWriter {
  var bytes: [UInt8] = []
  var bitCount = 0

  mutating func bits(_ value: Int, _ count: Int) {
    for i in 0..<count { bit((value >> i) & 1) }
  }

  /// A Huffman code, most significant bit first.
  mutating func code(_ code: Int, _ length: Int) {
    for i in stride(from: length - 1, through: 0, by: -1) { bit((code >> i) & 1) }
  }

  mutating func bit(_ b: Int) {
    if bitCount % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(b) << (bitCount % 8)
    bitCount += 1
  }

  /// `count` zero bits, appended a byte at a time once aligned.
  mutating func zeros(_ count: Int) {
    var left = count
    while left > 0 && bitCount % 8 != 0 {
      bit(0)
      left -= 1
    }
    bytes += [UInt8](repeating: 0, count: left / 8)
    bitCount += left / 8 * 8
    for _ in 0..<(left % 8) { bit(0) }
  }
}

/// One final dynamic block (RFC 1951 §3.2.7): literal/length codes 285 (copy 258) → `0`, 0 (the byte 0) →
/// `10`, 256 (end) → `11`; one distance code, 0 (distance 1) → `0`. So a copy is two zero bits.
private func deflatedZeros(_ count: Int) -> [UInt8] {
  var w = BitWriter()
  w.bits(1, 1)  // BFINAL
  w.bits(2, 2)  // BTYPE 10: dynamic Huffman codes
  w.bits(286 - 257, 5)  // HLIT
  w.bits(1 - 1, 5)  // HDIST
  w.bits(18 - 4, 4)  // HCLEN: the code length codes up to symbol 1 in the order below
  let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
  let codeLengthLengths = [18: 1, 1: 2, 2: 2]  // canonical codes: 18 → 0, 1 → 10, 2 → 11
  for symbol in order { w.bits(codeLengthLengths[symbol] ?? 0, 3) }
  func length1() { w.code(0b10, 2) }
  func length2() { w.code(0b11, 2) }
  func zeroRun(_ n: Int) {  // symbol 18: 11...138 zero lengths
    w.code(0, 1)
    w.bits(n - 11, 7)
  }
  length2()  // literal 0
  zeroRun(138)
  zeroRun(117)  // literals 1...255
  length2()  // 256, end of block
  zeroRun(28)  // 257...284
  length1()  // 285: copy 258
  length1()  // distance code 0
  // The data: one literal 0, then copies of 258, then literals for the rest, then the end code.
  guard count > 0 else {
    w.code(0b11, 2)
    return w.bytes
  }
  w.code(0b10, 2)
  let copies = (count - 1) / 258
  w.zeros(2 * copies)
  for _ in 0..<((count - 1) % 258) { w.code(0b10, 2) }
  w.code(0b11, 2)
  return w.bytes
}
