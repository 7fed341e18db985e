import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - RefreshMap

/// How a binding turns an input into a property value: a range (input a…b to values v0…v1), keyframes
/// (several input/value pairs), or a value per name (per phase for `state`, per `true`/`false` for
/// `beyondThreshold`).
///
/// Ranges and keyframes clamp the input to their ends unless told not to (then they extrapolate the
/// first or last stretch), and may ease each stretch with a timing function, applied to the fraction of
/// the stretch covered: a `strokeEnd` bound to progress through an easeIn range is 0.3153… at 0.5.
public struct RefreshMap<Value>: @unchecked Sendable {
  /// The value for `inputs`' `input`, or nil when the map has none (a name that is not listed and no
  /// fallback): the property is then left as it is.
  public let value: (_ input: RefreshInput, _ inputs: RefreshInputs) -> Value?

  /// A map from its function; the static builders make the common ones (ranges, stops, names).
  public init(_ value: @escaping (_ input: RefreshInput, _ inputs: RefreshInputs) -> Value?) {
    self.value = value
  }

  /// A value per name (`idle`, `armed`… for `state`; `true`, `false` for `beyondThreshold`); names not
  /// listed take `otherwise`, or leave the property alone when it is nil.
  public static func names(_ values: [String: Value], otherwise: Value? = nil) -> RefreshMap {
    RefreshMap { input, inputs in inputs.name(input).flatMap { values[$0] } ?? otherwise }
  }
}

extension RefreshMap {
  /// The same map with its values transformed (a number turned into a label's text).
  public func map<Other>(_ transform: @escaping (Value) -> Other) -> RefreshMap<Other> {
    RefreshMap<Other> { input, inputs in value(input, inputs).map(transform) }
  }
}

extension RefreshMap where Value == Double {
  /// The input itself, unchanged (`strokeEnd = progress`, as the airplane's `redrawFromProgress:` does).
  public static var identity: RefreshMap { RefreshMap { input, inputs in inputs.number(input) } }
}

extension RefreshMap where Value: Animatable {
  /// Input `from.0` gives `to.0`, `from.1` gives `to.1`, and in between the values are interpolated as an
  /// animation would (colours per component, transforms decomposed), eased by `curve` when given.
  public static func range(
    from: (Double, Double), to: (Value, Value), clamped: Bool = true, curve: TimingFunction? = nil
  ) -> RefreshMap {
    keyframes([(from.0, to.0), (from.1, to.1)], clamped: clamped, curve: curve)
  }

  /// Piecewise: between two neighbouring keyframes (sorted by input), the values are interpolated, each
  /// stretch eased by `curve` when given. Equal inputs make a step.
  public static func keyframes(_ frames: [(Double, Value)], clamped: Bool = true, curve: TimingFunction? = nil)
    -> RefreshMap
  {
    let sorted = frames.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    return RefreshMap { input, inputs in
      guard let x = inputs.number(input), let first = sorted.first, let last = sorted.last else { return nil }
      guard sorted.count > 1 else { return first.1 }
      if clamped && x <= first.0 { return first.1 }
      if clamped && x >= last.0 { return last.1 }
      // The stretch holding x (the first or last one extrapolates beyond the ends).
      var index = sorted.count - 2
      for i in 0..<(sorted.count - 1) where x < sorted[i + 1].0 {
        index = i
        break
      }
      let (a, va) = sorted[index]
      let (b, vb) = sorted[index + 1]
      guard b != a else { return x < b ? va : vb }
      var t = (x - a) / (b - a)
      if let curve, (0...1).contains(t) { t = curve.value(at: t) }
      return va.interpolated(to: vb, fraction: t)
    }
  }
}
