import Foundation
import Testing

@testable import FlipbookTesting

@Suite("Record modes")
struct RecordModeTests {
  @Test("Default missing; SNAPSHOT_TESTING_RECORD chooses; CI forces never; an explicit argument wins")
  func resolution() {
    #expect(RecordMode.resolve(environment: [:]) == .missing)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "FAILED"]) == .failed)
    #expect(RecordMode.resolve(environment: ["SNAPSHOT_TESTING_RECORD": "bogus"]) == .missing)
    #expect(RecordMode.resolve(environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]) == .never)
    #expect(RecordMode.resolve(environment: ["CI": "false"]) == .missing)
    #expect(RecordMode.resolve(.all, environment: ["CI": "1"]) == .all)
  }

  @Test("A trait sets the mode for the test", .snapshots(record: .failed))
  func trait() {
    #expect(RecordMode.resolve(environment: [:]) == .failed)
    #expect(RecordMode.resolve(environment: ["CI": "1"]) == .never)
  }
}
