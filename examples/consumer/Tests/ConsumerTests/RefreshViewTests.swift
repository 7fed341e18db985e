import FlipbookTesting
import Testing

/// A refresh view of our own: a dot that grows with the pull, turns blue once letting go would refresh,
/// and pulses while refreshing.
final class DotRefreshView: View, PullRefreshView {
  static let height = 48.0
  static let side = 24.0
  let dot = View()
  var view: View { self }
  var height: Double { Self.height }

  init(width: Double) {
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: Self.height))
    addSubview(dot)
  }

  func update(_ inputs: RefreshInputs) {
    let side = Self.side * inputs.progress
    dot.frame = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    dot.layer.cornerRadius = side / 2
    dot.backgroundColor = inputs.isBeyondThreshold ? Color(red: 0, green: 0.48, blue: 1) : Color(white: 0.6)
  }

  func startAnimating() {
    var pulse = BasicAnimation(keyPath: .opacity, from: 1, to: 0.3, duration: 0.4)
    pulse.timing.autoreverses = true
    pulse.timing.repeatCount = .infinity
    try? dot.layer.add(pulse, forKey: "pulse")
  }

  func stopAnimating() { dot.layer.removeAnimation(forKey: "pulse") }
}

@Suite(.snapshots(diffTool: "flipbook diff {expected} {actual} -o {artifacts}"))
struct RefreshViewTests {
  @Test func inAPLContainer() {
    let script = SnapshotDocument.file("Scripts/refresh.json") { _ in  // a script with no "refresh" of its own
      let container = PullToRefreshContainer()  // APL's container, asking for a view of ours for every pull
      container.useRefreshViews { width in DotRefreshView(width: width) }
      return container
    }
    assertSnapshots(of: script, as: .frames(at: [0.5, 1.0, 1.5]), named: "dot")  // pulling, armed, refreshing
    assertSnapshot(of: script, as: .manifest, named: "dot")  // the container's state, frame by frame
  }

  @Test func freeStanding() {
    let script = SnapshotDocument.file("Scripts/refresh.json") { viewport in  // on its own, no container
      CustomRefreshControl(view: DotRefreshView(width: viewport.width), behaviour: RefreshBehaviour())
    }
    assertSnapshots(of: script, as: .frames(at: [1.0, 1.5]), named: "dot")
  }
}
