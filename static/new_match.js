/* New match: show only the chosen rule set's house options, fill them from a preset, and name the
   first-dealer choices after the players typed. Without this script every block shows, each headed
   by its rule set. Only the Start button starts: Enter in a field moves to the next one
   (static/enter_moves_on.js), and a second tap on Start while the first is on its way is ignored (the server also takes each form once, and asks before
   starting with sides of different sizes). */
(function () {
  "use strict";
  var form = document.querySelector("[data-new-match]");
  if (!form) { return; }

  function syncRuleset() {
    var chosen = form.querySelector("input[data-ruleset-choice]:checked");
    var id = chosen ? chosen.value : null;
    form.querySelectorAll("[data-ruleset]").forEach(function (block) {
      var off = id !== null && block.getAttribute("data-ruleset") !== id;
      block.hidden = off;
      block.querySelectorAll("input, select").forEach(function (input) { input.disabled = off; });
    });
    syncSides(chosen);
  }

  /* Only the sides the chosen rule set is played by (its data-max-sides): a side beyond them is
     hidden and not sent (the server refuses it too); its names come back with a rule set that has it. */
  function syncSides(chosen) {
    var most = chosen ? Number(chosen.getAttribute("data-max-sides")) || 3 : 3;
    form.querySelectorAll("[data-side]").forEach(function (block) {
      var off = Number(block.getAttribute("data-side")) >= most;
      block.hidden = off;
      block.querySelectorAll("input").forEach(function (input) { input.disabled = off; });
    });
  }

  function syncDealer() {
    var select = form.querySelector("select[name=first_dealer]");
    if (!select) { return; }
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.value) { return; }
      if (!option.hasAttribute("data-label")) { option.setAttribute("data-label", option.textContent); }
      var input = form.querySelector("[data-player='" + option.value + "']");
      var name = input && !input.disabled ? input.value.trim() : "";
      option.textContent = name || option.getAttribute("data-label");
      option.hidden = !name;
    });
  }

  /* Presets: a button fills the chosen rule set's house-rule inputs from its data-preset-fields
     ({input name: value}); every input stays editable. Without this script the buttons stay hidden. */
  function applyPreset(button) {
    var fields = JSON.parse(button.getAttribute("data-preset-fields"));
    Object.keys(fields).forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (!input) { return; }
      if (input.type === "checkbox") { input.checked = fields[name] === true; } else { input.value = fields[name]; }
      var changed = input.type === "checkbox" ? input.checked !== input.defaultChecked : input.value !== input.defaultValue;
      var details = input.closest("details");
      if (changed && details) { details.open = true; }  // show what the preset changed
    });
    var box = button.closest("[data-presets]");
    var status = box.querySelector("[data-preset-status]");
    if (status) { status.textContent = box.getAttribute("data-filled") + " " + button.getAttribute("data-preset-name"); }
  }

  form.querySelectorAll("[data-presets]").forEach(function (box) { box.hidden = false; });
  form.addEventListener("click", function (event) {
    var button = event.target.closest("[data-preset-fields]");
    if (button) { applyPreset(button); }
  });


  /* A side left unnamed takes its players' names (the server does the same): show them as the
     name's placeholder, joined the page language's way. */
  var lists = window.Intl && Intl.ListFormat ? new Intl.ListFormat(document.documentElement.lang || undefined,
    { style: "long", type: "conjunction" }) : null;
  function syncNames() {
    form.querySelectorAll("[data-side-name]").forEach(function (input) {
      var side = input.getAttribute("data-side-name");
      var names = Array.prototype.map.call(form.querySelectorAll("[data-player^='" + side + "-']"), function (p) {
        return p.value.trim();
      }).filter(function (name) { return name; });
      input.placeholder = names.length ? (lists ? lists.format(names) : names.join(", ")) : "";
    });
  }


  var sending = false;
  form.addEventListener("submit", function (event) {
    var submitter = event.submitter;
    if (sending || (submitter && !submitter.hasAttribute("data-start"))) { event.preventDefault(); return; }
    sending = true;
  });
  /* Back to this page from the browser's memory: the form may be sent again (the server shows the
     match it already started). */
  window.addEventListener("pageshow", function () { sending = false; });

  /* The chance each side wins by the account's ratings, asked of the server (read-only JSON) a
     moment after the players change; nothing is shown offline, on an error, or before two sides. */
  var chances = form.querySelector("[data-chances]");
  var asking = null;
  var asked = 0;
  function syncChances() {
    if (!chances) { return; }
    window.clearTimeout(asking);
    asking = window.setTimeout(function () {
      var query = new URLSearchParams();
      var chosen = form.querySelector("input[data-ruleset-choice]:checked");
      if (chosen) { query.append("ruleset", chosen.value); }
      form.querySelectorAll("[data-player]").forEach(function (input) {
        if (!input.disabled && input.value.trim()) {
          query.append("side" + input.getAttribute("data-player").split("-")[0], input.value.trim());
        }
      });
      var mine = ++asked;
      fetch(chances.getAttribute("data-chances") + "?" + query.toString(), {
        credentials: "same-origin", headers: { Accept: "application/json" }
      }).then(function (response) { return response.ok ? response.json() : { text: "" }; })
        .then(function (body) {
          if (mine !== asked) { return; }  // a later change asked again
          chances.textContent = body.text || "";
          chances.hidden = !body.text;
        }).catch(function () { chances.hidden = true; });
    }, 300);
  }

  form.addEventListener("change", function (event) {
    if (event.target.hasAttribute("data-ruleset-choice")) { syncRuleset(); syncDealer(); syncChances(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.hasAttribute("data-player")) { syncDealer(); syncNames(); syncChances(); }
  });
  syncChances();
  syncRuleset();
  syncDealer();
  syncNames();
})();
