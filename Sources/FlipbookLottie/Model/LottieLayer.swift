import FlipbookGraphics
import FlipbookJSON
import Foundation

// MARK: - LottieLayer

/// One layer of a composition (`layers[]`), as lottie-ios's `LayerModel` and its subclasses read it
/// (`Sources/Private/Model/Layers/`, 4.6.1).
public struct LottieLayer {
  /// What the layer draws, by its type `ty`.
  public enum Content {
    /// `ty` 0: the layers of precomposition asset `refId`, in a `width` × `height` frame (clipped to it), with an
    /// optional time remapping `tm` in seconds.
    case precomp(refId: String, width: Double, height: Double, timeRemapping: LottieKeyframes<Double>?)
    /// `ty` 1: a `width` × `height` rectangle of `color` (`sc`, `sw`, `sh`).
    case solid(color: Color, width: Double, height: Double)
    /// `ty` 2: image asset `refId`.
    case image(refId: String)
    /// `ty` 3: nothing; only its transform, for parenting.
    case null
    /// `ty` 4: shapes.
    case shape([ShapeItem])
    /// `ty` 5: text.
    case text(LottieTextDocument)
    /// Another `ty`: nothing drawn (lottie-ios draws type 6, audio, as nothing and reads later types as null
    /// layers).
    case unsupported(type: Int)
  }

  /// Its name (`nm`), the key of dynamic-property keypaths; "Layer" when absent, as lottie-ios names it.
  public var name: String
  /// Its index (`ind`), which children name as their `parent`.
  public var index: Int?
  /// The index of the layer whose transform applies above this one's (`parent`).
  public var parent: Int?
  /// What it draws.
  public var content: Content
  /// The frame it appears at (`ip`), in the composition's frames.
  public var inFrame: Double
  /// The frame it disappears at (`op`).
  public var outFrame: Double
  /// Where its own time 0 sits in the composition's frames (`st`).
  public var startTime: Double
  /// Its time stretch (`sr`): 2 plays its precomposition at half speed.
  public var timeStretch: Double
  /// Its transform (`ks`).
  public var transform: LottieTransform
  /// Hidden in After Effects (`hd`): only its transform is kept, for children.
  public var isHidden: Bool
  /// Its blend mode (`bm`, 0 normal).
  public var blendMode: Int
  /// Whether it is a 3D layer (`ddd`).
  public var is3D: Bool
  /// Auto-orient along its path (`ao`).
  public var autoOrient: Bool
  /// How it uses the layer above as its track matte (`tt`).
  public var matte: LottieMatteType?
  /// Whether it is another layer's matte (`td`); lottie-ios pairs mattes by order and ignores it.
  public var isMatteSource: Bool
  /// Its masks (`masksProperties`).
  public var masks: [LottieMask]
  /// Its effects (`ef`) followed by its layer styles (`sy`), which lottie-ios reads alike for drop shadows.
  public var effects: [LottieEffect]
  /// Where in the file it was read (`$.layers[3]`), for messages.
  public var path: String

  /// The frame of this layer's own timeline shown at composition frame `frame` (start time and stretch).
  public func localFrame(forCompositionFrame frame: Double) -> Double { (frame - startTime) / timeStretch }
}
