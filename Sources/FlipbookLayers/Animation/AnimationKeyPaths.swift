import FlipbookGraphics
import Foundation

// MARK: - AnimationKeyPaths

/// Every animatable key path by its Core Animation name, grouped by value type: what a document's
/// `"keyPath": "strokeEnd"` or a UIKit-style `CABasicAnimation(keyPath: "transform.rotation.z")` names.
public enum AnimationKeyPaths {
  /// The key paths whose values are numbers.
  public static let doubles: [String: AnimationKeyPath<Double>] = Dictionary(
    uniqueKeysWithValues: [
      .opacity, .cornerRadius, .borderWidth, .zPosition, .shadowOpacity, .shadowRadius, .positionX, .positionY,
      .boundsWidth, .boundsHeight, .rotation, .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ,
      .translationX, .translationY, .translationZ, .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase, .miterLimit,
      .fontSize, .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
    ].map { ($0.name, $0) })
  /// The key paths whose values are points.
  public static let points: [String: AnimationKeyPath<CGPoint>] = Dictionary(
    uniqueKeysWithValues: [.position, .anchorPoint, .boundsOrigin].map { ($0.name, $0) })
  /// The key paths whose values are sizes.
  public static let sizes: [String: AnimationKeyPath<CGSize>] = Dictionary(
    uniqueKeysWithValues: [.boundsSize, .shadowOffset, .translation].map { ($0.name, $0) })
  /// The key paths whose values are rectangles.
  public static let rects: [String: AnimationKeyPath<CGRect>] = Dictionary(
    uniqueKeysWithValues: [.bounds, .contentsRect, .contentsCenter].map { ($0.name, $0) })
  /// The key paths whose values are colours.
  public static let colors: [String: AnimationKeyPath<Color>] = Dictionary(
    uniqueKeysWithValues: [
      .backgroundColor, .borderColor, .shadowColor, .strokeColor, .fillColor, .foregroundColor, .instanceColor,
    ].map { ($0.name, $0) })
  /// The key paths whose values are 3D transforms.
  public static let transforms: [String: AnimationKeyPath<Transform3D>] = Dictionary(
    uniqueKeysWithValues: [.transform, .sublayerTransform, .instanceTransform].map { ($0.name, $0) })

  /// Every animatable name, with `hidden`, `contents` and `path`.
  public static var allNames: Set<String> {
    Set(doubles.keys).union(points.keys).union(sizes.keys).union(rects.keys).union(colors.keys)
      .union(transforms.keys).union(["hidden", "contents", "path"])
  }
}
