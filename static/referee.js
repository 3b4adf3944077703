/* Referee pages: live search of the penalties and rules, ranked. Plain JS, no inline handlers; the
   steppers of the opening checker are wired by the shared stepper.js. Without JS the search form
   filters and ranks on the server (?q=). This is scorekeeper/referee/search.py line for line: each
   row's data-search is its index made there (words with their Snowball stems), the input's
   data-lexicon the tables of word_forms.py; the tests compare both. */
(function () {
  "use strict";

  var WORD_BREAK = /[^\p{L}\p{N}_]+/u;
  var DIGITS = /^\p{Nd}+$/u;
  var MIN_STEM = 3;

  /* search.fold: no accents, lower case. */
  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }

  /* search.query_words: the different words, the first maxWords. */
  function queryWords(text, most) {
    return fold(text).split(WORD_BREAK).filter(function (w, i, all) {
      return w && all.indexOf(w) === i;
    }).slice(0, most);
  }

  /* search.parse: "robo/rob dos|50" → phrases of [surface, stems]. */
  function indexWord(written) {
    var parts = written.split("/");
    return { surface: parts[0], stems: parts.slice(1), key: written };
  }
  function parse(indexed) {
    return indexed.split("|").map(function (phrase) {
      return phrase.split(" ").filter(Boolean).map(indexWord);
    });
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

  function makeSearch(lex) {
    function isTypo(word, other) {
      if (word.length < lex.minFuzzy) { return false; }
      var most = word.length >= lex.minTwoEdits ? 2 : 1;
      return edits(word, other, most) <= most;
    }

    /* search.kind */
    function kind(form, word, typed) {
      if (form === word.surface) { return 4; }
      if (DIGITS.test(form)) { return 0; }
      if (word.stems.some(function (s) { return form.indexOf(s) === 0 && form.length - s.length <= lex.maxEnding; })) {
        return 3;
      }
      if (!typed) { return 0; }
      if (isTypo(form, word.surface)) { return 2; }
      return word.surface.indexOf(form) === 0 ? 1 : 0;
    }

    var synonyms = lex.synonyms.map(function (group) { return group.map(indexWord); });

    /* search.alternatives: [form, worth, typed] */
    function alternatives(word, vocabulary) {
      var out = [[word, 4, true]];
      var lemma = Object.prototype.hasOwnProperty.call(lex.forms, word) ? lex.forms[word] : "";
      if (lemma) { out.push([lemma, 4, false]); }
      var base = out.slice();
      var group = lex.numbers.find(function (g) { return g.indexOf(word) !== -1; }) || null;
      var value = 4;
      if (group === null && word.length >= MIN_STEM && !vocabulary.has(word) && !DIGITS.test(word)) {
        group = lex.numbers.find(function (g) {
          return g.some(function (n) { return edits(word, n, 1) <= 1; });
        }) || null;
        value = lex.numberTypoWorth;
      }
      (group || []).forEach(function (n) { if (n !== word) { out.push([n, value, false]); } });
      synonyms.forEach(function (members) {
        var belongs = base.some(function (alt) {
          return members.some(function (m) { return kind(alt[0], m, false) >= 3; });
        });
        if (belongs) {
          members.forEach(function (m) { out.push([m.surface, lex.synonymWorth, false]); });
        }
      });
      return out;
    }

    function worth(alts, word) {
      var top = 0;
      alts.forEach(function (alt) { top = Math.max(top, Math.min(alt[1], kind(alt[0], word, alt[2]))); });
      return top;
    }

    /* search.rank, for rows already parsed: a score per row ({shown, phrase, total}), or null when
       the query is empty. */
    return function scores(query, rows) {
      var words = queryWords(query, lex.maxWords);
      if (words.length === 0) { return null; }
      var vocabulary = new Set(), distinct = new Map();
      rows.forEach(function (row) {
        row.phrases.forEach(function (p) {
          p.forEach(function (w) { vocabulary.add(w.surface); distinct.set(w.key, w); });
        });
      });
      var worths = words.map(function (word) {
        var alts = alternatives(word, vocabulary), table = new Map();
        distinct.forEach(function (w, key) { table.set(key, worth(alts, w)); });
        return table;
      });
      function bestIn(table, words) {
        return words.reduce(function (top, w) { return Math.max(top, table.get(w.key)); }, 0);
      }
      return rows.map(function (row) {
        var all = [].concat.apply([], row.phrases);
        var perWord = worths.map(function (table) { return bestIn(table, all); });
        var phrase = row.phrases.reduce(function (top, p) {
          return Math.max(top, worths.reduce(function (sum, table) { return sum + bestIn(table, p); }, 0));
        }, 0);
        return {
          shown: perWord.every(function (v) { return v > 0; }),
          phrase: phrase,
          total: perWord.reduce(function (a, b) { return a + b; }, 0)
        };
      });
    };
  }

  function setUpSearch(input) {
    var scores = makeSearch(JSON.parse(input.getAttribute("data-lexicon")));
    var lists = input.getAttribute("aria-controls").split(/\s+/)
      .map(function (id) { return document.getElementById(id); }).filter(Boolean);
    var rows = [];
    lists.forEach(function (list) {
      Array.prototype.forEach.call(list.querySelectorAll("[data-search]"), function (row) {
        rows.push({ el: row, list: list, phrases: parse(row.getAttribute("data-search")),
                    order: Number(row.getAttribute("data-order")),
                    penalty: row.id.indexOf("penalty-") === 0, fallback: row.hasAttribute("data-default") });
      });
    });
    var count = document.querySelector("[data-penalty-count]");
    var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "es") : null;
    var none = document.querySelector("[data-penalty-none]");
    var rules = document.querySelector("[data-rule-results]");

    /* Found rows first, best first; then the others; each list in the data's order otherwise. */
    function reorder(found) {
      var sorted = rows.map(function (row, i) { return { row: row, s: found ? found[i] : null }; });
      sorted.sort(function (a, b) {
        var sa = a.s && a.s.shown, sb = b.s && b.s.shown;
        if (sa !== sb) { return sa ? -1 : 1; }
        if (sa) {
          if (a.s.phrase !== b.s.phrase) { return b.s.phrase - a.s.phrase; }
          if (a.s.total !== b.s.total) { return b.s.total - a.s.total; }
        }
        return a.row.order - b.row.order;
      });
      sorted.forEach(function (item) { item.row.list.appendChild(item.row.el); });
    }

    function filter() {
      var found = scores(input.value, rows);
      var penalties = 0, totalPenalties = 0, ruleCount = 0;
      rows.forEach(function (row, i) {
        var match = found ? found[i].shown : (row.penalty || row.fallback);
        row.el.hidden = !match;
        if (row.penalty) {
          totalPenalties += 1;
          if (match) { penalties += 1; }
        } else if (match) {
          ruleCount += 1;
        }
      });
      reorder(found);
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
