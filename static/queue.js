/* Hands entered offline: a queue on the phone (IndexedDB), sent when the signal returns.
 *
 * - The hand page (online, or the key-less copy the service worker keeps: #hand-template) saves
 *   to the queue when the phone is offline, with a submission key made here (crypto.randomUUID) or
 *   the form's own.
 * - The scoreboard (#queue) lists the queued hands as "not sent yet" with their provisional scores,
 *   the totals and the next opening minimums (static/scorer.js, from the match's rules.json).
 * - Sending (page load, the online event, then retries with backoff): in order, one at a time, to
 *   POST /matches/ID/hands.json (scorekeeper/matches/sync.py) with the entry's key as
 *   Idempotency-Key, so a send repeated after a lost answer never stores twice. A 409 pauses the
 *   queue until the player chooses; a 422 pauses it until the hand is corrected; a 401 keeps it for
 *   the next login. An entry leaves the queue only once the server has it.
 * Queued hands belong to the account that typed them (data-account): never shown to or sent by
 * another.
 */
(function () {
  "use strict";
  var DB = "scorekeeper-queue", STORE = "hands", LOCK = "scorekeeper-queue";
  var FIRST_RETRY = 2000, LAST_RETRY = 300000;
  var textsEl = document.getElementById("queue-texts");
  var path = location.pathname.match(/^\/matches\/(\d+)/);
  if (!textsEl || !path || !window.indexedDB) { return; }
  var matchId = parseInt(path[1], 10);
  var account = textsEl.getAttribute("data-account");
  var panel = document.getElementById("queue");
  var form = document.querySelector("[data-hand-form]");
  var templateEl = document.getElementById("hand-template");
  var retry = FIRST_RETRY, timer = null, running = null, loginNeeded = false, rulesCache = null;
  var reached = false;  // the server answered in this page's life (a kept copy may then give way)

  var inlineTexts = textsEl.getAttribute("data-texts");
  var texts = inlineTexts ? JSON.parse(inlineTexts) : null;

  /** The texts: inline on the hand page; a scoreboard fetches them when it has something to say. */
  function loadTexts() {
    if (texts) { return Promise.resolve(texts); }
    return fetch(textsEl.getAttribute("data-src"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : {}; }, function () { return {}; })
      .then(function (t) { texts = t; return t; });
  }

  function text(name, params) {
    var s = (texts && texts[name]) || "";
    Object.keys(params || {}).forEach(function (k) { s = s.split("{" + k + "}").join(String(params[k])); });
    return s;
  }

  /* --- The store ------------------------------------------------------------------------- */

  function db() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true }); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function withStore(mode, work) {
    return db().then(function (conn) {
      return new Promise(function (resolve, reject) {
        var tx = conn.transaction(STORE, mode), out = work(tx.objectStore(STORE));
        tx.oncomplete = function () { conn.close(); resolve(out && "result" in out ? out.result : out); };
        tx.onerror = tx.onabort = function () { conn.close(); reject(tx.error); };
      });
    });
  }

  /** This account's queued hands (of this match, unless ``any``), oldest first. */
  function entries(any) {
    return withStore("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return list.filter(function (e) { return e.account === account && (any || e.match === matchId); })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }

  function put(entry) { return withStore("readwrite", function (s) { return s.put(entry); }); }
  function drop(entry) { return withStore("readwrite", function (s) { return s.delete(entry.id); }); }

  /* --- Scores on the phone ---------------------------------------------------------------- */

  function rules(url) {
    if (!rulesCache) {
      rulesCache = fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; });
    }
    return rulesCache;
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) { if (fields[i][0] === name) { return fields[i][1]; } }
    return null;
  }

  function int(fields, name) {
    var n = parseInt(field(fields, name), 10);
    return isNaN(n) ? 0 : n;
  }

  /** The hand in the API's shape from the hand form's fields (as the server's hand_form.py reads
   *  them; hand.js has already added the card counters into their fields). */
  function toHand(rs, fields, sides) {
    var went = field(fields, "went_out");
    var nobody = went === null || went === "none";
    var hand = {
      number: int(fields, "number"), went_out: nobody ? null : parseInt(went, 10),
      going_out_kind: nobody ? null : field(fields, "going_out_kind"), sides: []
    };
    for (var i = 0; i < sides; i++) {
      var p = "sides-" + i + "-", side = {
        melds: int(fields, p + "melds"), hand: int(fields, p + "hand"), red_threes: int(fields, p + "red_threes"),
        canastas: {}, penalties: []
      };
      rs.canasta_kinds.forEach(function (k) { side.canastas[k.code] = int(fields, p + "canastas-" + k.code); });
      rs.flags.forEach(function (f) { side[f.code] = field(fields, p + f.code) !== null; });
      rs.penalties.forEach(function (pen) {
        var n = int(fields, p + "penalties-" + pen.code);
        if (n) { side.penalties.push({ code: pen.code, count: n }); }
      });
      var custom = field(fields, p + "custom_points");
      if (custom !== null && custom.trim() !== "") {
        side.penalties.push({ code: "custom", points: int(fields, p + "custom_points"), count: 1 });
      }
      hand.sides.push(side);
    }
    return hand;
  }

  /** Each queued hand's scores and the totals after them, from the server's ``totals``. */
  function provisional(rs, totals, list) {
    var sum = totals.slice();
    var hands = list.map(function (entry) {
      var scores = window.Scorer.scoreHand(rs, toHand(rs, entry.fields, totals.length))
        .map(function (b) { return b.total; });
      if (entry.state !== "conflict") {  // a hand whose number is taken adds nothing until chosen
        sum = sum.map(function (t, i) { return t + scores[i]; });
      }
      return { entry: entry, scores: scores };
    });
    return {
      hands: hands, totals: sum,
      minimums: sum.map(function (t) { return window.Scorer.openingMinimum(rs, t); })
    };
  }

  /* --- Sending ----------------------------------------------------------------------------- */

  function sendBody(entry, token) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { if (pair[0] !== "csrf_token") { body.append(pair[0], pair[1]); } });
    return { body: body, headers: { "X-CSRFToken": token, "Idempotency-Key": entry.key, "Accept": "application/json" } };
  }

  function post(url, entry, token, extra) {
    var req = sendBody(entry, token);
    Object.keys(extra || {}).forEach(function (k) { req.headers[k] = extra[k]; });
    return fetch(url, { method: "POST", body: req.body, headers: req.headers, credentials: "same-origin" })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; });
      });
  }

  function state(match) {
    return fetch("/matches/" + match + "/hands.json", { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json().then(function (b) { return { status: r.status, body: b }; }); });
  }

  var TRANSIENT = new Error("transient");

  /** Send one match's queue in order; stops at the first hand that needs the player. */
  function sendMatch(match, list) {
    return state(match).then(function (st) {
      reached = true;
      if (st.status === 401) { loginNeeded = true; return 0; }
      if (st.status === 404) { return 0; }  // not this account's match (or deleted): kept, not sent
      if (st.status !== 200) { throw TRANSIENT; }
      loginNeeded = false;
      if (st.body.account !== account) { return 0; }  // another account's session: wait
      var sent = 0;
      return list.reduce(function (chain, entry) {
        return chain.then(function (go) {
          // Paused at a conflict until the player chooses. A refused hand is sent again (stopping
          // there again if still refused): corrected on the hand page, its key is used already.
          if (!go || entry.state === "conflict") { return false; }
          return post("/matches/" + match + "/hands.json", entry, st.body.csrf_token).then(function (r) {
            if (r.status === 201 || r.status === 200) { sent += 1; return drop(entry).then(function () { return true; }); }
            if (r.status === 409) {
              entry.state = "conflict"; entry.stored = r.body.stored; entry.message = r.body.message;
              return put(entry).then(function () { return false; });
            }
            if (r.status === 422) {
              entry.state = "refused"; entry.errors = r.body.errors || {};
              return put(entry).then(function () { return false; });
            }
            if (r.status === 401) { loginNeeded = true; return false; }
            throw TRANSIENT;
          });
        });
      }, Promise.resolve(true)).then(function () { return sent; });
    });
  }

  function sendAll() {
    return entries(true).then(function (list) {
      var matches = [];
      list.forEach(function (e) { if (matches.indexOf(e.match) < 0) { matches.push(e.match); } });
      var sent = 0;
      return matches.reduce(function (chain, m) {
        return chain.then(function () {
          return sendMatch(m, list.filter(function (e) { return e.match === m; })).then(function (n) { sent += n; });
        });
      }, Promise.resolve()).then(function () { return sent; });
    });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(flush, retry);
    retry = Math.min(retry * 2, LAST_RETRY);
  }

  /** Send what is queued (one sender at a time, across tabs too). */
  function flush() {
    if (running) { return running; }
    var work = function () { return sendAll(); };
    var locked = navigator.locks ? navigator.locks.request(LOCK, work) : work();
    running = locked.then(function (sent) {
      // Done: what is left waits for the player (a choice, a login) or for another account.
      retry = FIRST_RETRY;
      return Promise.resolve().then(function () {
        // The server's scoreboard again: after a hand was stored, or instead of a kept copy.
        var kept = document.documentElement.hasAttribute("data-offline-since");
        if ((sent || (kept && reached && !loginNeeded)) && panel && !templateEl) { location.reload(); return; }
        return render();
      });
    }, function () {
      schedule();  // no signal, or the server failed: again later, less and less often
      return render();
    }).then(function () { running = null; }, function () { running = null; });
    return running;
  }

  /* --- The scoreboard ---------------------------------------------------------------------- */

  function el(tag, cls, content) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (content) { node.textContent = content; }
    return node;
  }

  function signed(n) { return (n > 0 ? "+" : "") + n; }

  function scoreLine(names, scores) {
    return names.map(function (name, i) { return name + " " + signed(scores[i]); }).join(" · ");
  }

  function button(label, action) {
    var b = el("button", "button", label);
    b.type = "button";
    b.addEventListener("click", function () { b.disabled = true; action().then(flush, flush); });
    return b;
  }

  function replaceWithOurs(entry) {
    return state(entry.match).then(function (st) {
      if (st.status === 401) { loginNeeded = true; return; }
      var url = "/matches/" + entry.match + "/hands/" + entry.stored.number + ".json";
      return post(url, entry, st.body.csrf_token, { "X-Hand-Version": String(entry.stored.version) }).then(function (r) {
        if (r.status === 200) { return drop(entry).then(function () { if (panel) { location.reload(); } }); }
        if (r.status === 409) { entry.stored = r.body.stored; entry.message = r.body.message; return put(entry); }
        if (r.status === 422) { entry.state = "refused"; entry.errors = r.body.errors || {}; return put(entry); }
      });
    });
  }

  /** Open a refused hand on the hand page, where the server shows its messages at their fields. */
  function reopen(entry) {
    return state(entry.match).then(function (st) {
      if (st.status !== 200) { loginNeeded = st.status === 401; return; }
      entry.state = null;  // sent again with the next flush, corrected or not
      return put(entry).then(function () {
        var f = el("form");
        f.method = "post";
        f.action = "/matches/" + entry.match + "/hands/new";
        entry.fields.concat([["csrf_token", st.body.csrf_token]]).forEach(function (pair) {
          if (pair[0] === "csrf_token" && pair[1] !== st.body.csrf_token) { return; }
          var input = el("input");
          input.type = "hidden"; input.name = pair[0]; input.value = pair[1];
          f.appendChild(input);
        });
        document.body.appendChild(f);
        f.submit();
      });
    });
  }

  function firstMessage(errors) {
    var keys = Object.keys(errors || {});
    return keys.length ? errors[keys[0]][0] : "";
  }

  function render() {
    if (!panel) { return Promise.resolve(); }
    var names = JSON.parse(panel.getAttribute("data-sides"));
    var totals = JSON.parse(panel.getAttribute("data-totals"));
    return entries(false).then(function (list) {
      panel.hidden = !list.length;
      panel.textContent = "";
      if (!list.length) { return; }
      // "Enter hand N" after the queued hands (who deals it is said on the hand page).
      var next = list.reduce(function (n, e) { return Math.max(n, e.number + 1); }, parseInt(panel.getAttribute("data-next"), 10));
      document.querySelectorAll("a[href$='/hands/new']").forEach(function (a) { a.textContent = a.textContent.replace(/\d+/, String(next)); });
      document.querySelectorAll(".seats").forEach(function (p) { p.hidden = true; });
      return Promise.all([rules(panel.getAttribute("data-rules")), loadTexts()]).then(function (got) {
        var data = got[0];
        panel.appendChild(el("h2", null, text("heading")));
        var saved = sessionStorage.getItem("queue-saved");
        if (saved) { panel.appendChild(el("p", "flash flash-success", text("saved", { n: saved }))); sessionStorage.removeItem("queue-saved"); }
        var prov = data ? provisional(data.ruleset, totals, list) : null;
        var ul = el("ul", "queue-hands");
        list.forEach(function (entry, i) {
          var li = el("li", "queued" + (entry.state ? " paused" : ""));
          li.setAttribute("data-queued", String(entry.number));
          li.appendChild(el("strong", null, text("hand", { n: entry.number })));
          li.appendChild(el("span", "muted", " (" + text("not_sent") + ") "));
          if (prov) { li.appendChild(el("span", "num", scoreLine(names, prov.hands[i].scores))); }
          if (entry.state === "conflict") { conflictBox(li, entry, names, prov && prov.hands[i].scores); }
          if (entry.state === "refused") {
            li.appendChild(el("p", "flash flash-error", text("refused", { n: entry.number }) + " " + firstMessage(entry.errors)));
            li.appendChild(button(text("open", { n: entry.number }), function () { return reopen(entry); }));
          }
          ul.appendChild(li);
        });
        panel.appendChild(ul);
        if (prov) {
          panel.appendChild(el("h3", null, text("totals")));
          var tl = el("ul", "queue-totals");
          names.forEach(function (name, i) {
            var li = el("li", null, name + ": ");
            li.appendChild(el("span", "num", String(prov.totals[i])));
            li.setAttribute("data-provisional", String(i));
            li.appendChild(document.createTextNode(" · " + text("minimum", { m: prov.minimums[i] })));
            tl.appendChild(li);
          });
          panel.appendChild(tl);
        }
        if (loginNeeded) {
          var p = el("p", "flash flash-error", text("login") + " ");
          var a = el("a", null, text("login_link"));
          a.href = "/login?next=" + encodeURIComponent(location.pathname);
          p.appendChild(a);
          panel.appendChild(p);
        } else if (!list.some(function (e) { return e.state; })) {
          panel.appendChild(el("p", "muted", text("waiting")));
        }
      });
    });
  }

  function conflictBox(li, entry, names, ours) {
    var box = el("div", "conflict flash flash-error");
    box.setAttribute("role", "alert");
    box.appendChild(el("p", null, text("conflict", { n: entry.number })));
    if (entry.message) { box.appendChild(el("p", null, entry.message)); }
    if (entry.stored) {
      box.appendChild(el("p", "num", text("stored") + ": " + scoreLine(names, entry.stored.scores)));
    }
    if (ours) { box.appendChild(el("p", "num", text("queued") + ": " + scoreLine(names, ours))); }
    var row = el("p", "actions");
    row.appendChild(button(entry.stored ? text("keep") : text("drop"), function () { return drop(entry); }));
    if (entry.stored) { row.appendChild(button(text("replace"), function () { return replaceWithOurs(entry); })); }
    box.appendChild(row);
    li.appendChild(box);
  }

  /* --- The hand page ----------------------------------------------------------------------- */

  function fillText(root, values) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      var s = node.nodeValue;
      Object.keys(values).forEach(function (k) { s = s.split("{" + k + "}").join(String(values[k])); });
      if (s !== node.nodeValue) { node.nodeValue = s; }
    }
  }

  /** The kept copy of the hand page: its number, key, totals and dealer, from the match's data
   *  and this phone's queue. */
  function fillTemplate() {
    var data = JSON.parse(templateEl.getAttribute("data-template"));
    return entries(false).then(function (list) {
      var number = list.reduce(function (n, e) { return Math.max(n, e.number + 1); }, data.next);
      var seat = data.seats[Math.min(number - data.next, data.seats.length - 1)];
      form.elements.number.value = String(number);
      form.elements.key.value = window.crypto.randomUUID();
      document.title = document.title.split("{n}").join(String(number));
      fillText(document.querySelector("main"), { n: number, dealer: seat[0], starter: seat[1] });
      form.querySelectorAll("[type=submit]").forEach(function (b) { b.value = b.value.split("{n}").join(String(number)); });
      putBack(document.documentElement.getAttribute("data-unsent"));
      return rules(templateEl.getAttribute("data-rules")).then(function (r) {
        var prov = r ? provisional(r.ruleset, data.totals, list) : null;
        form.querySelectorAll(".side-hand").forEach(function (section, i) {
          fillText(section, {
            total: prov ? prov.totals[i] : "?", minimum: prov ? prov.minimums[i] : "?"
          });
        });
      });
    });
  }

  /** What was typed in a hand page whose Save found no signal (the worker brings it back). */
  function putBack(raw) {
    if (!raw) { return; }
    JSON.parse(raw).forEach(function (pair) {
      var name = pair[0], value = pair[1], target = form.elements[name];
      if (!target || name === "csrf_token") { return; }
      var inputs = target.length !== undefined && !target.tagName ? Array.prototype.slice.call(target) : [target];
      inputs.forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === value) { input.checked = true; }
        } else if (input.tagName !== "BUTTON") {
          input.value = value;
        }
      });
    });
    form.querySelectorAll("input[name=went_out]:checked").forEach(function (input) {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    var note = el("p", "flash flash-error", text("unsent"));
    note.setAttribute("role", "alert");
    form.parentNode.insertBefore(note, form);
  }

  function offline() { return templateEl || navigator.onLine === false; }

  function formFields(submitter) {
    var fields = [];
    new FormData(form, submitter || null).forEach(function (value, name) { fields.push([name, String(value)]); });
    return fields;
  }

  /** Without signal the server cannot preview: the bar's scores come from the scorer. */
  function offlinePreview() {
    if (!offline()) { return; }
    var url = templateEl ? templateEl.getAttribute("data-rules") : "/matches/" + matchId + "/rules.json";
    rules(url).then(function (r) {
      if (!r || !form.querySelector("input[name=went_out]:checked")) { return; }
      var sides = form.querySelectorAll(".side-hand").length;
      var scores = window.Scorer.scoreHand(r.ruleset, toHand(r.ruleset, formFields(), sides));
      form.querySelectorAll("[data-preview]").forEach(function (out) {
        var b = scores[parseInt(out.getAttribute("data-preview"), 10)];
        if (b) { out.textContent = signed(b.total); out.classList.toggle("neg", b.total < 0); }
      });
    });
  }

  function queueHand(event) {
    if (event.defaultPrevented || !offline()) { return; }  // online: the form is posted as usual
    event.preventDefault();
    var fields = formFields(event.submitter);
    var key = form.elements.key.value || window.crypto.randomUUID();
    var number = parseInt(form.elements.number.value, 10);
    entries(false).then(function (list) {
      var same = list.filter(function (e) { return e.key === key; })[0];
      var entry = same || { account: account, match: matchId, key: key, savedAt: new Date().toISOString() };
      entry.fields = fields; entry.number = number; entry.state = null;
      return put(entry);
    }).then(function () {
      sessionStorage.setItem("queue-saved", String(number));
      location.href = "/matches/" + matchId;
    });
  }

  if (form && form.elements.key) {
    form.addEventListener("submit", queueHand);
    form.addEventListener("input", offlinePreview);
    form.addEventListener("change", offlinePreview);
    if (templateEl) { fillTemplate(); }
  }
  window.addEventListener("online", function () { retry = FIRST_RETRY; flush(); });
  if (navigator.onLine !== false && !templateEl) { flush(); } else { render(); }
})();
