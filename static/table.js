/* The page behind a club night's table link (/t/TOKEN, scorekeeper/tables/routes.py).
   - It follows the table: every data-interval seconds it asks /t/TOKEN/state for the table's
     version (the round, the game, its hands, the confirmations); when it changes, the page reloads,
     so the next round's game appears by itself. A form with something typed in it is never reloaded
     away: the page says that the table changed and offers to reload.
   - Confirmation: once the game is finished, each side's button posts {"side": N} to
     POST /api/v1/table/confirm with the table's token, then the page shows who has agreed.
   The hands themselves go through the phone's queue (static/queue/main.js, tableSender). */
(function () {
  "use strict";

  var page = document.getElementById("table-page");
  if (!page || !window.fetch) { return; }
  var token = page.getAttribute("data-token");
  var version = page.getAttribute("data-version");
  var interval = Math.max(parseFloat(page.getAttribute("data-interval")) || 5, 0.2) * 1000;
  var changed = document.getElementById("table-changed");
  var dirty = false;

  var form = document.querySelector("[data-hand-form]");
  if (form) {
    form.addEventListener("input", function () { dirty = true; });
    form.addEventListener("hand-queued", function () { dirty = false; });
  }

  function poll() {
    return fetch(page.getAttribute("data-state"), { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.ok || response.status === 410 || response.status === 404 ? response.json() : null; })
      .then(function (body) {
        if (!body || body.version === version) { return; }
        if (!dirty) { window.location.reload(); return; }
        if (changed) { changed.hidden = false; }
      })
      .catch(function () { /* no signal: asked again later */ });
  }
  window.tablePoll = poll;  // the tests ask at once instead of waiting
  setInterval(poll, interval);

  var reload = document.getElementById("table-reload");
  if (reload) { reload.addEventListener("click", function () { window.location.reload(); }); }

  document.querySelectorAll("[data-confirm-side]").forEach(function (button) {
    button.addEventListener("click", function () {
      var side = parseInt(button.getAttribute("data-confirm-side"), 10);
      var status = document.getElementById("confirm-status");
      button.disabled = true;
      fetch("/api/v1/table/confirm", {
        method: "POST", credentials: "omit", cache: "no-store",
        headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ side: side })
      }).then(function (response) {
        if (response.ok) { window.location.reload(); return; }
        button.disabled = false;
        if (status) { status.textContent = status.getAttribute(response.status === 409 ? "data-not-yet" : "data-failed"); }
      }, function () {
        button.disabled = false;
        if (status) { status.textContent = status.getAttribute("data-offline"); }
      });
    });
  });
})();
