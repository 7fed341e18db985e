import FlipbookSnapshotHygiene
import Foundation

/// `flipbook snapshots orphans <dir> [--delete] [--quiet]`
enum SnapshotsCommand: FlipbookCommand {
  static let spec = CommandSpec(
    name: "snapshots",
    abstract: "Finds snapshot references that no test uses any more.",
    discussion: """
      orphans lists every file under <dir>'s __Snapshots__ folders that its test file does not account \
      for (FlipbookTesting's rules: the test function must exist and each part of the name must be a \
      number, a string literal of the file, or a time or progress key of .frames), one path a line, and \
      exits 1 when there are any, so CI can refuse them. With --delete it deletes them instead and exits 0.
      """,
    arguments: [
      ArgumentSpec("action", abstract: "What to do with the references.", type: .choice(["orphans"])),
      ArgumentSpec("dir", abstract: "The tests folder to search (Tests, or a test target).", type: .path),
    ],
    options: [
      .flag("delete", abstract: "Delete the orphaned references instead of listing them."),
      .quiet("Print nothing; the exit code tells whether orphans were found."),
    ]
  )

  static func run(_ arguments: ParsedArguments) throws(ActionFailure) -> String {
    let path = arguments.required("dir")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      throw ActionFailure.trouble(path, "is not a folder")
    }
    let folder = URL(fileURLWithPath: path)
    let quiet = arguments.flag("quiet")
    do {
      if arguments.flag("delete") {
        let deleted = try SnapshotHygiene.deleteOrphanedReferences(in: folder)
        guard !quiet else { return "" }
        return deleted.isEmpty
          ? "No orphaned references under \(path)"
          : (["Deleted \(deleted.count) orphaned reference\(deleted.count == 1 ? "" : "s"):"] + deleted)
            .joined(separator: "\n")
      }
      let orphans = try SnapshotHygiene.orphanedReferences(in: folder)
      guard !orphans.isEmpty else { return quiet ? "" : "No orphaned references under \(path)" }
      throw ActionFailure.answer(quiet ? "" : orphans.joined(separator: "\n"))
    } catch let failure as ActionFailure {
      throw failure
    } catch {
      throw ActionFailure.trouble(path, "\(error)")
    }
  }
}
