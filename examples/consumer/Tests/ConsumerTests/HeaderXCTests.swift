import FlipbookTesting
import XCTest

final class HeaderXCTests: XCTestCase {
  func testHeader() {
    let header = Layer()
    header.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
    header.position = CGPoint(x: 60, y: 20)
    header.backgroundColor = Color(red: 0.89, green: 0.91, blue: 0.94)
    withSnapshotTesting(diffTool: "flipbook diff {expected} {actual} -o {artifacts}") {
      assertSnapshot(of: header, as: .image, named: "header")
      assertSnapshots(of: header, as: ["1x": .image(scale: 1), "3x": .image(scale: 3)], named: "header")
    }
  }
}
