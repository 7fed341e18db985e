import Foundation

// MARK: - PageTemplate

/// A page kept as a resource file of this module (`Pages/`), with `{{name}}` where a value goes: the
/// HTML player's page and the live-reload script. HTML, CSS and JavaScript read and diff better in a file
/// of their own than inside a Swift string, and an editor checks them as what they are.
///
/// The files are found through `Bundle.module`, as FlipbookAssets finds its images: beside the executable
/// (where an installed `flipbook` keeps its resource bundles), else in the build folder. They are looked up
/// from the bundle's own folder, not its `resourceURL`: Foundation takes a bundle that holds a folder named
/// `Resources` for one whose resources are all in it, so the answer would depend on the folders beside ours.
struct PageTemplate: Sendable {
  /// The text, placeholders and all.
  let text: String

  /// The HTML player's page (`HTMLPlayer`).
  static let player = PageTemplate(resource: "player.html")
  /// The script `flipbook watch` adds to the pages it serves (`LiveReload`).
  static let liveReload = PageTemplate(resource: "live-reload.html")

  /// The file `name` in the module's `Pages/` folder. A missing file is a broken installation, not
  /// bad input, so it stops the program with the path it looked for.
  init(resource name: String) {
    let folder = Bundle.module.bundleURL.appendingPathComponent("Pages")
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
      let text = String(data: data, encoding: .utf8)
    else {
      fatalError("FlipbookPreview's resource Pages/\(name) is missing from \(Bundle.module.bundlePath)")
    }
    self.text = text
  }

  /// The text with every `{{name}}` replaced by `values[name]`, in one pass, so a value that itself
  /// holds `{{…}}` (a folder's name in the title) is never replaced in turn. A placeholder without a value
  /// is left as it is.
  func filled(_ values: [String: String]) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.range(of: "{{") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "}}"),
        let value = values[String(rest[open.upperBound..<close.lowerBound])]
      else {
        result += "{{"
        rest = rest[open.upperBound...]
        continue
      }
      result += value
      rest = rest[close.upperBound...]
    }
    return result + rest
  }
}
