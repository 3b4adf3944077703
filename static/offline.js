/* Every page: the service worker; the phone's time zone; a note on a kept copy or a lost connection,
 * hiding data-needs-network controls; the queue's scripts when this phone holds hands (docs/performance.md). */
(function () {
  "use strict";
  var root = document.documentElement, formats = {};
  function note() { return document.getElementById("offline-note"); }
  function since() { return root.getAttribute("data-offline-since"); }

  function clock(iso) {
    var when = new Date(iso), sameDay = when.toDateString() === new Date().toDateString();
    if (!formats[sameDay]) {  // made once: costly on a slow phone
      formats[sameDay] = new Intl.DateTimeFormat(root.lang || undefined, sameDay ? { hour: "2-digit", minute: "2-digit" }
        : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
    }
    return formats[sameDay].format(when);
  }

  /** Hide (``wait``) or show again the controls that need the network; whether any is hidden. */
  function needNetwork(wait) {
    document.querySelectorAll("[data-needs-network]").forEach(function (control) {
      if (wait && !control.hidden) {
        control.hidden = true;
        control.setAttribute("data-waiting", "");
      } else if (!wait && control.hasAttribute("data-waiting")) {
        control.hidden = false;
        control.removeAttribute("data-waiting");
      }
    });
    return Boolean(document.querySelector("[data-waiting]"));
  }

  function show(text) {
    var n = note();
    if (n && text) {
      n.textContent = needNetwork(true) ? text + " " + n.getAttribute("data-waits") : text;
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

  function dropped() {
    var n = note();
    if (n && !since()) { show(n.getAttribute("data-dropped")); }
  }

  /** A kept copy gives way to the page afresh once the server answers (not where the queue runs,
   *  or a hand is typed); an ended session's reload lands on the login page (the worker drops). */
  function afresh() {
    // redirect "manual": a login page the session ended on is not followed (nor its cookie set)
    fetch(location.pathname, { method: "HEAD", cache: "no-store", credentials: "same-origin", redirect: "manual" }).then(function (r) {
      if (window.scorekeeperQueue || document.querySelector("[data-hand-form]")) { return; }
      if (r.ok || r.type === "opaqueredirect") { location.reload(); }
    }, function () { /* still no signal */ });
  }

  /* A session ended on the server: its account's queued hands go too (static/queue/store.js). */
  var ended = document.getElementById("session-ended");
  if (ended && window.indexedDB) {
    import(ended.getAttribute("data-store")).then(function (store) {
      return store.dropAccount(ended.getAttribute("data-account"));
    }).catch(function () { /* no queue on this phone */ });
  }

  markKept();
  if (navigator.onLine === false) { dropped(); } else if (since()) { afresh(); }
  document.addEventListener("kept-copy", markKept);
  window.addEventListener("offline", dropped);
  window.addEventListener("online", function () {
    if (since()) { afresh(); return; }
    needNetwork(false);
    if (note()) { note().hidden = true; }
  });

  /** Call ``yes`` if this phone holds queued hands of ``account`` (the store is never made here). */
  function holdsHands(account, yes) {
    var req = indexedDB.open("scorekeeper-queue");
    req.onupgradeneeded = function () { req.transaction.abort(); };  // no store: no queue
    req.onerror = function (event) { event.preventDefault(); };
    req.onsuccess = function () {
      var conn = req.result;
      try {
        conn.transaction("hands").objectStore("hands").getAll().onsuccess = function (event) {
          if (event.target.result.some(function (e) { return e.account === account; })) { yes(); }
        };
      } finally {
        conn.close();  // once the reading is done
      }
    };
  }

  var queue = document.getElementById("queue"), texts = document.getElementById("queue-texts");
  if (queue && texts && window.indexedDB && queue.getAttribute("data-scripts") && !window.scorekeeperQueue) {
    var loadQueue = function () {
      JSON.parse(queue.getAttribute("data-scripts")).forEach(function (url) {
        var script = document.createElement("script");
        script.src = url;
        if (/\/queue\/main\.js/.test(url)) { script.type = "module"; }  // run after the scorer
        script.async = false;  // in order: the scorer, then the queue
        document.body.appendChild(script);
      });
    };
    // A hand saved online that the server scored differently: the queue says so.
    var said; try { said = sessionStorage.getItem("queue-corrected"); } catch (e) { /* none */ }
    if (said) { loadQueue(); } else { holdsHands(texts.getAttribute("data-account"), loadQueue); }
  }

  // Back or Forward onto another address than this document's (a hand saved in place): its page.
  var at = location.pathname;
  addEventListener("popstate", function () { if (location.pathname !== at && !window.scorekeeperQueue) { location.reload(); } });

  /* The phone's time zone, for the times the spreadsheet exports write (scorekeeper/timezones.py
   * checks it, UTC otherwise). */
  try {
    var zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone) && document.cookie.split("; ").indexOf("tz=" + zone) < 0) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax" +
        (location.protocol === "https:" ? "; secure" : "");
    }
  } catch (e) { /* no Intl: UTC */ }

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      /* No worker: the app works online as before. */
    });
  }
})();
