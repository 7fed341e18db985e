// MARK: - GIFLZW

/// GIF's variable-length LZW code (GIF89a, appendix F): codes are packed least-significant bit first,
/// start at `minimumCodeSize + 1` bits, grow by one bit each time the table reaches the next power of
/// two, stop growing at 12 bits, and the encoder sends a clear code when the table is full (4096
/// entries). The stream starts with a clear code and ends with the end-of-information code.
enum GIFLZW {
  /// The largest code a 12-bit table can hold, plus one.
  static let tableLimit = 4096

  /// The smallest minimum code size that can hold `colorCount` indices: at least 2 (the format's rule;
  /// 1-bit images still use 2), at most 8.
  static func minimumCodeSize(colorCount: Int) -> Int {
    var bits = 2
    while (1 << bits) < colorCount && bits < 8 { bits += 1 }
    return bits
  }

  /// The encoded code stream (not yet cut into sub-blocks) and how many clear codes it holds, the
  /// first one included.
  struct Encoded {
    var bytes: [UInt8]
    var clearCodes: Int
  }

  /// Compresses `indices` (each below `1 << minimumCodeSize`).
  static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> Encoded {
    precondition((2...8).contains(minimumCodeSize), "GIF minimum code size must be 2...8")
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var writer = BitWriter()
    var table = CodeTable()
    var codeSize = minimumCodeSize + 1
    var nextCode = endCode + 1
    var clearCodes = 1
    writer.write(clearCode, bits: codeSize)
    guard var current = indices.first.map(Int.init) else {
      writer.write(endCode, bits: codeSize)
      return Encoded(bytes: writer.finish(), clearCodes: clearCodes)
    }
    for index in indices.dropFirst() {
      let symbol = Int(index)
      if let code = table.lookup(prefix: current, symbol: symbol) {
        current = code
        continue
      }
      writer.write(current, bits: codeSize)
      if nextCode < tableLimit {
        table.insert(prefix: current, symbol: symbol, code: nextCode)
        nextCode += 1
        // The decoder adds its entry one code later, so it widens after reading the next code; the
        // encoder widens once its own table has passed the power of two.
        if nextCode > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
      } else {
        writer.write(clearCode, bits: codeSize)
        clearCodes += 1
        table.removeAll()
        codeSize = minimumCodeSize + 1
        nextCode = endCode + 1
      }
      current = symbol
    }
    writer.write(current, bits: codeSize)
    // The decoder adds an entry after this last code and may widen before reading the end code.
    if nextCode < tableLimit && nextCode + 1 > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
    writer.write(endCode, bits: codeSize)
    return Encoded(bytes: writer.finish(), clearCodes: clearCodes)
  }

  /// Decompresses a code stream into at most `maxCount` indices. Stops at the end code (or when the
  /// data runs out); throws on a code that is neither in the table nor the next one to be defined.
  static func decode(_ bytes: [UInt8], minimumCodeSize: Int, maxCount: Int) throws(GIFDecodeError) -> [UInt8] {
    guard (2...8).contains(minimumCodeSize) else { throw .init("LZW minimum code size \(minimumCodeSize)") }
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var prefixes = [Int](repeating: -1, count: tableLimit)
    var suffixes = [UInt8](repeating: 0, count: tableLimit)
    var firsts = [UInt8](repeating: 0, count: tableLimit)
    for code in 0..<clearCode {
      suffixes[code] = UInt8(code)
      firsts[code] = UInt8(code)
    }
    var output: [UInt8] = []
    output.reserveCapacity(maxCount)
    var reader = BitReader(bytes: bytes)
    var codeSize = minimumCodeSize + 1
    var nextCode = endCode + 1
    var previous: Int? = nil
    var scratch: [UInt8] = []
    while output.count < maxCount, let code = reader.read(bits: codeSize) {
      if code == clearCode {
        codeSize = minimumCodeSize + 1
        nextCode = endCode + 1
        previous = nil
        continue
      }
      if code == endCode { break }
      guard let last = previous else {
        guard code < clearCode else { throw .init("first code \(code) after a clear is not a literal") }
        output.append(UInt8(code))
        previous = code
        continue
      }
      let first: UInt8
      if code < nextCode {
        first = firsts[code]
      } else if code == nextCode {
        first = firsts[last]
      } else {
        throw .init("LZW code \(code) is beyond the table (next \(nextCode))")
      }
      if nextCode < tableLimit {
        prefixes[nextCode] = last
        suffixes[nextCode] = first
        firsts[nextCode] = firsts[last]
        nextCode += 1
        if nextCode == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
      }
      // Walk the chain back to a literal, then append it in order.
      scratch.removeAll(keepingCapacity: true)
      var walk = code
      while walk >= clearCode {
        scratch.append(suffixes[walk])
        walk = prefixes[walk]
      }
      scratch.append(UInt8(walk))
      output.append(contentsOf: scratch.reversed())
      previous = code
    }
    if output.count > maxCount { output.removeLast(output.count - maxCount) }
    return output
  }

  /// Cuts data into GIF sub-blocks (a length byte, then at most 255 bytes) and the zero-length
  /// terminator.
  static func subBlocks(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count + data.count / 255 + 2)
    var start = 0
    while start < data.count {
      let end = min(start + 255, data.count)
      out.append(UInt8(end - start))
      out.append(contentsOf: data[start..<end])
      start = end
    }
    out.append(0)
    return out
  }
}

// MARK: - CodeTable

/// The encoder's string table: (prefix code, next index) -> code, an open-addressing hash table that
/// is cheap to clear (it is cleared every 4096 codes on noisy images).
private struct CodeTable {
  private static let capacity = 8192  // a power of two, twice the 4096 entries it ever holds
  private var keys = [Int32](repeating: -1, count: capacity)
  private var codes = [Int16](repeating: 0, count: capacity)

  private static func slot(_ key: Int) -> Int { (key &* 0x9E37_79B1) >> 7 & (capacity - 1) }

  func lookup(prefix: Int, symbol: Int) -> Int? {
    let key = prefix << 8 | symbol
    var slot = Self.slot(key)
    while keys[slot] != -1 {
      if keys[slot] == Int32(key) { return Int(codes[slot]) }
      slot = (slot + 1) & (Self.capacity - 1)
    }
    return nil
  }

  mutating func insert(prefix: Int, symbol: Int, code: Int) {
    let key = prefix << 8 | symbol
    var slot = Self.slot(key)
    while keys[slot] != -1 { slot = (slot + 1) & (Self.capacity - 1) }
    keys[slot] = Int32(key)
    codes[slot] = Int16(code)
  }

  mutating func removeAll() {
    keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
  }
}

// MARK: - Bits

/// Packs codes least-significant bit first.
private struct BitWriter {
  private var bytes: [UInt8] = []
  private var buffer: UInt32 = 0
  private var count = 0

  mutating func write(_ code: Int, bits: Int) {
    buffer |= UInt32(code) << UInt32(count)
    count += bits
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  mutating func finish() -> [UInt8] {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    count = 0
    return bytes
  }
}

/// Reads codes least-significant bit first; nil when the data ends.
private struct BitReader {
  let bytes: [UInt8]
  private var offset = 0
  private var buffer: UInt32 = 0
  private var count = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func read(bits: Int) -> Int? {
    while count < bits {
      guard offset < bytes.count else { return nil }
      buffer |= UInt32(bytes[offset]) << UInt32(count)
      offset += 1
      count += 8
    }
    let code = Int(buffer & ((1 << UInt32(bits)) - 1))
    buffer >>= UInt32(bits)
    count -= bits
    return code
  }
}
