import CWebP
import FlipbookGraphics

// MARK: - AnimatedWebP

/// Animated WebP, byte for byte as libwebp's `WebPAnimEncoder` (Debian's libwebp-dev) writes it, but with
/// the frames compressed on several threads: far smaller than an animated PNG for the same frames,
/// lossless or lossy, with full 8-bit alpha, and played by every current browser.
///
/// What the format forces, and what `Encoder` does about it:
/// - Frame durations are whole milliseconds. The caller gives each frame's exact start time and the
///   encoder places it on the nearest millisecond counted from the first frame, so rounding never
///   accumulates: 60 fps becomes 17, 16, 17, 17, 16, 17 ms, every frame starts within 0.5 ms of its
///   exact time, and the total is the exact total rounded.
/// - Pixels are straight (not premultiplied) ARGB; frames are un-premultiplied on the way in. For
///   lossless output this is exact: premultiplying the decoded colour gives back the original pixel.
/// - The canvas is at most 16383 pixels a side (`maxSide`), one less than `ImageLimits.maxSide`.
///
/// Some viewers stretch frames of 10 ms or less to 100 ms, as browsers do GIF's, so animations above
/// 100 fps may play slowly there; that is the viewer's rule, not the file's.
public enum AnimatedWebP {
  /// How frames are compressed.
  public enum Quality: Hashable, Sendable {
    /// Every pixel decodes exactly as it was given (WebP's VP8L coding).
    case lossless
    /// VP8 coding at libwebp's quality 0 (smallest) through 100 (best); alpha stays lossless.
    case lossy(Int)
  }

  /// The longest canvas side WebP can store.
  public static let maxSide = Int(WEBP_MAX_DIMENSION)

  /// The largest loop count the ANIM chunk can store (0 loops forever).
  public static let maxLoopCount = Int(UInt16.max)

  /// One more than the longest duration, in milliseconds, an ANMF chunk can store (24 bits).
  static let maxDuration = 1 << 24
}
