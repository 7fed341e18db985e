// Linux only: the app has no gesture scripts. ArcRefreshControl.swift is the file the app and Linux share.
import FlipbookUIKit

/// The arc control installed in a gesture script's scroll view as the app installs it; the script's
/// `dataLoaded` ends its refresh, as the app's data arriving would.
public func arcRefreshHost() -> UIKitRefreshHost {
  UIKitRefreshHost(install: { scrollView in
    scrollView.refreshControl = ArcRefreshControl()
  })
}
