import FlipbookJSON

// MARK: - LiveReload

/// The script `flipbook watch` adds to the pages it serves (never to a `player.html` written to disk):
/// it listens to the watch's Server-Sent Events and reloads the page when a newer render is in place.
///
/// The page knows the render generation it was made from. The stream's `render` event carries the
/// latest generation, first on connecting and then after every render; a different one reloads the
/// page, which comes back on the frame it showed (kept in `sessionStorage` across the reload). A
/// `failure` event carries the one-line error of an edit that did not render: it is shown in a banner
/// over the page, and the last good animation stays playable under it until a render replaces it.
///
/// The tab's title ends in ` · render N`, and ` · error` while the last edit is failing, so the state
/// shows even with the page behind other windows. For tests, the body records `data-generation` (the
/// page's render), `data-loads` (how many times this tab loaded a page from the watch: 2 after one
/// reload) and `data-error` (the error shown, if any); the title can be read from outside a headless
/// browser (its DevTools HTTP endpoint lists each page's title).
public struct LiveReload: Sendable {
  /// The render generation the page shows: 1 for the first good render, 0 before any.
  public var generation: Int
  /// Where the event stream is served.
  public var eventsPath = "/events"

  /// The reload script of a page showing render `generation` (0 before any good render).
  public init(generation: Int) {
    self.generation = generation
  }

  /// The `<script>` element, to be placed at the end of the body (after the player's own script, whose
  /// `window.flipbook` it uses to keep the frame across a reload).
  public var script: String {
    PageTemplate.liveReload.filled(["generation": String(generation), "eventsPath": JSONValue.quote(eventsPath)])
  }
}
