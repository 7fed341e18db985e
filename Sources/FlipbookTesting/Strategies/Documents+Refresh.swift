import FlipbookComponents
import FlipbookScene
import Foundation

// MARK: - Scripts with a refresh component made in Swift

extension SnapshotDocument {
  /// A gesture script file whose refresh component `refresh` makes in Swift, given the viewport: how a test
  /// puts a refresh view of its own (a `PullRefreshView`) on the script's scroll view, in APL's container
  /// or free-standing in a `CustomRefreshControl`. The script leaves out its own `refresh` object (see
  /// `GestureScript.load(path:refresh:scale:allowFilesOutside:)`). `refresh` runs for every snapshot, since
  /// each one takes a fresh scene.
  ///
  /// ```swift
  /// let script = SnapshotDocument.file("Scripts/refresh.json") { _ in
  ///   let container = PullToRefreshContainer()
  ///   container.useRefreshViews { width in BarRefreshView(width: width) }
  ///   return container
  /// }
  /// ```
  public static func file(
    _ path: String, refresh: @escaping @Sendable (_ viewport: CGSize) -> any RefreshComponent
  ) -> SnapshotDocument {
    SnapshotDocument(load: { .script(try GestureScript.load(path: path, refresh: refresh)) }, origin: path)
  }

  /// A gesture script written inline whose refresh component `refresh` makes, as `file(_:refresh:)` does;
  /// images named by `file` are resolved against `baseDirectory`.
  public static func json(
    _ text: String, baseDirectory: String = FileManager.default.currentDirectoryPath,
    refresh: @escaping @Sendable (_ viewport: CGSize) -> any RefreshComponent
  ) -> SnapshotDocument {
    SnapshotDocument(
      load: {
        .script(
          try GestureScript.decode(
            Data(text.utf8), refresh: refresh, baseDirectory: URL(fileURLWithPath: baseDirectory)))
      }, origin: "inline JSON")
  }
}
