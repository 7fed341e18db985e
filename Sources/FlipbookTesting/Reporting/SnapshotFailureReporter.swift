import Foundation
import Testing
import XCTest

// MARK: - Failing the running test, whichever framework runs it

/// Turns a snapshot failure into a failure of the running test. Under Swift Testing (`Test.current` is
/// set) it records an issue and attaches the failure files; otherwise it fails the running XCTest case
/// with `XCTFail`, so an XCTest suite cannot go green on a missing or mismatching snapshot.
enum SnapshotFailureReporter {
  static func report(_ message: String, attachments: [(name: String, data: Data)] = [], at site: SnapshotCallSite) {
    if Test.current != nil {
      for (name, data) in attachments {
        Attachment.record(Array(data), named: name, sourceLocation: site.sourceLocation)
      }
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
    } else {
      // swift-corelibs-xctest has no attachments; the message names every file instead.
      XCTFail(message, file: site.filePath, line: site.line)
    }
  }
}
