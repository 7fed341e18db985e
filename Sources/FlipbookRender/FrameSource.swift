import FlipbookFrames
import FlipbookGraphics
import FlipbookLayers
import FlipbookTiming

// MARK: - FrameSource

/// The simulation side of a render: something that can be moved forward in time and photographed.
///
/// `FramePipeline` drives a source from the calling thread only, strictly in the order of the requested
/// times: `advance(to:)` then `snapshot()` for each frame. A source is therefore free to keep mutable,
/// non-thread-safe state (a scroll view, a finger track, a model layer tree with animations); only the
/// snapshots it returns ever leave the calling thread.
public protocol FrameSource: AnyObject {
  /// The size every frame has in pixels: the root layer's bounds times `scale`, rounded up. The pipeline
  /// checks each rasterized frame against it, so the manifest's `size` is true of every file.
  var pixelSize: PixelSize { get }
  /// Pixels per point, as `LayerRenderer.scale`.
  var scale: Double { get }
  /// Painted under every frame; nil leaves uncovered pixels transparent.
  var background: Color? { get }

  /// Moves the simulation to `time` (seconds, exactly: frame *i* of a render at `T0 + i/N`). Called
  /// with the frames' times in order; a thrown error stops the render and leaves the previous output
  /// untouched.
  func advance(to time: Rational) throws
  /// What the screen shows now, as a tree the source will never touch again.
  func snapshot() -> FrameSnapshot
}

// MARK: - PixelSize

/// A frame's size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// A size of `width` by `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `WIDTHxHEIGHT`, as error messages print it (`750x1334`).
  public var description: String { "\(width)x\(height)" }
}

// MARK: - FrameSnapshot

/// One frame as the simulation saw it: a layer tree to rasterize and the facts to record beside it in the
/// manifest: a gesture script's scroll and refresh state, then any other values, in the order they should
/// be written.
public struct FrameSnapshot {
  /// A presentation tree, exclusively owned by this snapshot: no other object (least of all the source's
  /// model tree) may reference any layer in it, because it is rasterized on another thread while the
  /// source carries on simulating the next frames.
  public let tree: Layer
  /// The scroll view's and refresh component's state, written after `file`, `time` and `repeatsPrevious`;
  /// nil for a scene.
  public let state: FrameState?
  /// Other per-frame manifest entries, written after the state, in this order.
  public let info: [(key: String, value: ManifestValue)]

  /// Wraps a tree the caller made for this snapshot alone (see `tree` for the contract).
  public init(tree: Layer, state: FrameState? = nil, info: [(key: String, value: ManifestValue)] = []) {
    self.tree = tree
    self.state = state
    self.info = info
  }

  /// The presentation of `model` at `time`: `Layer.presentation(at:)` always makes a fresh deep copy,
  /// so this is the easy way to meet the exclusive-ownership contract.
  public init(
    presentationOf model: Layer, at time: Double? = nil, state: FrameState? = nil,
    info: [(key: String, value: ManifestValue)] = []
  ) {
    self.init(tree: model.presentation(at: time), state: state, info: info)
  }
}

// MARK: - OwnedTree

/// A snapshot's tree on its way to a rasterizing thread.
///
/// `Layer` is a non-Sendable class graph (sublayers, weak superlayers, mutable properties), so the
/// compiler cannot prove that handing one to another thread is safe. It is safe here because of
/// `FrameSnapshot`'s contract: the tree is a fresh copy that nothing else references. The pipeline moves
/// it out of the snapshot into this box, and from then on exactly one thread (the one rasterizing this
/// frame) reads it; nobody ever writes to it. That is the whole justification for `@unchecked`.
final class OwnedTree: @unchecked Sendable {
  let root: Layer

  init(_ root: Layer) {
    self.root = root
  }
}
