import FlipbookRender
import FlipbookSupport
import Foundation

// MARK: - TreeReportFolder

/// The report folder of a tree diff (`flipbook diff REFS OUT -o DIR`, or `--merge … -o DIR`):
/// `report.html` over the whole batch (`TreeReportPage`) and, in a folder named after each reported
/// render, that render's own report, the page `flipbook diff` writes for two frame folders. Written
/// through `OutputFolder`, so DIR is the complete new report or left as it was.
enum TreeReportFolder {
  /// The page of render `name`'s report in the report folder at `path`.
  static func page(of name: String, under path: String) -> String {
    (path as NSString).appendingPathComponent(name + "/" + DiffReport.pageName)
  }

  /// Writes the page over the batch into `folder`, puts the folder in place and names the page in
  /// `report`. `missing`: renders whose shard's report was not found (`gather`).
  static func finish(_ report: inout TreeReport, folder: OutputFolder, path: String, missing: [String] = [])
    throws(DiffFailure)
  {
    do {
      let html = TreeReportPage(report: report, reportsNotFound: missing).html
      try folder.write(Data(html.utf8), named: DiffReport.pageName)
      try folder.commit()
    } catch {
      folder.discard()
      throw DiffReport.trouble(error, folder: path)
    }
    report.page = (path as NSString).appendingPathComponent(DiffReport.pageName)
  }

  /// `--merge … -o DIR`: copies each render's report from where its shard's diff wrote it into `folder`
  /// and names the copy in `report`. A shard names its pages as given on its command line; they are read
  /// relative to the folder of that shard's JSON file, where the CI recipe keeps the report beside it.
  /// `sources` gives each render's JSON file. Returns the renders whose report was not found there (their
  /// verdict stands; only the pictures are missing).
  static func gather(
    _ report: inout TreeReport, sources: [String: String], into folder: OutputFolder, path: String
  ) throws(DiffFailure) -> [String] {
    var missing: [String] = []
    for index in report.renders.indices {
      let render = report.renders[index]
      guard let page = render.report, let file = sources[render.name] else { continue }
      let base = ParentFolder.of(file)
      let source = page.hasPrefix("/") || base.isEmpty ? page : (base as NSString).appendingPathComponent(page)
      let from = ParentFolder.of(source)
      guard FileManager.default.fileExists(atPath: source) else {
        missing.append(render.name)
        report.renders[index].report = nil
        continue
      }
      do {
        try folder.createFolder(named: render.name)
        for name in try FileManager.default.contentsOfDirectory(atPath: from).sorted() {
          let file = (from as NSString).appendingPathComponent(name)
          var isFolder: ObjCBool = false
          guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            continue
          }
          try folder.write(try Data(contentsOf: URL(fileURLWithPath: file)), named: render.name + "/" + name)
        }
      } catch let error as RenderError {
        folder.discard()
        throw DiffReport.trouble(error, folder: path)
      } catch {
        folder.discard()
        throw .trouble(from, "cannot copy the report: \(error.localizedDescription)")
      }
      report.renders[index].report = Self.page(of: render.name, under: path)
    }
    return missing
  }
}
