// MARK: - ManifestVersion

/// The manifest format's version, `"MAJOR.MINOR"`, written as the manifest's first key.
///
/// A reader accepts any minor version of its own major version (a newer minor only adds keys, which
/// readers ignore) and refuses a newer major version, whose keys may mean other things. A manifest without
/// a version was written before versions existed and is read as 1.0.
public struct ManifestVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The major version: a reader refuses a newer one, whose keys may mean other things.
  public let major: Int
  /// The minor version: a newer one only adds keys, which readers ignore.
  public let minor: Int

  /// The version `major.minor`.
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// The version this Flipbook writes, and the newest major version it reads.
  public static let current = ManifestVersion(major: 1, minor: 0)

  /// `"1.0"`: two whole numbers without signs or leading zeros; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let major = Self.number(parts[0]), let minor = Self.number(parts[1]) else { return nil }
    self.init(major: major, minor: minor)
  }

  /// `"1.0"`.
  public var description: String { "\(major).\(minor)" }

  /// What a reader of this major version reads: `"1.x"`.
  public var readable: String { "\(major).x" }

  /// Whether `a` is older than `b`: by major version, then by minor version.
  public static func < (a: ManifestVersion, b: ManifestVersion) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }

  private static func number(_ part: Substring) -> Int? {
    guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
      part == "0" || !part.hasPrefix("0")
    else { return nil }
    return Int(part)
  }
}
