// MARK: - CRC32

/// CRC-32 as PNG uses it (ISO 3309 / ITU-T V.42, polynomial 0xEDB88320 reflected, initial and final
/// XOR 0xFFFFFFFF): the same value as zlib's `crc32`. Written in Swift with a 256-entry table so the
/// package needs no extra C or linker settings; chunk data is hashed once per chunk, which is small
/// next to deflate's cost.
struct CRC32 {
  /// The running value, already finalised: `value` is the CRC of everything fed so far.
  private(set) var value: UInt32 = 0

  init() {}

  /// The byte-at-a-time table for the reflected polynomial.
  static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// Feeds more bytes.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var c = ~value
    CRC32.table.withUnsafeBufferPointer { table in
      for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }
    value = ~c
  }

  /// Feeds the bytes of any contiguous collection.
  mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    let handled = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) } != nil
    if !handled { Array(bytes).withUnsafeBytes { update($0) } }
  }

  /// The CRC of `bytes[range]`.
  static func checksum(_ bytes: [UInt8], in range: Range<Int>) -> UInt32 {
    var crc = CRC32()
    bytes.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[range])) }
    return crc.value
  }

  /// The CRC of `bytes`.
  static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
