import FlipbookGraphics
import Foundation
import Testing

@testable import FlipbookPreview

/// A w x h image filled with one opaque colour.
func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int = 40, height: Int = 30) throws -> Image {
  try Image(width: width, height: height, rgba: (0..<width * height).flatMap { _ in [r, g, b, 255] })
}

@Suite("Contact sheets")
struct ContactSheetTests {
  @Test("every(N) picks frames 0, N, 2N…; cells are laid out in reading order with padding between and around")
  func layoutEvery() throws {
    let folder = try writeFrameFolder((0..<10).map { _ in try solid(10, 20, 30) })
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let sheet = ContactSheet(columns: 4, cellWidth: 100, padding: 8)
    #expect(try sheet.frameIndices(for: .every(3), in: sequence) == [0, 3, 6, 9])
    #expect(try sheet.layout(for: sequence, selection: .every(3)).cells.count == 4)
    #expect(try sheet.layout(for: sequence, selection: .every(4)).cells.count == 3)

    // 40x30 frames in 100-point cells: 75-point pictures plus the 18-point label band.
    let layout = try sheet.layout(for: sequence, selection: .every(1))
    let cellHeight = 75 + ContactSheet.labelBandHeight
    #expect(layout.cells.count == 10)
    #expect(layout.cells[0] == CGRect(x: 8, y: 8, width: 100, height: cellHeight))
    #expect(layout.cells[1] == CGRect(x: 116, y: 8, width: 100, height: cellHeight))
    #expect(layout.cells[3] == CGRect(x: 332, y: 8, width: 100, height: cellHeight))
    #expect(layout.cells[4] == CGRect(x: 8, y: 16 + cellHeight, width: 100, height: cellHeight))
    #expect(layout.pictures[5] == CGRect(x: 116, y: 16 + cellHeight, width: 100, height: 75))
    #expect(layout.labels[5] == CGRect(x: 116, y: 16 + cellHeight + 75, width: 100, height: cellHeight - 75))
    // columns × cell + (columns + 1) × padding wide; 3 rows high.
    #expect(layout.size == CGSize(width: 4 * 100 + 5 * 8, height: 3 * cellHeight + 4 * 8))

    let image = try sheet.render(sequence, selection: .every(1))
    #expect(image.width == 440 && image.height == Int(3 * cellHeight + 32))
  }

