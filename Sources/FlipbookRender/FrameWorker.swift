import FlipbookGraphics
import FlipbookImageFormats
import FlipbookLayers
import FlipbookTiming
import Foundation

// MARK: - FrameWorker

/// What each drawing thread does, frame after frame (a worker, and the calling thread when it has nothing
/// else to do): claim the next tree from the window, draw it, compare
/// it with the frame before (a held pull or a spinner stepping at 12 Hz repeats many frames, and a
/// comparison costs far less than an encode) and PNG-encode it when it differs. Nothing here touches the
/// source or the folder. Every frame's bytes are a function of its tree alone and each comparison is
/// between fixed neighbours, so the number of workers can only change the speed.
struct FrameWorker: Sendable {
  let renderer: LayerRenderer
  let pngOptions: PNGOptions
  let expectedSize: PixelSize
  let clock: FrameClock
  /// Images already written, whose storage the next frames are drawn into.
  let pool: ImagePool

  /// Works until the window has no more frames to hand out, waiting for each tree.
  func run(_ window: FrameWindow) {
    while let (index, tree) = window.claim() { work(on: index, tree: tree, in: window) }
  }

  /// Draws the next frame if its tree is in the window already (and not owed to a waiting worker), and leaves
  /// its outcome there; nil, at once, if there is none. The calling thread lends a hand this way, between
  /// its own duties, and counts the seconds returned, its own, in the stages' wall time.
  func workIfAdded(on window: FrameWindow) -> StageSeconds? {
    guard let (index, tree) = window.claimIfAdded() else { return nil }
    return work(on: index, tree: tree, in: window)
  }

  @discardableResult
  private func work(on index: Int, tree: OwnedTree, in window: FrameWindow) -> StageSeconds {
    let outcome = process(index, tree: tree, in: window)
    window.finish(outcome, at: index)
    return outcome.seconds
  }

  /// Draws, compares and encodes frame `index`, publishing its image for the frame after.
  private func process(_ index: Int, tree: OwnedTree, in window: FrameWindow) -> FrameOutcome {
    var outcome = FrameOutcome()
    let rasterizing = Stopwatch()
    let drawn: Result<Image, RenderError> = Result { () throws(RenderError) -> Image in
      var recycled = pool.take()
      let image: Image
      do throws(GraphicsError) {
        image = try renderer.renderTree(tree.root, recycling: &recycled)
      } catch {
        throw .graphics(error, frame: index, time: seconds(index))
      }
      let size = PixelSize(width: image.width, height: image.height)
      guard size == expectedSize else {
        throw .frameSize(frame: index, time: seconds(index), expected: expectedSize, actual: size)
      }
      return image
    }
    outcome.seconds.rasterize = rasterizing.seconds
    guard case .success(let image) = drawn else {
      window.publish(nil, at: index)
      if case .failure(let failure) = drawn { outcome.failure = failure }
      return outcome
    }
    window.publish(image, at: index)
    defer { window.release(index) }  // its encoding is over
    // A neighbour that could not be drawn fails the render at an earlier frame: nothing to do here.
    guard case .some(let neighbour) = window.neighbour(of: index) else { return outcome }
    let comparing = Stopwatch()
    outcome.repeats = neighbour.map { samePixels($0, image) } ?? false
    outcome.seconds.compare = comparing.seconds
    if neighbour != nil { window.release(index - 1) }  // its comparison is over
    guard !outcome.repeats else { return outcome }
    let encoding = Stopwatch()
    do throws(GraphicsError) {
      outcome.data = try image.pngData(options: pngOptions)
    } catch {
      outcome.failure = .graphics(error, frame: index, time: seconds(index))
    }
    outcome.seconds.encode = encoding.seconds
    return outcome
  }

  /// Frame `index`'s time in seconds, for messages.
  private func seconds(_ index: Int) -> Double { clock.time(ofFrame: index).seconds }
}
