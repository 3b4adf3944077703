/* The shared scoreboard (/s/<token>) keeps itself up to date: it polls the board fragment with
   If-None-Match every data-interval seconds; 304 = nothing new, 200 = a new board to swap in, 404 = the
   link was revoked (stop). A failed request (no signal at the table) shows "offline" and retries with
   a growing delay, up to 30 s. Polling pauses while the tab is hidden and resumes at once when shown.
   Plain JS, no inline handlers (the Content-Security-Policy allows scripts from this site only). */
(function () {
  "use strict";

  var MAX_DELAY_MS = 30000;
  var TIMEOUT_MS = 15000;

  var board = document.querySelector("[data-live-board]");
  var status = document.querySelector("[data-live-status]");
  if (!board || !window.fetch) { return; }

  var url = board.getAttribute("data-url");
  var interval = Math.max(parseFloat(board.getAttribute("data-interval")) || 4, 0.2) * 1000;
  var etag = board.getAttribute("data-etag") || "";
  var delay = interval;
  var timer = null;
  var busy = false;
  var stopped = false;

  /* "Updated at 21:05": the time of the match's last change, in the phone's own time zone. */
  var clock = window.Intl ? new Intl.DateTimeFormat(document.documentElement.lang || undefined,
    { hour: "2-digit", minute: "2-digit" }) : null;
  function localTimes() {
    board.querySelectorAll("time[data-updated]").forEach(function (time) {
      var when = new Date(time.getAttribute("datetime"));
      if (clock && !isNaN(when.getTime())) { time.textContent = clock.format(when); }
    });
  }

  function say(message) {
    if (status && status.textContent !== message) { status.textContent = message; }
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = null;
    if (!stopped && !document.hidden) { timer = setTimeout(poll, ms); }
  }

  /* Swap the new board in, keeping the hands that were open still open. */
  function swap(html) {
    var open = Array.prototype.map.call(board.querySelectorAll("details[open][id]"), function (d) {
      return d.id;
    });
    board.innerHTML = html;
    localTimes();
    open.forEach(function (id) {
      var details = document.getElementById(id);
      if (details && board.contains(details)) { details.open = true; }
    });
  }

  function failed() {
    say(status ? status.getAttribute("data-offline") : "");
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    schedule(delay);
  }

  function poll() {
    if (stopped || busy) { return; }
    busy = true;
    clearTimeout(timer);
    timer = null;
    var controller = window.AbortController ? new AbortController() : null;
    var abort = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT_MS) : null;
    var headers = { "Accept": "text/html" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, {
      headers: headers,
      cache: "no-store",
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (response.status === 404 || response.status === 410) {
        stopped = true;
        say(status ? status.getAttribute("data-revoked") : "");
        board.setAttribute("data-revoked", "");
        return null;
      }
      if (response.status === 304) { return null; }
      if (!response.ok) { throw new Error("HTTP " + response.status); }
      var tag = response.headers.get("ETag");
      return response.text().then(function (html) {
        swap(html);
        if (tag) { etag = tag; }
      });
    }).then(function () {
      clearTimeout(abort);
      busy = false;
      if (stopped) { return; }
      say("");
      delay = interval;
      schedule(delay);
    }, function () {
      clearTimeout(abort);
      busy = false;
      if (!stopped) { failed(); }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
      timer = null;
    } else {
      poll();
    }
  });
  window.addEventListener("online", function () { delay = interval; poll(); });

  localTimes();
  schedule(interval);
})();
