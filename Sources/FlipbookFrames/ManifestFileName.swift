// MARK: - ManifestFileName

/// The rule for a manifest's `file` entries: each names a file in the manifest's own folder, so a
/// manifest from elsewhere cannot make a preview or a comparison read files outside it.
public enum ManifestFileName {
  /// Why `name` is not a plain file name of the manifest's folder (empty, a `/`, or `.`/`..`), or nil.
  public static func problem(_ name: String) -> String? {
    if name.isEmpty { return "\"file\" is empty" }
    if name.contains("/") || name.contains("\0") || name == "." || name == ".." {
      return "\"file\": \"\(name)\" is not a file name in the manifest's folder (no \"/\" or \"..\")"
    }
    return nil
  }
}
