/* Hand entry: card counters add to the melds/hand inputs, the going-out kind follows who went out,
   and a live preview of each side's score in the bar at the bottom (POST to data-preview-url,
   nothing stored).
   Card points come from the page's data-points attributes (counted by static/form_to_hand.js, the
   mapping the queue and the server share); no rule lives here. An ES module (deferred, in order). */
import { countPoints } from "./form_to_hand.js";

(function () {
  var form = document.querySelector("[data-hand-form]");
  if (!form) { return; }

  function counterTotal(details) {
    var counts = {}, points = {};
    details.querySelectorAll("input[data-points]").forEach(function (input) {
      var card = input.getAttribute("data-card");
      counts[card] = input.value;
      points[card] = parseInt(input.getAttribute("data-points"), 10);
    });
    return countPoints(counts, points);
  }

  // The counter adds what it counts to the field: a total typed by hand is kept, never replaced,
  // and the counter's line says "Counted: 50 + typed by hand: 480 = 530". Each change of the
  // count moves the field by the same amount, so a correction typed in between is kept too.
  function onCounter(input) {
    var details = input.closest("[data-counter]");
    var target = document.getElementById(details.getAttribute("data-counter"));
    var total = counterTotal(details);
    var before = parseInt(details.getAttribute("data-counted") || "0", 10);
    details.setAttribute("data-counted", String(total));
    details.querySelector("[data-counter-total]").textContent = String(total);
    if (!target) { return; }
    var current = parseInt(target.value, 10);
    if (isNaN(current)) { current = before; }  // a blank field stands for the count (as on the server)
    var value = Math.max(0, current + total - before);
    target.value = String(value);
    target.dispatchEvent(new Event("input", { bubbles: true }));
    showTyped(details, value - total, value);
  }

  function showTyped(details, typed, value) {
    var line = details.querySelector("[data-counter-typed-line]");
    if (!line) { return; }
    line.hidden = typed === 0 || typed === value;  // nothing typed, or nothing counted
    line.querySelector("[data-counter-typed]").textContent = String(typed);
    line.querySelector("[data-counter-field]").textContent = String(value);
  }

  // A total typed while the counter has counted: the line follows what the field now holds.
  function onCountedField(input) {
    var details = form.querySelector('[data-counter="' + input.id + '"]');
    if (!details) { return; }
    var counted = parseInt(details.getAttribute("data-counted") || "0", 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) { value = counted; }  // blank: the count is taken
    showTyped(details, value - counted, value);
  }

  function syncKind() {
    var chosen = form.querySelector("input[name=went_out]:checked");
    var nobody = !chosen || chosen.value === "none";
    var box = form.querySelector("[data-going-out-kind]");
    if (!box) { return; }
    box.hidden = nobody;
    box.querySelectorAll("input").forEach(function (input) { input.disabled = nobody; });
    syncSpecial(nobody ? null : chosen.value, box);
  }

  // A special hand (American Canasta) is a way of going out of a side that melded nothing: that
  // side's melds, cards in hand, canastas and threes are emptied and set aside (disabled, so they are
  // not sent); its penalties stay. Another choice gives the fields back, empty.
  function syncSpecial(wentOut, box) {
    var special = (box.getAttribute("data-special-kinds") || "").split(" ").filter(Boolean);
    var kind = box.querySelector("input[name=going_out_kind]:checked");
    var on = wentOut !== null && kind !== null && special.indexOf(kind.value) >= 0;
    form.querySelectorAll(".side-hand").forEach(function (section, i) {
      var emptied = on && String(i) === wentOut;
      var note = section.querySelector("[data-special-note]");
      if (note) { note.hidden = !emptied; }
      section.querySelectorAll("[data-emptied-by-special]").forEach(function (block) {
        block.hidden = emptied;
        block.querySelectorAll("input").forEach(function (input) {
          if (emptied && input.type !== "checkbox") { input.value = ""; }
          if (emptied && input.type === "checkbox") { input.checked = false; }
          input.disabled = emptied;
        });
        if (emptied) {
          block.querySelectorAll("[data-counter]").forEach(function (details) { details.setAttribute("data-counted", "0"); });
        }
      });
      // Blank on purpose: no "save with 0?" question for it (hand_submit.js, and the server's blank_ok).
      var confirmed = form.querySelector("[name='sides-" + i + "-blank_ok'][type=hidden]");
      if (confirmed && emptied) { confirmed.value = "y"; }
      else if (confirmed && section.hasAttribute("data-was-special")) { confirmed.value = ""; }
      section.toggleAttribute("data-was-special", emptied);
    });
  }

  /* A score written the reader's way (the page's language), with its sign: +1,250 / +1.250 / −300. */
  var numbers = window.Intl ? new Intl.NumberFormat(document.documentElement.lang || undefined,
    { maximumFractionDigits: 0, signDisplay: "exceptZero" }) : null;
  function formatScore(n) {
    return numbers ? numbers.format(n) : (n > 0 ? "+" : "") + n;
  }

  var timer = null;
  var pending = null;
  var note = form.querySelector("[data-preview-note]");

  // The one place that writes the previews (the bar at the bottom of the page).
  function show(scores, message) {
    form.querySelectorAll("[data-preview]").forEach(function (out) {
      var i = parseInt(out.getAttribute("data-preview"), 10);
      if (scores && i < scores.length) {
        out.textContent = formatScore(scores[i]);
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
    if (!form.getAttribute("data-preview-url")) { return; }  // a table's page: the queue's scorer previews
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
    } else if (event.isTrusted && event.target.id) {
      onCountedField(event.target);
    }
    schedule();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out" || event.target.name === "going_out_kind") { syncKind(); }
    schedule();
  });
  syncKind();
  // Counts sent back with the page (a mistake shown, or Back) are already in their fields.
  form.querySelectorAll("[data-counter]").forEach(function (details) {
    var total = counterTotal(details);
    details.setAttribute("data-counted", String(total));
    details.querySelector("[data-counter-total]").textContent = String(total);
    var target = document.getElementById(details.getAttribute("data-counter"));
    if (target && total) { onCountedField(target); }
  });
  var firstError = form.querySelector(".has-error, .errors");
  if (firstError) {
    firstError.scrollIntoView({ block: "center" });
  } else if (form.querySelector("input[name=went_out]:checked")) {
    schedule();  // a hand being edited: show its scores; a blank hand has none yet (the server says 422)
  }
})();
