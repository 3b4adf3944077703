/* The organiser's pages: the new-event page's player picker, and the console's countdowns.
   Without this script the pages still work: the entries are typed, the time left is as rendered. */
(function () {
  "use strict";

  var picker = document.querySelector("[data-player-picker]");
  if (picker) {
    var box = document.getElementById("entries");
    picker.hidden = false;
    picker.querySelector("[data-pick-add]").addEventListener("click", function () {
      var name = picker.querySelector("[data-pick]").value;
      var pairs = picker.querySelector("[data-pick-pairs]").checked;
      if (!name || !box) { return; }
      var text = box.value.replace(/\s+$/, "");
      var lines = text ? text.split("\n") : [];
      var last = lines.length ? lines[lines.length - 1] : "";
      if (pairs && last && last.indexOf("&") < 0) {
        lines[lines.length - 1] = last + " & " + name;
      } else {
        lines.push(name);
      }
      box.value = lines.join("\n") + "\n";
      box.focus();
    });
  }

  /* The console follows the tables: it reloads itself every 30 s while nobody is typing in it and
     the tab is in sight (a director glancing at a laptop sees hands arrive). */
  var console_ = document.querySelector("[data-console-refresh]");
  if (console_) {
    var touched = false;
    document.addEventListener("input", function () { touched = true; });
    window.setInterval(function () {
      var typing = document.activeElement && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
      if (!touched && !typing && document.visibilityState === "visible" && navigator.onLine !== false) {
        window.location.reload();
      }
    }, 30000);
  }

  /* Countdowns: data-ends-at (ISO time), data-now (the server's time when it rendered the page),
     so a phone's wrong clock does not change the time left. */
  var clocks = document.querySelectorAll("[data-ends-at]");
  if (!clocks.length) { return; }
  var started = Date.now();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    clocks.forEach(function (el) {
      var ends = Date.parse(el.getAttribute("data-ends-at"));
      var now = Date.parse(el.getAttribute("data-now")) + (Date.now() - started);
      var left = Math.round((ends - now) / 1000);
      if (isNaN(left)) { return; }
      if (left <= 0) {
        el.textContent = el.getAttribute("data-over");
        el.classList.add("over");
        return;
      }
      el.textContent = Math.floor(left / 60) + ":" + pad(left % 60);
    });
  }
  tick();
  window.setInterval(tick, 1000);
})();
