import Foundation
import Testing

@testable import FlipbookGraphics

/// Drawing into a written image's storage gives the pixels a fresh image would, and reuses the storage
/// only when nothing else holds it.
@Suite("Drawing into recycled storage")
struct RecycledDrawingTests {
  func draw(_ color: Color, _ rect: CGRect) -> (Canvas) throws(GraphicsError) -> Void {
    { canvas in canvas.fill(Path(rect: rect), color: color) }
  }

  func address(_ image: Image) -> UnsafeRawPointer? { image.pixels.withUnsafeBytes { $0.baseAddress } }

  @Test("A recycled image is cleared and drawn again: the same pixels as a fresh one, in the same storage")
  func sameAsFresh() throws {
    var recycled: Image? = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 2, draw(.black, CGRect(x: 0, y: 0, width: 20, height: 15)))
    let storage = recycled.flatMap(address)
    let fresh = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 2, draw(Color(hex: "#FF000080")!, CGRect(x: 5, y: 5, width: 4, height: 4))
    )
    let again = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 2, recycling: &recycled,
      draw(Color(hex: "#FF000080")!, CGRect(x: 5, y: 5, width: 4, height: 4)))
    #expect(again == fresh, "cleared first: nothing of the black square is left")
    #expect(recycled == nil, "taken")
    #expect(address(again) == storage, "drawn into the recycled storage")
  }

  @Test("Storage someone else still holds, or of another size, is not drawn over")
  func sharedOrOtherSize() throws {
    let kept = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 1, draw(.black, CGRect(x: 0, y: 0, width: 40, height: 30)))
    var recycled: Image? = kept
    let drawn = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 1, recycling: &recycled,
      draw(.white, CGRect(x: 0, y: 0, width: 1, height: 1)))
    #expect(kept.pixel(x: 10, y: 10) == RGBA8(0, 0, 0), "the held image is untouched")
    #expect(address(drawn) != address(kept))
    var small: Image? = try Image(width: 4, height: 4)
    let other = try Image.drawing(
      pixelWidth: 40, pixelHeight: 30, scale: 1, recycling: &small,
      draw(.white, CGRect(x: 0, y: 0, width: 1, height: 1)))
    #expect(other.width == 40 && small == nil)
  }
}
