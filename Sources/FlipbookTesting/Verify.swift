import Foundation
import Testing

// MARK: - Verification

/// The outcome of one snapshot check: nil message for a match.
struct Verification {
  var message: String?
  /// Files to attach to the test (name and bytes).
  var attachments: [(name: String, data: Data)] = []
}

/// Checks `value` against its reference: the steps of a snapshot assertion, each small on its own.
func verify<Value, Format>(
  _ value: Value, as strategy: Snapshotting<Value, Format>, location: ReferenceLocation, record: RecordMode,
  environment: [String: String] = ProcessInfo.processInfo.environment
) -> Verification {
  let title = "Snapshot \"\(location.name)\""
  let actual: Format
  let actualData: Data
  do {
    actual = try strategy.snapshot(value)
    actualData = try strategy.diffing.toData(actual)
  } catch {
    return Verification(message: "\(title) could not be taken: \(error)")
  }
  let reference = location.reference
  let exists = FileManager.default.fileExists(atPath: reference.path)

  if record == .all || (!exists && record != .never) {
    do {
      try writeAtomically(actualData, to: reference)
    } catch {
      return Verification(message: "\(title) could not be recorded: \(error)")
    }
    let why = exists ? "Record mode is on (\(RecordMode.environmentVariable)=all)." : "No reference was found on disk."
    return Verification(
      message: "\(why) Recorded snapshot \"\(location.name)\" at \(reference.path). Review it and re-run the test.")
  }
  guard exists else {
    return Verification(
      message:
        "No reference was found at \(reference.path). It was not recorded because recording is off "
        + "(\(RecordMode.environmentVariable)=never, or CI is set). Record it locally and commit it.")
  }

  let expected: Format
  do {
    expected = try strategy.diffing.fromData(try Data(contentsOf: reference))
  } catch {
    return Verification(message: "\(title): the reference \(reference.path) cannot be read: \(error)")
  }
  guard let failure = strategy.diffing.diff(expected, actual) else { return Verification() }

  var lines = ["\(title) does not match its reference.", failure.message, "Reference: \(reference.path)"]
  var attachments: [(name: String, data: Data)] = []
  let folder = location.artifactsFolder(environment: environment)
  let actualFile = folder.appendingPathComponent(location.fileName)
  do {
    try writeAtomically(actualData, to: actualFile)
    lines.append("Actual:    \(actualFile.path)")
    attachments.append((location.fileName, actualData))
    for artifact in failure.artifacts {
      let name = location.artifactName(role: artifact.role, pathExtension: artifact.pathExtension)
      let file = folder.appendingPathComponent(name)
      try writeAtomically(artifact.data, to: file)
      lines.append(
        "\(artifact.role.prefix(1).uppercased() + artifact.role.dropFirst()):".padding(
          toLength: 11, withPad: " ", startingAt: 0) + file.path)
      attachments.append((name, artifact.data))
    }
  } catch {
    lines.append("The failure files could not be written to \(folder.path): \(error)")
  }
  if record == .failed {
    do {
      try writeAtomically(actualData, to: reference)
      lines.append("A new reference was recorded (\(RecordMode.environmentVariable)=failed).")
    } catch {
      lines.append("The new reference could not be recorded: \(error)")
    }
  } else if FileManager.default.fileExists(atPath: actualFile.path) {
    lines.append("To accept the new snapshot: cp '\(actualFile.path)' '\(reference.path)'")
  }
  return Verification(message: lines.joined(separator: "\n"), attachments: attachments)
}
