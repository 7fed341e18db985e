import FlipbookGraphics
import FlipbookSupport
import Foundation

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
  diffTool: SnapshotDiffTool? = SnapshotTestingConfiguration.current.diffTool,
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
  guard exists else { return unrecordedReference(actualData, location: location, environment: environment) }

  let expected: Format
  do {
    expected = try strategy.diffing.fromData(Data(try SafeFile.read(reference.path, kind: .image)))
  } catch {
    return Verification(message: "\(title): the reference \(reference.path) cannot be read: \(error)")
  }
  guard let failure = strategy.diffing.diff(expected, actual) else { return Verification() }

  var lines = ["\(title) does not match its reference.", failure.message]
  var files = FailureFileList()
  files.add("Reference", reference.path)
  var attachments: [(name: String, data: Data)] = []
  let folder = location.artifactsFolder(environment: environment)
  let actualFile = folder.appendingPathComponent(location.fileName)
  var written = false
  do {
    try writeAtomically(actualData, to: actualFile)
    files.add("Actual", actualFile.path)
    attachments.append((location.fileName, actualData))
    for artifact in failure.artifacts {
      let name = location.artifactName(role: artifact.role, pathExtension: artifact.pathExtension)
      let file = folder.appendingPathComponent(name)
      try writeAtomically(artifact.data, to: file)
      files.add(FailureFileList.label(forRole: artifact.role), file.path)
      attachments.append((name, artifact.data))
    }
    written = true
  } catch {
    lines.append("The failure files could not be written to \(folder.path): \(error)")
  }
  if written {
    let tool = diffTool ?? SnapshotDiffTool.standard(forExtension: location.pathExtension)
    files.add(
      "Diff tool", tool.command(expected: reference.path, actual: actualFile.path, artifacts: folder.path))
  }
  lines += files.lines
  if record == .failed {
    do {
      try writeAtomically(actualData, to: reference)
      lines.append("A new reference was recorded (\(RecordMode.environmentVariable)=failed).")
    } catch {
      lines.append("The new reference could not be recorded: \(error)")
    }
  } else if written {
    lines.append(
      "To accept the new snapshot: cp \(SnapshotDiffTool.quote(actualFile.path)) \(SnapshotDiffTool.quote(reference.path))"
    )
  }
  return Verification(message: lines.joined(separator: "\n"), attachments: attachments)
}

/// A missing reference that must not be recorded (`never`, or CI): the test fails, nothing is written into
/// the repository, and the new snapshot goes to the artifacts folder so it can be downloaded from the CI
/// run, reviewed and committed.
private func unrecordedReference(
  _ actualData: Data, location: ReferenceLocation, environment: [String: String]
) -> Verification {
  let reference = location.reference
  let why =
    RecordMode.isCI(environment)
    ? "recording is off on CI (the CI variable is set)"
    : "recording is off (record mode never)"
  var lines = ["No reference was found at \(reference.path). It was not recorded because \(why)."]
  let actualFile = location.artifactsFolder(environment: environment).appendingPathComponent(location.fileName)
  do {
    try writeAtomically(actualData, to: actualFile)
    let root = ReferenceLocation.artifactsRoot(environment: environment).path
    lines.append("The new snapshot was written to \(actualFile.path).")
    lines.append(
      "Download it from the run's \(ReferenceLocation.artifactsVariable) folder (\(root)), review it, and "
        + "commit it as \(reference.path); or record it locally and commit it.")
    return Verification(message: lines.joined(separator: "\n"), attachments: [(location.fileName, actualData)])
  } catch {
    lines.append("The new snapshot could not be written to \(actualFile.path): \(error)")
    lines.append("Record it locally and commit it.")
    return Verification(message: lines.joined(separator: "\n"))
  }
}
