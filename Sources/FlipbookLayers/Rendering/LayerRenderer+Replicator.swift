import FlipbookGraphics
import Foundation

// MARK: - Replicators

extension LayerRenderer {
  /// Draws a replicator's instances in order (`CAReplicatorLayer`), each tinted by its colour.
  ///
  /// Tinting costs what it must: an opaque white instance is drawn straight; one that only fades and
  /// holds one sublayer hands the fade to that sublayer's own opacity (the same group opacity, often
  /// without a group); anything else is drawn into a group no larger than the instance, which is then
  /// faded, or multiplied channel by channel when the colour is not white.
  func drawInstances(of replicator: ReplicatorLayer, on canvas: Canvas, transform: Transform2D) throws(GraphicsError) {
    let toDevice = Homography(transform)
    for instance in replicator.instances {
      let tint = instance.color
      guard tint.alpha > 0 else { continue }
      let fadesOnly = tint.red >= 1 && tint.green >= 1 && tint.blue >= 1
      func drawSublayers(fade: Double) throws(GraphicsError) {
        for sublayer in instance.sublayers {
          let map = replicator.map(of: sublayer, in: instance).concatenating(toDevice)
          try draw(sublayer, on: canvas, toDevice: map, fade: fade)
        }
      }
      if fadesOnly, tint.alpha >= 1 || instance.sublayers.count == 1 {
        try drawSublayers(fade: min(tint.alpha, 1))
        continue
      }
      canvas.save()
      canvas.setTransform(transform)
      if let box = Self.coverage(of: instance, in: replicator) { canvas.clip(to: box) }
      canvas.beginGroup()
      try drawSublayers(fade: 1)
      if fadesOnly { canvas.endGroup(opacity: tint.alpha) } else { canvas.endGroup(tint: tint) }
      canvas.restore()
    }
  }

  /// What one instance can cover, in the replicator's bounds space; nil when unknown (behind the eye).
  static func coverage(of instance: ReplicatorInstance, in replicator: ReplicatorLayer) -> CGRect? {
    var box: CGRect?
    for sublayer in instance.sublayers where !sublayer.isHidden {
      guard let covered = coverage(of: sublayer, through: replicator.map(of: sublayer, in: instance)) else {
        return nil
      }
      box = box?.union(covered) ?? covered
    }
    return box ?? .zero
  }

  /// The area a replicator and all its instances cover, in its bounds space.
  static func replicatedBounds(of replicator: ReplicatorLayer) -> CGRect {
    var box = replicator.contentBounds
    for instance in replicator.instances {
      for sublayer in instance.sublayers where !sublayer.isHidden {
        guard let covered = coverage(of: sublayer, through: replicator.map(of: sublayer, in: instance)) else {
          continue
        }
        box = box.union(covered)
      }
    }
    return box
  }
}
