import FlipbookGraphics
import FlipbookLayers
import FlipbookScene
import Foundation

// MARK: - Layer trees

extension Snapshotting where Value == Layer, Format == Image {
  /// What the tree shows now, at scale 2 on a transparent background, compared pixel for pixel: the bare
  /// `.image` of swift-snapshot-testing.
  public static var image: Snapshotting { .image() }

  /// What the tree shows now (its presentation), rasterized at `scale`.
  public static func image(scale: Double = 2, background: Color? = nil, tolerance: ImageTolerance = .strict)
    -> Snapshotting
  {
    Snapshotting<Image, Image>.image(tolerance: tolerance).pullback { layer in
      do {
        return try LayerRenderer(scale: scale, background: background).render(layer)
      } catch {
        throw SnapshotError("cannot render the layer tree: \(error)")
      }
    }
  }

  /// What the tree shows now, rasterized at `scale` and judged as swift-snapshot-testing's
  /// `.image(precision:perceptualPrecision:)` judges it: the tolerance lottie-ios's snapshot tests are written in.
  public static func image(
    scale: Double = 2, background: Color? = nil, precision: Float = 1, perceptualPrecision: Float = 1
  ) -> Snapshotting {
    .image(
      scale: scale, background: background, tolerance: .precision(precision, perceptualPrecision: perceptualPrecision))
  }
}

extension Snapshotting where Value == Layer, Format == String {
  /// The tree's presentation as JSON text, the shape of `flipbook inspect`: reviewable in a diff.
  public static var inspection: Snapshotting {
    Snapshotting<String, String>.lines.pullback { layer in LayerInspector.text(of: layer.presentation()) }
  }
}
