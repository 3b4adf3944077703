/* Hand entry: card counters fill the melds/hand inputs, the going-out kind follows who went out,
   and a live preview of each side's score (POST to data-preview-url, nothing stored).
   Card points come from the page's data-points attributes; no rule lives here. */
(function () {
  "use strict";
  var form = document.querySelector("[data-hand-form]");
  if (!form) { return; }

  function counterTotal(details) {
    var total = 0;
    details.querySelectorAll("input[data-points]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (!isNaN(n) && n > 0) { total += n * parseInt(input.getAttribute("data-points"), 10); }
    });
    return total;
  }

  function onCounter(input) {
    var details = input.closest("[data-counter]");
    var target = document.getElementById(details.getAttribute("data-counter"));
    var total = counterTotal(details);
    details.querySelector("[data-counter-total]").textContent = String(total);
    if (target) {
      target.value = String(total);
      target.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  function syncKind() {
    var chosen = form.querySelector("input[name=went_out]:checked");
    var nobody = !chosen || chosen.value === "none";
    var box = form.querySelector("[data-going-out-kind]");
    if (!box) { return; }
    box.hidden = nobody;
    box.querySelectorAll("input").forEach(function (input) { input.disabled = nobody; });
  }

  var timer = null;
  var pending = null;
  var note = form.querySelector("[data-preview-note]");

  function show(scores, message) {
    form.querySelectorAll("[data-preview]").forEach(function (out) {
      var i = parseInt(out.getAttribute("data-preview"), 10);
      if (scores && i < scores.length) {
        out.textContent = (scores[i] > 0 ? "+" : "") + scores[i];
        out.classList.toggle("neg", scores[i] < 0);
      } else {
        out.textContent = "";
      }
    });
    if (note) { note.textContent = message || ""; }
  }

  function firstMessage(errors) {
    for (var key in errors) {
      if (Object.prototype.hasOwnProperty.call(errors, key) && errors[key].length) { return errors[key][0]; }
    }
    return "";
  }

  function preview() {
    if (pending) { pending.abort(); }
    pending = new AbortController();
    fetch(form.getAttribute("data-preview-url"), {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "Accept": "application/json" },
      signal: pending.signal
    }).then(function (response) {
      return response.json();
    }).then(function (body) {
      if (body.scores) { show(body.scores, ""); } else { show(null, firstMessage(body.errors || {})); }
    }).catch(function () { /* offline or aborted: the page works without the preview */ });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(preview, 400);
  }

  form.addEventListener("input", function (event) {
    if (event.target.closest("[data-counter]") && event.target.hasAttribute("data-points")) {
      onCounter(event.target);
    }
    schedule();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out") { syncKind(); }
    schedule();
  });
  syncKind();
  var firstError = form.querySelector(".has-error, .errors");
  if (firstError) {
    firstError.scrollIntoView({ block: "center" });
  } else if (form.querySelector("input[name=went_out]:checked")) {
    schedule();  // a hand being edited: show its scores; a blank hand has none yet (the server says 422)
  }
})();
