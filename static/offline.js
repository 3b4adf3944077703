/* Every page: install the service worker (HTTPS and localhost only: browsers allow it nowhere
 * else), and say plainly when what is on screen may be out of date: a copy kept by the worker
 * (data-offline-since on the root element, set by the worker) or a page whose connection dropped. */
(function () {
  "use strict";
  var note = document.getElementById("offline-note");

  function clock(iso) {
    var when = new Date(iso);
    var sameDay = when.toDateString() === new Date().toDateString();
    var options = sameDay ? { hour: "2-digit", minute: "2-digit" }
      : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, options).format(when);
  }

  function show(text) {
    if (note && text) {
      note.textContent = text;
      note.hidden = false;
    }
  }

  var since = document.documentElement.getAttribute("data-offline-since");
  if (since && note) {
    show(note.getAttribute("data-kept").replace("{time}", clock(since)));
    /* Messages of the moment the copy was made ("Hand 3 saved") are not news any more. */
    document.querySelectorAll(".flash").forEach(function (flash) { flash.hidden = true; });
  }
  window.addEventListener("offline", function () {
    if (note && note.hidden) {
      show(note.getAttribute("data-dropped"));
    }
  });
  window.addEventListener("online", function () {
    if (note && !since) {
      note.hidden = true;
    }
  });

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      /* No worker: the app works online as before. */
    });
  }
})();
