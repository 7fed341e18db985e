import Foundation

// MARK: - RefreshPhase

/// Where a refresh view is in its cycle, as its bindings and reactions see it. The same five phases
/// whoever hosts the view: APL's container or a free-standing `CustomRefreshControl`.
public enum RefreshPhase: String, Sendable, CaseIterable {
  /// Nothing pulled.
  case idle
  /// The content is pulled down, not (yet) far enough that letting go would refresh.
  case pulling
  /// Pulled beyond the threshold: letting go now refreshes (EGO's "Release to refresh").
  case armed
  /// A refresh is running (the view animates).
  case refreshing
  /// The refresh has ended and the view is going away (the inset retracting, APL's fade).
  case finishing
}

// MARK: - RefreshInput

/// A value a binding can follow.
public enum RefreshInput: String, Sendable, CaseIterable {
  /// How far the pull has gone towards its full distance, 0...1 (APL's "linear percentage"); a free-standing
  /// control measures it beyond the inset now, as the airplane's `scrollViewDidScroll` does, so it falls back to
  /// 0 as the content settles under a refresh's inset.
  case progress
  /// How far the content is pulled below its resting top, in points (never negative), in every phase: while
  /// refreshing and finishing it counts the inset the refresh holds open, as the content shows that far down.
  case pull
  /// 1 when letting go now would refresh, else 0.
  case beyondThreshold
  /// The phase, by name (`idle`, `pulling`, `armed`, `refreshing`, `finishing`).
  case state
  /// The scroll view's top inset on screen, in points (it grows while a refresh holds the view open).
  case inset
  /// The scroll view's `contentOffset.y` as UIKit reports it: negative when pulled down.
  case offset
  /// Where across the view the finger is, in points from its left edge (the middle before a touch says): a
  /// wave can peak under it. A free-standing control's view hears it; APL's container tells its view only
  /// the fraction pulled.
  case fingerX

  /// Whether the input is a number that a range or keyframes can map (all but `state`).
  public var isNumeric: Bool { self != .state }
}

// MARK: - RefreshInputs

/// Everything a refresh view hears about the pull at one moment.
public struct RefreshInputs: Equatable, Sendable {
  /// How far the pull has gone towards its full distance, 0...1.
  public var progress: Double
  /// How far the content is pulled down, in points (0 at rest).
  public var pull: Double
  /// Whether letting go now would trigger a refresh.
  public var isBeyondThreshold: Bool
  /// Where the host is in its refresh cycle.
  public var phase: RefreshPhase
  /// Where across the view the finger is, in points from its left edge.
  public var fingerX: Double
  /// The top inset on screen, in points.
  public var inset: Double
  /// The content offset's y, as UIKit reports it.
  public var offset: Double

  /// Inputs of a view at rest unless given.
  public init(
    progress: Double = 0, pull: Double = 0, isBeyondThreshold: Bool = false, phase: RefreshPhase = .idle,
    fingerX: Double = 0, inset: Double = 0, offset: Double = 0
  ) {
    self.inset = inset
    self.offset = offset
    self.progress = progress
    self.pull = pull
    self.isBeyondThreshold = isBeyondThreshold
    self.phase = phase
    self.fingerX = fingerX
  }

  /// The input as a number (`state` has none).
  public func number(_ input: RefreshInput) -> Double? {
    switch input {
    case .progress: progress
    case .pull: pull
    case .beyondThreshold: isBeyondThreshold ? 1 : 0
    case .fingerX: fingerX
    case .inset: inset
    case .offset: offset
    case .state: nil
    }
  }

  /// The input as a name: the phase for `state`, `true`/`false` for `beyondThreshold`.
  public func name(_ input: RefreshInput) -> String? {
    switch input {
    case .state: phase.rawValue
    case .beyondThreshold: isBeyondThreshold ? "true" : "false"
    case .progress, .pull, .fingerX, .inset, .offset: nil
    }
  }
}
