// MARK: - StraightRGBA

/// A premultiplied ARGB32 pixel unpremultiplied to the straight 8-bit RGBA a PNG stores, which is what
/// pixelmatch compares.
///
/// Premultiplying loses information: the decoder stores `p = (c × a + 127) / 255`, so for alpha below 255
/// several straight values give the same `p`. Unpremultiplying picks the nearest, `(p × 255 + a / 2) / a`,
/// which gives back exactly the straight value of any PNG whose translucent pixels are in this canonical
/// form (and a fully transparent pixel is (0, 0, 0, 0)). Files with other straight values of translucent
/// pixels can give pixelmatch counts that differ at threshold ties; opaque pixels are always exact.
struct StraightRGBA: Equatable {
  let r: Int
  let g: Int
  let b: Int
  let a: Int

  @inline(__always)
  init(_ p: UInt32) {
    let alpha = Int(p >> 24)
    let pr = Int((p >> 16) & 0xFF)
    let pg = Int((p >> 8) & 0xFF)
    let pb = Int(p & 0xFF)
    a = alpha
    switch alpha {
    case 255: (r, g, b) = (pr, pg, pb)
    case 0: (r, g, b) = (0, 0, 0)
    default:
      @inline(__always) func straight(_ c: Int) -> Int { min(255, (c * 255 + alpha / 2) / alpha) }
      (r, g, b) = (straight(pr), straight(pg), straight(pb))
    }
  }
}
