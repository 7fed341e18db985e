import FlipbookGraphics
import Foundation

// MARK: - PNG chunk container

/// The PNG file container: an 8-byte signature followed by chunks, each `length` (u32, big-endian),
/// a 4-letter `type`, `length` bytes of data and a CRC-32 of type and data. libpng handles this for
/// plain PNGs; animated PNGs (whose chunks Debian's libpng does not know) read and write it here.
enum PNGContainer {
  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
  /// The largest chunk length PNG allows (2^31 - 1).
  static let maxChunkLength = 0x7FFF_FFFF

  /// One chunk, located in the bytes it was read from.
  struct Chunk {
    var type: String
    /// Where the chunk's data lies in the file's bytes.
    var data: Range<Int>
    /// Where the chunk starts (its length field).
    var offset: Int
  }

  /// Splits `bytes` into chunks up to and including IEND; bytes after IEND are ignored. Checks the
  /// signature, every length and type, and (when `verifyCRC`) every CRC, naming the chunk that fails.
  static func readChunks(_ bytes: [UInt8], source: String, verifyCRC: Bool = true) throws(GraphicsError) -> [Chunk] {
    if bytes.starts(with: Image.lfsPointerPrefix) {
      throw .pngDecode(source: source, reason: "is a Git LFS pointer, not a PNG; run git lfs pull")
    }
    guard bytes.count >= 8, bytes.starts(with: signature) else {
      let truncated = !bytes.isEmpty && bytes.count < 8 && signature.starts(with: bytes)
      throw .pngDecode(
        source: source, reason: truncated ? "truncated data (the file ends early)" : "not a PNG file (bad signature)")
    }
    var chunks: [Chunk] = []
    var offset = 8
    while true {
      guard bytes.count - offset >= 8 else {
        let last = chunks.last.map { " after chunk \($0.type)" } ?? ""
        throw .pngDecode(source: source, reason: "truncated data: the file ends before IEND\(last) at byte \(offset)")
      }
      let length = Int(readUInt32(bytes, at: offset))
      let typeBytes = bytes[(offset + 4)..<(offset + 8)]
      guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
        throw .pngDecode(source: source, reason: "invalid chunk type at byte \(offset) (corrupt or not a PNG)")
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard length <= maxChunkLength else {
        throw .pngDecode(source: source, reason: "chunk \(type) at byte \(offset) has an invalid length \(length)")
      }
      guard bytes.count - offset - 12 >= length else {
        throw .pngDecode(
          source: source,
          reason: "truncated data: chunk \(type) at byte \(offset) needs \(length + 12) bytes, "
            + "\(bytes.count - offset) remain")
      }
      let data = (offset + 8)..<(offset + 8 + length)
      if verifyCRC {
        let stored = readUInt32(bytes, at: data.upperBound)
        let computed = CRC32.checksum(bytes, in: (offset + 4)..<data.upperBound)
        guard stored == computed else {
          throw .pngDecode(
            source: source,
            reason: "bad CRC in chunk \(type) at byte \(offset) (stored \(hex(stored)), computed \(hex(computed)))")
        }
      }
      chunks.append(Chunk(type: type, data: data, offset: offset))
      offset = data.upperBound + 4
      if type == "IEND" { return chunks }
    }
  }

  /// Builds a PNG file chunk by chunk; starts with the signature.
  struct Writer {
    private(set) var bytes: [UInt8] = PNGContainer.signature

    init(reservingCapacity capacity: Int = 0) {
      bytes.reserveCapacity(capacity)
    }

    /// Appends one chunk whose data is the concatenation of `parts` (so a sequence number and a zlib
    /// stream need not be copied together first). The parts must total at most `maxChunkLength` bytes.
    mutating func append(_ type: String, _ parts: ArraySlice<UInt8>...) {
      let length = parts.reduce(0) { $0 + $1.count }
      precondition(type.utf8.count == 4 && length <= PNGContainer.maxChunkLength, "invalid chunk")
      appendUInt32(UInt32(length))
      let start = bytes.count
      bytes.append(contentsOf: type.utf8)
      for part in parts { bytes.append(contentsOf: part) }
      let crc = CRC32.checksum(bytes, in: start..<bytes.count)
      appendUInt32(crc)
    }

    mutating func append(_ type: String, _ data: [UInt8]) {
      append(type, data[...])
    }

    private mutating func appendUInt32(_ value: UInt32) {
      bytes.append(contentsOf: bigEndianBytes(value))
    }
  }
}

// MARK: - Byte helpers

func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
  UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
    | UInt32(bytes[offset + 3])
}

func readUInt16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
  UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
}

func bigEndianBytes(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

func bigEndianBytes(_ value: UInt16) -> [UInt8] {
  [UInt8(value >> 8), UInt8(value & 0xFF)]
}

private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: false)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
