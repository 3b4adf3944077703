/* New match: show only the chosen rule set's house options, and name the first-dealer choices
   after the players typed. Without this script every block shows, each headed by its rule set. */
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
  }

  function syncDealer() {
    var select = form.querySelector("select[name=first_dealer]");
    if (!select) { return; }
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.value) { return; }
      if (!option.hasAttribute("data-label")) { option.setAttribute("data-label", option.textContent); }
      var input = form.querySelector("[data-player='" + option.value + "']");
      var name = input ? input.value.trim() : "";
      option.textContent = name || option.getAttribute("data-label");
      option.hidden = !name;
    });
  }

  form.addEventListener("change", function (event) {
    if (event.target.hasAttribute("data-ruleset-choice")) { syncRuleset(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.hasAttribute("data-player")) { syncDealer(); }
  });
  syncRuleset();
  syncDealer();
})();
