import FlipbookTesting
import Testing

@Suite struct VariantTests {
  @Test func badge() throws {
    let badge = Layer()
    badge.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
    badge.position = CGPoint(x: 12, y: 12)
    badge.backgroundColor = Color(red: 0.89, green: 0.91, blue: 0.94)
    badge.cornerRadius = 12
    assertSnapshots(
      of: badge,
      as: [
        .image,  // badge.1.png: every pixel must match
        .image(scale: 3, tolerance: .perceptual()),  // badge.2.png: pixelmatch's threshold 0.1
        .image(precision: 0.985, perceptualPrecision: 0.97),  // badge.3.png: swift-snapshot-testing's knobs
      ])
    let message = verifySnapshot(of: badge, as: .inspection, named: "badge")  // the message, without failing
    try #require(message == nil, "\(message ?? "")")
  }

  @Test func noOrphanedReferences() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    #expect(try SnapshotHygiene.orphanedReferences(in: tests) == [])
  }
}
