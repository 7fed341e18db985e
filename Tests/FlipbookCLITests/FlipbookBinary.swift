import Foundation

/// Runs the built `flipbook` executable as a child process.
enum FlipbookBinary {
  struct Output: Equatable, CustomStringConvertible {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    var description: String {
      "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
  }

  enum LookupError: Error, CustomStringConvertible {
    case notFound([String])
    var description: String {
      if case .notFound(let places) = self {
        return "No flipbook executable found; looked in:\n" + places.joined(separator: "\n")
      }
      return ""
    }
  }

  /// The executable: `$FLIPBOOK_BINARY`, else next to (or a few folders above) the test runner,
  /// which SwiftPM puts in the products directory, else the package's `.build/debug`.
  static func url() throws -> URL {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["FLIPBOOK_BINARY"], !path.isEmpty {
      candidates.append(URL(fileURLWithPath: path))
    }
    var runners: [URL] = []
    if let executable = Bundle.main.executableURL { runners.append(executable) }
    runners.append(URL(fileURLWithPath: CommandLine.arguments[0]))
    runners += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    for runner in runners {
      // Linux: .build/<triple>/debug/XPackageTests.xctest (an executable);
      // macOS: .build/<triple>/debug/XPackageTests.xctest/Contents/MacOS/XPackageTests.
      var directory = runner.resolvingSymlinksInPath().deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("flipbook"))
        directory = directory.deletingLastPathComponent()
      }
    }
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while root.path != "/" {
      if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        candidates.append(root.appendingPathComponent(".build/debug/flipbook"))
        break
      }
      root = root.deletingLastPathComponent()
    }
    for candidate in candidates {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
    }
    throw LookupError.notFound(candidates.map(\.path))
  }

  /// Runs `flipbook` with `arguments` (in `folder`, or this process's current folder), capturing what it
  /// prints (see `ExternalTool.capture`).
  static func run(_ arguments: [String], in folder: String? = nil) throws -> Output {
    let result = try ExternalTool.capture(try url(), arguments, in: folder)
    return Output(
      exitCode: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
      stderr: String(decoding: result.stderr, as: UTF8.self))
  }
}
