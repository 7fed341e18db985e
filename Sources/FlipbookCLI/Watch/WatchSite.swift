import FlipbookFrames
import FlipbookLive
import FlipbookPreview
import FlipbookRender
import Foundation

// MARK: - WatchSite

/// What `flipbook watch` serves from its output folder, by request path:
///
/// - `/events`: the event stream (`WatchState.events`); `/status`: the same facts as JSON.
/// - a folder holding a render (`manifest.json`): the HTML player of it, with the live-reload script;
///   the output folder of a batch (`index.json`): a list of its renders, each a link to its player.
/// - a file inside the output folder: the file, with its content type. Nothing else: no listing, no
///   hidden names, nothing outside the folder (`ServedFolder`).
///
/// Before the first good render the output folder may not exist; `/` is then a page that says what
/// happened and reloads itself when a render arrives.
struct WatchSite: Sendable {
  let folder: ServedFolder
  let state: WatchState

  init(output: String, state: WatchState) {
    folder = ServedFolder(root: output)
    self.state = state
  }

  func reply(_ request: HTTPRequest) -> HTTPServer.Reply {
    switch request.path {
    case "/events": return .events(state.events)
    case "/status": return .response(HTTPResponse(contentType: ContentType.json, text: state.statusJSON))
    default: return .response(response(for: request.path))
    }
  }

  private func response(for path: String) -> HTTPResponse {
    let generation = state.current.generation
    switch folder.entry(at: path) {
    case .file(let file):
      guard let data = FileManager.default.contents(atPath: file) else {
        return .error(.notFound, "\(path) could not be read")
      }
      return HTTPResponse(status: .ok, contentType: ContentType.of(file), body: [UInt8](data))
    case .folder(let directory):
      guard path.hasSuffix("/") else { return .redirect(to: path + "/") }
      let html = ContentType.html
      if FrameFolder.holdsManifest(directory) {
        do {
          let sequence = try FrameSequence.load(folder: directory)
          let page = try HTMLPlayer.page(for: sequence, liveReload: LiveReload(generation: generation))
          return HTTPResponse(contentType: html, text: page)
        } catch {
          // A render swapped the folder while it was read: the page's script reloads it.
          return HTTPResponse(
            contentType: html, text: WatchPages.waiting(generation: generation, note: error.description))
        }
      }
      if path == "/", let renders = WatchPages.renders(inBatch: directory) {
        return HTTPResponse(contentType: html, text: WatchPages.index(renders, generation: generation))
      }
      return .error(.notFound, "\(path) holds no render")
    case .missing:
      guard path == "/" else { return .error(.notFound, "\(path) is not in the output") }
      return HTTPResponse(
        contentType: ContentType.html,
        text: WatchPages.waiting(generation: generation, note: "No render yet."))
    }
  }
}
