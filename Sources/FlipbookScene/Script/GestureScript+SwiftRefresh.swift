import FlipbookComponents
import FlipbookJSON
import Foundation

// MARK: - A refresh component made in Swift

extension GestureScript {
  /// Makes a script's refresh component in Swift, given the scroll view's size (the viewport, less any
  /// iOS 6 bars above the table): APL's container hosting a view of your own
  /// (`PullToRefreshContainer.useRefreshViews(_:)`), a `CustomRefreshControl`, or any `RefreshComponent`,
  /// where a script's `refresh` object can only declare one. It is called once per decode, so every scene
  /// gets a component of its own (a component installs itself on one scroll view). An APL container left
  /// at a `baseTopInset` of 0 rests under the script's bars, as a declared one does.
  public typealias RefreshFactory = (_ viewport: CGSize) -> any RefreshComponent

  /// Loads a script whose refresh component `refresh` makes (see `RefreshFactory`). The script leaves out
  /// its own `refresh` object: one is refused at `$.refresh`, so no declaration is silently ignored. Its
  /// `dataLoaded` events go to the component made.
  public static func load(
    path: String, refresh: @escaping RefreshFactory, scale: Double? = nil, allowFilesOutside: Bool = false
  ) throws(DocumentError) -> ScriptScene {
    try DocumentFile.decode(path) { data throws(DocumentError) in
      try decode(
        json: try DocumentFile.parse(data), scale: scale, baseDirectory: DocumentFile.directory(of: path),
        allowFilesOutside: allowFilesOutside, makeRefresh: refresh)
    }
  }

  /// Decodes a script whose refresh component `refresh` makes, as `load(path:refresh:scale:allowFilesOutside:)`
  /// does; `file` images resolve against `baseDirectory` (by default the current folder).
  public static func decode(
    _ data: Data, refresh: @escaping RefreshFactory, scale: Double? = nil, baseDirectory: URL? = nil,
    allowFilesOutside: Bool = false
  ) throws(DocumentError) -> ScriptScene {
    try decode(
      json: try DocumentFile.parse(data), scale: scale, baseDirectory: baseDirectory,
      allowFilesOutside: allowFilesOutside, makeRefresh: refresh)
  }
}
