import Testing

@testable import FlipbookSupport

@Suite("Freed memory kept for reuse")
struct FreedMemoryTests {
  @Test("glibc takes both settings: the heap block limit is within its 32 MiB maximum")
  func settingsTaken() {
    #expect(FreedMemory.largestHeapBlock <= 32 << 20)
    #expect(FreedMemory.keptAtTop >= 2 * FreedMemory.largestHeapBlock)
    #expect(FreedMemory.keepForReuse())
  }
}
