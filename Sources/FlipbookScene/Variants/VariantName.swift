import FlipbookJSON

// MARK: - VariantName

/// How a variant is named: `key=value` for each key of the matrix, in the order the keys appear in the
/// document, joined by commas (`language=zh-Hant,viewport=375x667@3`). The name is the variant's folder,
/// so it is stable (it depends only on the values, never on their position in the list) and safe as a
/// folder name on every file system a CI runner uses.
///
/// - A key is the key path's last key (`language` for `refresh.language`); when two keys of the matrix
///   end in the same key, both are written whole (`refresh.language`, `navigationBar.language`).
/// - A string is itself; a number as written (`2`, `0.5`); `true`, `false`, `null`.
/// - An object with `width` and `height` (a viewport, a size) is `WIDTHxHEIGHT`, with `@SCALE` when it
///   has a `scale`: `375x667@3`. Any other object or array is its values' names joined by `-`, in order
///   (`{"style": "ego", "arrowColor": "gray"}` is `ego-gray`).
/// - Every character other than ASCII letters, digits and `-_.@+` is written as `%` and the two hex
///   digits of each of its UTF-8 bytes (`#009ADE` is `%23009ADE`, `a/b` is `a%2Fb`), so `/`, `=`, `,`
///   and spaces never reach the file system and no two different strings give the same name.
public enum VariantName {
  /// Most bytes in a name: the longest file name Linux, macOS and Windows allow (`NAME_MAX`).
  public static let maxBytes = 255

  /// The characters a name keeps as they are; `=` and `,` are the separators and `%` the escape.
  static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "+"): true
    default: false
    }
  }

  /// `text` with every character outside the kept ones percent-escaped.
  public static func escape(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      if isKept(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return out
  }

  /// The name of one value, escaped.
  public static func name(of value: JSONValue) -> String {
    switch value {
    case .string(let s): return escape(s)
    case .number(let n): return escape(JSONValue.format(n))
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let items): return items.map(name(of:)).joined(separator: "-")
    case .object(let members):
      if let width = value["width"], let height = value["height"] {
        let size = name(of: width) + "x" + name(of: height)
        return value["scale"].map { size + "@" + name(of: $0) } ?? size
      }
      return members.map { name(of: $0.value) }.joined(separator: "-")
    }
  }

  /// The label each key path is written with in names: its last key, or the whole path where two share
  /// one.
  public static func labels(of paths: [JSONKeyPath]) -> [String] {
    let last = paths.map(\.lastKey)
    return paths.indices.map { i in
      last.filter { $0 == last[i] }.count > 1 ? escape(paths[i].description) : escape(last[i])
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
