/* Countdowns of timed club-night games (the table's page, the wall): each [data-countdown] element
   shows the time left until its data-ends-at (milliseconds since 1970, UTC), by the server's clock:
   data-server-now is the server's time when the page (or the wall's fragment) was made, so a phone
   whose own clock is wrong still counts down right (an element kept in the server's memory, as
   the wall's fragment, has none: the page's [data-server-clock] says the server's time). The text is re-read from the page each second,
   so a fragment swapped in by static/live.js counts on its own. At zero the element says its
   data-over text. Plain JS (the Content-Security-Policy allows scripts from this site only). */
(function () {
  "use strict";

  var skews = new WeakMap();
  var clock = document.querySelector("[data-server-clock]");
  var pageSkew = clock ? parseInt(clock.getAttribute("data-server-clock"), 10) - Date.now() : 0;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(ms) {
    var s = Math.ceil(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
  }

  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (!skews.has(el)) {
        var own = el.getAttribute("data-server-now");
        skews.set(el, own ? parseInt(own, 10) - Date.now() : pageSkew);
      }
      var left = parseInt(el.getAttribute("data-ends-at"), 10) - (Date.now() + skews.get(el));
      var out = el.querySelector("[data-countdown-time]") || el;
      var text = left > 0 ? format(left) : el.getAttribute("data-over");
      if (out.textContent !== text) { out.textContent = text; }
      el.classList.toggle("countdown-over", left <= 0);
      el.classList.toggle("countdown-soon", left > 0 && left <= 5 * 60000);
    });
  }

  tick();
  setInterval(tick, 1000);
})();
