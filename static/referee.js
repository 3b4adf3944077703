/* Referee pages: live search of the penalties and rules. Plain JS, no inline handlers; the steppers of
   the opening checker are wired by the shared stepper.js. Without JS the search form filters on the
   server (?q=), with the same rules as scorekeeper/referee/search.py. */
(function () {
  "use strict";

  var MIN_FUZZY = 4;       /* shorter words must occur as typed */
  var MIN_TWO_EDITS = 8;   /* from this length, two typos are forgiven */

  /* Same folding as search.py: no accents, lower case, words. */
  function words(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/\s+/).filter(Boolean);
  }

  /* Edit distance (a neighbour swap counts one), or most + 1 when larger: search.edits. */
  function edits(a, b, most) {
    if (Math.abs(a.length - b.length) > most) { return most + 1; }
    var before = [], previous = [], current, i, j, best;
    for (j = 0; j <= b.length; j += 1) { previous.push(j); }
    for (i = 1; i <= a.length; i += 1) {
      current = [i];
      for (j = 1; j <= b.length; j += 1) {
        best = Math.min(current[j - 1] + 1, previous[j] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          best = Math.min(best, before[j - 2] + 1);
        }
        current.push(best);
      }
      if (Math.min.apply(null, current) > most) { return most + 1; }
      before = previous;
      previous = current;
    }
    return previous[b.length];
  }

  function wordMatches(word, text, textWords) {
    if (text.indexOf(word) !== -1) { return true; }
    if (word.length < MIN_FUZZY) { return false; }
    var most = word.length >= MIN_TWO_EDITS ? 2 : 1;
    return textWords.some(function (other) { return edits(word, other, most) <= most; });
  }

  function setUpSearch(input) {
    var lists = input.getAttribute("aria-controls").split(/\s+/)
      .map(function (id) { return document.getElementById(id); }).filter(Boolean);
    var rows = [];
    lists.forEach(function (list) {
      Array.prototype.forEach.call(list.querySelectorAll("[data-search]"), function (row) {
        var text = row.getAttribute("data-search");
        rows.push({ el: row, text: text, words: text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean),
                    penalty: row.id.indexOf("penalty-") === 0, fallback: row.hasAttribute("data-default") });
      });
    });
    var count = document.querySelector("[data-penalty-count]");
    var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "es") : null;
    var none = document.querySelector("[data-penalty-none]");
    var rules = document.querySelector("[data-rule-results]");

    function filter() {
      var wanted = words(input.value);
      var penalties = 0, totalPenalties = 0, ruleCount = 0;
      rows.forEach(function (row) {
        var match = wanted.every(function (word) { return wordMatches(word, row.text, row.words); });
        if (!row.penalty && wanted.length === 0) { match = row.fallback; }
        row.el.hidden = !match;
        if (row.penalty) {
          totalPenalties += 1;
          if (match) { penalties += 1; }
        } else if (match) {
          ruleCount += 1;
        }
      });
      if (count) {
        var form = plural && plural.select(penalties) === "one" ? "data-template-one" : "data-template";
        count.textContent = (count.getAttribute(form) || count.getAttribute("data-template"))
          .replace("{shown}", String(penalties)).replace("{total}", String(totalPenalties));
      }
      if (rules) { rules.hidden = ruleCount === 0; }
      if (none) { none.hidden = penalties + ruleCount > 0; }
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
