import CFlipbook
import FlipbookGraphics
import Foundation

// MARK: - FastPNGEncoder

/// Flipbook's own PNG encoder for rendered frames (`fastpng.c`), the encoder behind `PNGOptions.fast`:
/// one pass that converts, filters (None, Sub or Up per row) and checksums, a run and short-match
/// finder for flat UI frames, and a Huffman code fitted to each block. It decodes to exactly the pixels
/// libpng's path writes (the same un-premultiply table), RGB when the image is opaque.
///
/// An encoder keeps its buffers between calls, so encoding frame after frame allocates nothing once
/// they have grown to the frame size. It also remembers the blocks it last compressed, with a copy of the
/// rows each came from: where the next image has exactly those rows (the list below a turning spinner),
/// the block's bits are written again instead of being filtered and compressed. A block's bits depend on
/// its rows alone, so the bytes are the same whatever the encoder wrote before, and encoders may share
/// what they remember (`SharedBlocks`). It is not thread-safe: use one per thread, or
/// `FastPNGEncoder.Pool`.
public final class FastPNGEncoder {
  private let context: OpaquePointer
  /// The memory of blocks this encoder shares, if any, kept alive as long as the encoder uses it.
  private let sharedBlocks: SharedBlocks?

  /// A new encoder with empty buffers, remembering blocks on its own; throws only when memory for its
  /// context cannot be had.
  public convenience init() throws(GraphicsError) { try self.init(remembering: nil) }

  /// A new encoder that remembers blocks in `blocks`, with the other encoders sharing them.
  public convenience init(sharing blocks: SharedBlocks) throws(GraphicsError) { try self.init(remembering: blocks) }

  private init(remembering blocks: SharedBlocks?) throws(GraphicsError) {
    guard let context = fb_fastpng_create() else { throw .pngEncode(reason: "out of memory") }
    self.context = context
    sharedBlocks = blocks
    if let blocks { fb_fastpng_use_memory(context, blocks.memory) }
  }

  deinit { fb_fastpng_destroy(context) }

  /// Limits the encoder to the vector instructions of `level` (0 the architecture's baseline, 1 SSSE3,
  /// 2 AVX2), capped at what the CPU has, and returns the level in force. Every level writes the same
  /// bytes; this is for the tests that check it.
  func limitInstructions(to level: Int) -> Int { Int(fb_fastpng_set_instruction_level(context, Int32(level))) }

  /// How many deflate blocks the last encode wrote again from the encoder's memory of the image before
  /// (the same rows, the same bits) rather than compressing them: how much of a frame was new to it.
  public var blocksReusedLastTime: Int { Int(fb_fastpng_reused_blocks(context)) }

  /// Calls `body` with the PNG of `image`, held in the encoder's own buffer: valid only during `body`,
  /// and overwritten by the next encode. RGBA is written when the image has a pixel that is not opaque,
  /// or always with `keepAlpha`.
  public func withPNG<R>(
    of image: Image, keepAlpha: Bool = false, _ body: (UnsafeRawBufferPointer) throws(GraphicsError) -> R
  ) throws(GraphicsError) -> R {
    var error = [CChar](repeating: 0, count: 256)
    var bytes: UnsafePointer<UInt8>?
    var size = 0
    let status = image.pixels.withUnsafeBufferPointer { src in
      error.withUnsafeMutableBufferPointer { message in
        fb_fastpng_encode(
          context, src.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
          keepAlpha ? 1 : 0, &bytes, &size, message.baseAddress, message.count)
      }
    }
    guard status == 0, let bytes else {
      throw .pngEncode(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return try body(UnsafeRawBufferPointer(start: bytes, count: size))
  }

  /// The PNG of `image` as `Data` (one copy of the compressed bytes out of the encoder's buffer).
  public func pngData(_ image: Image, keepAlpha: Bool = false) throws(GraphicsError) -> Data {
    try withPNG(of: image, keepAlpha: keepAlpha) { bytes in Data(bytes) }
  }
}

// MARK: - SharedBlocks

extension FastPNGEncoder {
  /// Deflate blocks remembered with the rows they came from, for encoders on any threads to share
  /// (`fastpng_memory.c`, each block under its own lock): a block one encoder wrote, another writes again
  /// where its image has the same rows. A pool's encoders share one, so a render keeps one frame's rows
  /// (2.4 MB at 640x960) however many workers encode.
  public final class SharedBlocks: @unchecked Sendable {
    let memory: OpaquePointer

    /// An empty memory; throws only when memory for it cannot be had.
    public init() throws(GraphicsError) {
      guard let memory = fb_fastpng_memory_create() else { throw .pngEncode(reason: "out of memory") }
      self.memory = memory
    }

    deinit { fb_fastpng_memory_destroy(memory) }
  }
}

// MARK: - Pool

extension FastPNGEncoder {
  /// Encoders shared by whatever threads encode at the same time: each call takes an idle encoder (or
  /// makes one) and gives it back, so a render's workers reuse as many encoders as ran at once, frame
  /// after frame, without knowing which worker they are. They remember blocks in one `SharedBlocks`.
  public final class Pool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [FastPNGEncoder] = []
    /// What the pool's encoders remember; nil (each remembering on its own) if it could not be had.
    private let blocks = try? SharedBlocks()

    /// Images larger than this many pixels are encoded by an encoder of their own that is then dropped,
    /// with the rows it remembered, so one huge image does not leave its buffers (about 4 bytes a pixel
    /// for the rows, and the encoder's block of work) held for the rest of the process. 4096 x 4096
    /// covers every frame size the examples render.
    public static let largestPooledPixels = 4096 * 4096

    /// An empty pool; encoders are made as threads first ask for one.
    public init() {}

    /// The PNG of `image`, from a pooled encoder.
    public func pngData(_ image: Image, keepAlpha: Bool = false) throws(GraphicsError) -> Data {
      guard image.width * image.height <= Pool.largestPooledPixels else {
        return try FastPNGEncoder().pngData(image, keepAlpha: keepAlpha)
      }
      let encoder = try take()
      let data = try encoder.pngData(image, keepAlpha: keepAlpha)
      giveBack(encoder)
      return data
    }

    private func take() throws(GraphicsError) -> FastPNGEncoder {
      if let encoder = lock.withLock({ idle.popLast() }) { return encoder }
      if let blocks { return try FastPNGEncoder(sharing: blocks) }
      return try FastPNGEncoder()
    }

    private func giveBack(_ encoder: FastPNGEncoder) {
      lock.withLock { idle.append(encoder) }
    }
  }

  /// The pool `Image.pngData(options: .fast)` encodes with.
  public static let shared = Pool()
}
