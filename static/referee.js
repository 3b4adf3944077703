/* Referee pages: live penalty search. Plain JS, no inline handlers; the steppers of the opening
   checker are wired by the shared stepper.js. Without JS the search form filters on the server (?q=). */
(function () {
  "use strict";

  /* Same folding as scorekeeper/referee/search.py: no accents, lower case, words. */
  function words(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/\s+/).filter(Boolean);
  }

  function setUpSearch(input) {
    var table = document.getElementById(input.getAttribute("aria-controls"));
    if (!table) { return; }
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr[data-search]"));
    var count = document.querySelector("[data-penalty-count]");
    var none = document.querySelector("[data-penalty-none]");

    function filter() {
      var wanted = words(input.value);
      var shown = 0;
      rows.forEach(function (row) {
        var text = row.getAttribute("data-search");
        var match = wanted.every(function (word) { return text.indexOf(word) !== -1; });
        row.hidden = !match;
        if (match) { shown += 1; }
      });
      if (count) {
        count.textContent = count.getAttribute("data-template")
          .replace("{shown}", String(shown)).replace("{total}", String(rows.length));
      }
      if (none) { none.hidden = shown > 0; }
      if (window.history && window.history.replaceState) {
        var url = new URL(window.location.href);
        if (input.value) { url.searchParams.set("q", input.value); } else { url.searchParams.delete("q"); }
        window.history.replaceState(null, "", url.toString());
      }
    }

    input.addEventListener("input", filter);
  }

  document.querySelectorAll("[data-penalty-search]").forEach(setUpSearch);
}());
