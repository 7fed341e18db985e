import Foundation

// MARK: - UIApplication's notifications

/// The app's life-cycle notification names (`UIApplication.willEnterForegroundNotification`…), so that a view
/// observing them compiles. A script's app is always in the foreground and active, so none is ever posted: what a
/// view does on them never happens, as on a phone left in the hand.
public enum UIApplication {
  /// The app is about to come back to the foreground.
  public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
  /// The app went to the background.
  public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
  /// The app became active.
  public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
  /// The app is about to stop being active.
  public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
}
