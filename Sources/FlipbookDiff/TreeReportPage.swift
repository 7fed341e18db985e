import Foundation

// MARK: - TreeReportPage

/// `report.html` of a tree diff: the verdict over the whole batch, then every compared render with its
/// counts, differing ones first (each group in name order), each linked to its own report where one was
/// written; then the renders on one side only or in other shards. Self-contained like the report of two
/// folders (`DiffReportPage`), whose styles it shares, so it opens from a CI artifact with no network.
struct TreeReportPage {
  let report: TreeReport
  /// Renders whose shard's report `--merge` did not find: their verdict stands, their pictures are missing.
  var reportsNotFound: [String] = []

  var html: String {
    let verdict = report.matches ? "match" : "differ"
    let shards = report.shards.isEmpty ? "" : "<br>Shards: \(escape(report.shards.joined(separator: ", ")))"
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>flipbook diff: \(report.renders.count) renders</title>
      <style>\(DiffReportPage.style)</style></head>
      <body data-verdict="\(verdict)" data-renders="\(report.renders.count)">
      <h1>flipbook diff: \(verdict)</h1>
      <p>Expected: <code>\(escape(report.expected))</code><br>Actual: <code>\(escape(report.actual))</code>\(shards)</p>
      <p class="summary">\(report.prose.map(escape).joined(separator: "<br>"))</p>
      \(table)
      \(list("Missing from the actual side", report.onlyInExpected, id: "only-in-expected"))\
      \(list("With no reference", report.onlyInActual, id: "only-in-actual"))\
      \(list("In other shards (not compared here)", report.otherShards, id: "other-shards"))\
      \(list("Compared, but their shard's report was not found", reportsNotFound, id: "reports-not-found"))
      </body></html>

      """
  }

  private var table: String {
    let order = report.renders.filter { !$0.matches } + report.renders.filter(\.matches)
    let rows = order.map { render -> String in
      let name =
        render.report == nil
        ? escape(render.name) : "<a href=\"\(escape(Self.link(to: render.name)))\">\(escape(render.name))</a>"
      return """
        <tr class="\(render.matches ? "match" : "differ")"><td>\(name)</td><td>\(render.comparedFrames)</td>\
        <td>\(render.matches ? "match" : "differ")</td><td>\(render.differingFrames)</td>\
        <td>\(render.differingPixels)</td><td>\(render.timingDifferences)</td><td>\(escape(render.summary))</td></tr>
        """
    }
    return """
      <table class="index"><thead><tr><th>Render</th><th>Frames</th><th>Verdict</th><th>Differing frames</th>\
      <th>Differing pixels</th><th>Timing differences</th><th>Summary</th></tr></thead>
      <tbody>
      \(rows.joined(separator: "\n"))
      </tbody></table>
      """
  }

  /// The render's page relative to this one, each name component percent-encoded (`language=zh-Hant` stays
  /// readable; a space or `#` in a file name does not break the link).
  static func link(to name: String) -> String {
    let components = name.split(separator: "/", omittingEmptySubsequences: false).map { component in
      String(component).addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? String(component)
    }
    return (components + [DiffReport.pageName]).joined(separator: "/")
  }

  /// RFC 3986's unreserved characters and the sub-delimiters a variant's name is made of.
  private static let pathCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~=,@+")

  private func list(_ title: String, _ names: [String], id: String) -> String {
    guard !names.isEmpty else { return "" }
    let items = names.map { "<li><code>\(escape($0))</code></li>" }.joined()
    return "<h2 id=\"\(id)\">\(escape(title)) (\(names.count))</h2><ul>\(items)</ul>\n"
  }

  private func escape(_ text: String) -> String { DiffReportPage.escape(text) }
}
