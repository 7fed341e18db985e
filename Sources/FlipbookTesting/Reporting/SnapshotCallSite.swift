import Testing

// MARK: - Where an assertion was written

/// The source position of an assertion, captured with `#fileID`, `#filePath`, `#line` and `#column`
/// defaults rather than a `SourceLocation` default: a `#_sourceLocation` default argument only expands
/// in files that `import Testing`, so an XCTest file would fail to compile with "no macro named
/// '_sourceLocation'".
struct SnapshotCallSite {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// The same position in Swift Testing's terms, for issues and attachments.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
}
