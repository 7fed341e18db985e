import FlipbookLayers
import Foundation

// MARK: - RefreshBinding

/// A property of a named layer that follows an input: `strokeEnd` of `oval` is the pull's progress.
///
/// How the value lands is explicit, because Core Animation gives two answers:
/// - `set`: inside a transaction with actions disabled, so the layer shows the value at once;
/// - `implicit`: a plain assignment, so a standalone layer runs its implicit animation (0.25 s from what
///   is on screen, as the airplane's oval does when `redrawFromProgress:` sets it); a layer that backs a
///   view never animates this way.
public struct RefreshBinding: @unchecked Sendable {
  /// How the bound value reaches the layer: at once, or through the layer's implicit animation.
  public enum Application: String, Sendable, CaseIterable {
    /// With actions disabled: the layer shows the value at once.
    case set
    /// A plain assignment: a standalone layer animates to it implicitly.
    case implicit
  }

  /// The `name` of the layer the binding drives, found once in the view.
  public let layerName: String
  /// Which input the value follows.
  public let input: RefreshInput
  /// How the value lands on the layer.
  public let application: Application
  /// The phases the binding runs in; nil, every phase. Outside them the property keeps what it was last given,
  /// while the view's other bindings go on following the pull.
  public var phases: Set<RefreshPhase>?
  /// Writes the mapped value (or nothing, when the map has none) to the layer.
  let assign: (Layer, RefreshInputs) -> Void

  /// Binds any property through a setter: `{ ($0 as? TextLayer)?.string = $1 }` for a label's text.
  public init<Value>(
    layer layerName: String, input: RefreshInput, map: RefreshMap<Value>, application: Application,
    set: @escaping (Layer, Value) -> Void
  ) {
    self.layerName = layerName
    self.input = input
    self.application = application
    assign = { layer, inputs in
      if let value = map.value(input, inputs) { set(layer, value) }
    }
  }

  /// Binds an animatable property by its key path.
  public init<Value: Animatable>(
    _ keyPath: AnimationKeyPath<Value>, of layerName: String, to input: RefreshInput, map: RefreshMap<Value>,
    application: Application
  ) {
    self.init(layer: layerName, input: input, map: map, application: application) { layer, value in
      keyPath.assign(value, to: layer)
    }
  }

  /// Applies the binding to `layer` for `inputs`, if it runs in their phase.
  func apply(to layer: Layer, _ inputs: RefreshInputs) {
    if let phases, !phases.contains(inputs.phase) { return }
    if application == .set { layer.withActionsDisabled { assign(layer, inputs) } } else { assign(layer, inputs) }
  }
}
