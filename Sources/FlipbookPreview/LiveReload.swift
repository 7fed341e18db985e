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

  public init(generation: Int) {
    self.generation = generation
  }

  /// The `<script>` element, to be placed at the end of the body (after the player's own script, whose
  /// `window.flipbook` it uses to keep the frame across a reload).
  public var script: String {
    #"""
    <div id="live-error" role="alert" hidden style="position: fixed; left: 0; right: 0; top: 0; padding: 8px 16px; background: #b3261e; color: #fff; font: 13px/1.4 ui-monospace, Menlo, monospace; white-space: pre-wrap; z-index: 10;"></div>
    <script>
    (function () {
      "use strict";
      var loaded = \#(generation), body = document.body, banner = document.getElementById("live-error");
      var loads = Number(sessionStorage.getItem("flipbook-loads") || "0") + 1;
      sessionStorage.setItem("flipbook-loads", String(loads));
      body.dataset.generation = String(loaded);
      body.dataset.loads = String(loads);
      var title = document.title;
      document.title = title + " · render " + loaded;
      var frame = sessionStorage.getItem("flipbook-frame");
      sessionStorage.removeItem("flipbook-frame");
      if (frame !== null && window.flipbook) { window.flipbook.show(Number(frame)); }
      var events = new EventSource(\#(JSONValue.quote(eventsPath)));
      events.addEventListener("render", function (event) {
        var generation = JSON.parse(event.data).generation;
        if (generation === loaded) { return; }
        events.close();
        if (window.flipbook) { sessionStorage.setItem("flipbook-frame", String(window.flipbook.frame)); }
        location.reload();
      });
      events.addEventListener("failure", function (event) {
        var message = JSON.parse(event.data).message;
        banner.textContent = "Error: " + message;
        banner.hidden = false;
        body.dataset.error = message;
        document.title = title + " · render " + loaded + " · error";
      });
    })();
    </script>

    """#
  }
}