  @Test("Fewer cells than columns make a narrower sheet; unlabelled cells have no band")
  func narrowAndUnlabelled() throws {
    let folder = try writeFrameFolder([try solid(0, 0, 0), try solid(9, 9, 9)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let layout = try ContactSheet(cellWidth: 80, labelled: false).layout(for: sequence, selection: .every(1))
    #expect(layout.size == CGSize(width: 8 + 2 * 88, height: 8 + 60 + 8))
    #expect(layout.labels.allSatisfy { $0.height == 0 })
  }

  @Test("The default cell is the frame width, capped at 200 px")
  func defaultCellWidth() throws {
    let small = try writeFrameFolder([try solid(0, 0, 0)])
    let large = try writeFrameFolder([try solid(0, 0, 0, width: 640, height: 960)])
    defer {
      try? FileManager.default.removeItem(at: small)
      try? FileManager.default.removeItem(at: large)
    }
    let sheet = ContactSheet()
    #expect(try sheet.layout(for: FrameSequence.load(folder: small.path), selection: .every(1)).pictures[0].width == 40)
    let big = try sheet.layout(for: FrameSequence.load(folder: large.path), selection: .every(1)).pictures[0]
    #expect(big.width == 200 && big.height == 300)
  }

  @Test("Each cell shows its frame scaled down, on the grey background, with dark label text under it")
  func pixels() throws {
    let colours: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 160, 60), (30, 60, 200), (240, 200, 20)]
    let folder = try writeFrameFolder(
      try colours.map { try solid($0.0, $0.1, $0.2, width: 200, height: 100) },
      extra: [
        #""refreshState": "pulling", "refreshProgress": 1, "# + scrollAtRest,
        #""refreshState": "loading", "refreshProgress": 1, "# + scrollAtRest,
      ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let sheet = ContactSheet(columns: 2, cellWidth: 120)
    let layout = try sheet.layout(for: sequence, selection: .every(1))
    let image = try sheet.render(sequence, selection: .every(1))
    for (cell, colour) in colours.enumerated() {
      let picture = layout.pictures[cell]
      #expect(picture.height == 60)
      let pixel = image.pixel(x: Int(picture.midX), y: Int(picture.midY))
      #expect(pixel == RGBA8(colour.0, colour.1, colour.2), "cell \(cell)")

      // The label band is mostly background with some dark glyph pixels.
      let band = layout.labels[cell]
      var darkest = 255
      for y in Int(band.minY)..<Int(band.maxY) {
        for x in Int(band.minX)..<Int(band.maxX) {
          let p = image.pixel(x: x, y: y)
          darkest = min(darkest, (Int(p.r) + Int(p.g) + Int(p.b)) / 3)
        }
      }
      #expect(darkest < 100, "cell \(cell) has no label text")
    }
    // Padding between the cells is the background grey (0.9 white).
    let gap = image.pixel(x: Int(layout.cells[0].maxX) + 4, y: Int(layout.cells[0].midY))
    #expect(abs(Int(gap.r) - 230) <= 1 && gap.r == gap.g && gap.g == gap.b)
    #expect(ContactSheet.label(for: sequence.frames[1]) == "0.10 s · loading")
    #expect(ContactSheet.label(for: sequence.frames[2]) == "0.20 s · pulling")
  }

  @Test("Labels are dark on a light background and light on a dark one; padding and background are honoured")
  func darkBackground() throws {
    #expect(ContactSheet().labelColor == Color(white: 0.15))
    let dark = ContactSheet(columns: 2, cellWidth: 60, padding: 3, background: Color(hex: "#203040")!)
    #expect(dark.labelColor == Color(white: 0.92))
    let folder = try writeFrameFolder([
      try solid(200, 0, 0, width: 60, height: 30), try solid(0, 0, 200, width: 60, height: 30),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let layout = try dark.layout(for: sequence, selection: .every(1))
    #expect(layout.pictures[0].minX == 3 && layout.pictures[1].minX == 66)
    let image = try dark.render(sequence, selection: .every(1))
    #expect(image.pixel(x: 1, y: 1) == RGBA8(0x20, 0x30, 0x40))
  }

  @Test("A label is the time with two decimals, without a state when the entry has none")
  func labelWithoutState() throws {
    let folder = try writeFrameFolder([try solid(0, 0, 0)] + Array(repeating: try solid(1, 1, 1), count: 5), fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    #expect(ContactSheet.label(for: sequence.frames[5]) == "0.50 s")
  }

  @Test("times([…]) picks the frame on screen at each time (compared exactly), the last frame past the end")
  func selectByTimes() throws {
    let folder = try writeFrameFolder((0..<11).map { try solid(UInt8($0), 0, 0) }, fps: 10)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let sheet = ContactSheet()
    #expect(try sheet.frameIndices(for: .times([0, 0.25, 0.3, 0.31, 1, 5]), in: sequence) == [0, 2, 3, 3, 10, 10])
    #expect(throws: PreviewError.self) { try sheet.frameIndices(for: .times([]), in: sequence) }
    #expect(throws: PreviewError.self) { try sheet.frameIndices(for: .every(0), in: sequence) }
  }

  @Test("progress([…]) picks where refreshProgress first reaches each value, else the nearest time fraction")
  func selectByProgress() throws {
    let progress = [0, 0.1, 0.3, 0.6, 0.8, 1, 1, 0.7, 0.2, 0, 0]
    let folder = try writeFrameFolder(
      (0..<11).map { try solid(UInt8($0), 0, 0) }, fps: 10,
      extra: progress.map { #""refreshState": "normal", "refreshProgress": \#($0), "# + scrollAtRest })
    defer { try? FileManager.default.removeItem(at: folder) }
    let sequence = try FrameSequence.load(folder: folder.path)
    let sheet = ContactSheet()
    #expect(try sheet.frameIndices(for: .progress([0, 0.25, 0.5, 0.75, 1]), in: sequence) == [0, 2, 3, 4, 5])
    // 1.5 is never reached: the frame nearest 100 % of the duration stands in.
    #expect(try sheet.frameIndices(for: .progress([1.5]), in: sequence) == [10])

    let plain = try writeFrameFolder((0..<11).map { try solid(UInt8($0), 0, 0) }, fps: 10)
    defer { try? FileManager.default.removeItem(at: plain) }
    let scene = try FrameSequence.load(folder: plain.path)
    #expect(try sheet.frameIndices(for: .progress([0, 0.24, 0.5, 1]), in: scene) == [0, 2, 5, 10])
    #expect(try sheet.render(scene, selection: .progress([0, 0.5, 1])).width == 8 + 3 * 48)
  }
}
