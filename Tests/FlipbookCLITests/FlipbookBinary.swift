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

  /// Runs `flipbook` with `arguments`; stdout and stderr are captured through files, so large
  /// outputs cannot block the child.
  static func run(_ arguments: [String]) throws -> Output {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("flipbook-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)

    let process = Process()
    process.executableURL = try url()
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return Output(
      exitCode: process.terminationStatus,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8)
    )
  }
}
