// The one thing libzip does not tell: whether a stored name held a NUL byte.
import Foundation

/// libzip 1.7 replaces each NUL byte of a stored name with a space when it reads the central directory, so
/// `zip_get_name` (even with `ZIP_FL_ENC_RAW`) never shows one; other zip readers stop at it and see another
/// name. This walks the central directory (APPNOTE.TXT 4.3.12, 4.3.16) just far enough to find a NUL in a
/// stored name, every read bounds-checked. A directory it cannot walk simply (ZIP64) is left to libzip.
enum StoredNames {
  /// The central-directory position of the first entry whose stored name holds a NUL byte, or nil.
  static func firstWithNUL(in data: Data) -> Int? {
    data.withUnsafeBytes { bytes -> Int? in
      func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
      func u32(_ at: Int) -> Int? {
        guard let low = u16(at), let high = u16(at + 2) else { return nil }
        return low | high << 16
      }
      // The end record (22 bytes and a comment of at most 65,535) is the last with its signature.
      let endSignature = 0x0605_4B50
      let lowest = max(0, bytes.count - 22 - 65_535)
      var end = bytes.count - 22
      while end >= lowest, u32(end) != endSignature { end -= 1 }
      guard end >= lowest, let count = u16(end + 10), let size = u32(end + 12), count != 0xFFFF, size != 0xFFFF_FFFF
      else { return nil }
      // The directory ends where the end record starts, whatever prefix the archive has.
      var record = end - size
      for index in 0..<count {
        guard u32(record) == 0x0201_4B50, let nameLength = u16(record + 28), let extraLength = u16(record + 30),
          let commentLength = u16(record + 32), record + 46 + nameLength <= bytes.count
        else { return nil }
        if bytes[(record + 46)..<(record + 46 + nameLength)].contains(0) { return index }
        record += 46 + nameLength + extraLength + commentLength
      }
      return nil
    }
  }
}
