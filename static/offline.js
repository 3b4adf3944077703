/* Every page: install the service worker (HTTPS and localhost only: browsers allow it nowhere
 * else), and say plainly when what is on screen may be out of date: a copy kept by the worker
 * (data-offline-since on the root element, set by the worker, or by static/queue.js when it puts a
 * kept scoreboard in place and fires "kept-copy") or a page whose connection dropped. */
(function () {
  "use strict";
  function note() { return document.getElementById("offline-note"); }
  function since() { return document.documentElement.getAttribute("data-offline-since"); }

  var formats = {};  // made once: a formatter costs a slowed phone milliseconds

  function clock(iso) {
    var when = new Date(iso);
    var sameDay = when.toDateString() === new Date().toDateString();
    if (!formats[sameDay]) {
      var options = sameDay ? { hour: "2-digit", minute: "2-digit" }
        : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
      formats[sameDay] = new Intl.DateTimeFormat(document.documentElement.lang || undefined, options);
    }
    return formats[sameDay].format(when);
  }

  function show(text) {
    var n = note();
    if (n && text) {
      n.textContent = text;
      n.hidden = false;
    }
  }

  function markKept() {
    var n = note();
    if (!since() || !n) { return; }
    show(n.getAttribute("data-kept").replace("{time}", clock(since())));
    /* Messages of the moment the copy was made ("Hand 3 saved") are not news any more. */
    document.body.querySelectorAll(".flash").forEach(function (flash) { flash.hidden = true; });
  }

  markKept();
  document.addEventListener("kept-copy", markKept);
  window.addEventListener("offline", function () {
    var n = note();
    if (n && n.hidden) {
      show(n.getAttribute("data-dropped"));
    }
  });
  window.addEventListener("online", function () {
    var n = note();
    if (n && !since()) {
      n.hidden = true;
    }
  });

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      /* No worker: the app works online as before. */
    });
  }
})();
