import FlipbookComponents
import Foundation
import Testing

/// What each component tells a timeline: its states in order and where it triggers, from its own
/// named constants.
@Suite("Refresh components on a timeline")
struct RefreshTimelineTests {
  @Test("EGO triggers at −65 pt of offset, with normal, pulling and loading")
  func ego() throws {
    let header = try EGORefreshTableHeaderView(width: 320, height: 480, now: Date(timeIntervalSince1970: 0))
    #expect(header.stateNames == ["normal", "pulling", "loading"])
    #expect(header.thresholds == RefreshThresholds(contentOffsetY: -65))
    #expect(header.stateNames.contains(header.state))
  }

  @Test("APL triggers at 0.9 progress, the airplane at 1.0; each lists the states its state machine reports")
  func aplAndAirplane() {
    let container = PullToRefreshContainer()
    #expect(container.stateNames == ["idle", "pulling", "refreshing", "finishing"])
    #expect(container.thresholds == RefreshThresholds(progress: 0.9))
    let airplane = AirplaneRefreshView()
    #expect(airplane.stateNames == ["idle", "pulling", "refreshing", "finishing"])
    #expect(airplane.thresholds == RefreshThresholds(progress: 1))
    #expect(airplane.stateNames.contains(airplane.state) && container.stateNames.contains(container.state))
  }

  @Test("A custom control's threshold is its behaviour's: a progress as given, a distance as the offset below the rest")
  func custom() throws {
    let byDistance = try CustomScript(
      CustomScript.custom(view: CustomTriggerTests.view, #""trigger": {"distance": 65}, "inset": {"height": 60}"#),
      touches: [CustomScript.hold(pull: 80)])
    let control = try #require(byDistance.scene.refresh)
    #expect(control.stateNames == ["idle", "pulling", "armed", "refreshing", "finishing"])
    #expect(control.thresholds == RefreshThresholds(contentOffsetY: -65))
    let byProgress = try CustomScript(
      CustomScript.custom(view: CustomTriggerTests.view, #""trigger": {"progress": 0.8}, "inset": {"height": 60}"#),
      touches: [CustomScript.hold(pull: 80)])
    #expect(try #require(byProgress.scene.refresh).thresholds == RefreshThresholds(progress: 0.8))
  }
}
