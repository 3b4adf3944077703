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
  if (!textsEl || !path || !window.indexedDB || window.scorekeeperQueue) { return; }
  window.scorekeeperQueue = true;  // static/offline.js: the queue runs on this page
  var matchId = parseInt(path[1], 10);
  var account = textsEl.getAttribute("data-account");
  var panel = document.getElementById("queue");
  var form = document.querySelector("[data-hand-form]");
  var templateEl = document.getElementById("hand-template");
  var retry = FIRST_RETRY, timer = null, running = null, loginNeeded = false, rulesCache = null;
  var rulesNow;  // the rule set once it has come (null: none); undefined before
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

  var opened = null;  // one connection for the page's life: a Save must not wait for a new one

  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var req = indexedDB.open(DB, 1);
        req.onupgradeneeded = function () { req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true }); };
        req.onsuccess = function () {
          var conn = req.result;
          conn.onversionchange = conn.onclose = function () { conn.close(); opened = null; };
          resolve(conn);
        };
        req.onerror = function () { opened = null; reject(req.error); };
      });
    }
    return opened;
  }

  function withStore(mode, work) {
    return db().then(function (conn) {
      return new Promise(function (resolve, reject) {
        var tx = conn.transaction(STORE, mode), out = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(out && "result" in out ? out.result : out); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    }).catch(function (error) { opened = null; throw error; });
  }

  function ours(any) {
    return function (e) { return e.account === account && (any || e.match === matchId); };
  }

  function byId(a, b) { return a.id - b.id; }

  /** This account's queued hands (of this match, unless ``any``), oldest first. */
  function entries(any) {
    return withStore("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return list.filter(ours(any)).sort(byId);
    });
  }

  /** Queue a hand typed on this page (in place of its earlier save, if it has the same key): one
   *  transaction, which answers this match's queue as it is now. */
  function save(key, fields, number) {
    return withStore("readwrite", function (s) {
      var out = {};
      s.getAll().onsuccess = function (event) {
        var list = event.target.result.filter(ours(false)).sort(byId);
        var entry = list.filter(function (e) { return e.key === key; })[0];
        if (!entry) {
          entry = { account: account, match: matchId, key: key, savedAt: new Date().toISOString() };
          list.push(entry);
        }
        entry.fields = fields; entry.number = number; entry.state = null;
        s.put(entry).onsuccess = function (done) { entry.id = done.target.result; out.result = list; };
      };
      return out;
    });
  }

  function put(entry) { return withStore("readwrite", function (s) { return s.put(entry); }); }
  function drop(entry) { return withStore("readwrite", function (s) { return s.delete(entry.id); }); }

  /* --- Scores on the phone ---------------------------------------------------------------- */

  function rules(url) {
    if (!rulesCache) {
      rulesCache = fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; })
        .then(function (data) { rulesNow = data; return data; });
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

  /** Each queued hand's scores and the totals after them, from the server's ``totals``; with the
   *  match's ``target``, the side that wins if they are accepted (``winner``, else null) and the
   *  hand that ends the match (``endsAt``): hands queued after it add nothing. */
  function provisional(rs, totals, list, target) {
    var sum = totals.slice(), winner = null, endsAt = null;
    var hands = list.map(function (entry) {
      var hand = toHand(rs, entry.fields, totals.length);
      var scores = window.Scorer.scoreHand(rs, hand).map(function (b) { return b.total; });
      // A hand whose number is taken adds nothing until chosen; one refused as too late, nothing.
      if (entry.state !== "conflict" && entry.state !== "ended" && endsAt === null) {
        sum = sum.map(function (t, i) { return t + scores[i]; });
        winner = target ? window.Scorer.decide(rs, target, sum, hand) : null;
        if (winner !== null) { endsAt = entry.number; }
      }
      return { entry: entry, scores: scores };
    });
    return {
      hands: hands, totals: sum, winner: winner, endsAt: endsAt,
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
          if (entry.state === "ended") { return true; }  // kept until the player drops it
          return post("/matches/" + match + "/hands.json", entry, st.body.csrf_token).then(function (r) {
            if (r.status === 201 || r.status === 200) { sent += 1; return drop(entry).then(function () { return true; }); }
            if (r.status === 409 && r.body.ended) {  // the match had ended before this hand
              entry.state = "ended"; entry.message = r.body.message;
              return put(entry).then(function () { return true; });
            }
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

  /* Numbers the reader's way (the page's language, as the server writes them: 6,100 / 6100 / 6 100). */
  var lang = document.documentElement.lang || undefined;
  var plain = window.Intl ? new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }) : null;
  var withSign = window.Intl ? new Intl.NumberFormat(lang, { maximumFractionDigits: 0, signDisplay: "exceptZero" }) : null;
  function num(n) { return plain ? plain.format(n) : String(n); }
  function signed(n) { return withSign ? withSign.format(n) : (n > 0 ? "+" : "") + n; }

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

  /** Draw the queue panel: ``known``, this match's queue when the caller has just read it, saves
   *  a read. */
  function render(known) {
    if (!panel) { return Promise.resolve(); }
    var box = panel;
    return (known ? Promise.resolve(known) : entries(false)).then(function (list) {
      if (!list.length) { return drawQueue(box, list, null); }
      box.hidden = false;  // there is a queue: said at once, drawn once the rules and texts are here
      return Promise.all([rules(box.getAttribute("data-rules")), loadTexts()]).then(function (got) {
        drawQueue(box, list, got[0]);
      });
    });
  }

  /** Draw ``list`` (this match's queue) in ``box`` (a #queue, in the page or in a scoreboard's body
   *  about to be shown), scored with ``data`` (the match's rules.json; null: unscored). The texts
   *  must be loaded. */
  function drawQueue(box, list, data) {
    var root = box.closest("body") || document;
    var names = JSON.parse(box.getAttribute("data-sides"));
    var totals = JSON.parse(box.getAttribute("data-totals"));
    box.hidden = !list.length;
    box.textContent = "";
    if (!list.length) { return; }
    // "Enter hand N" after the queued hands (who deals it is said on the hand page).
    var next = list.reduce(function (n, e) { return Math.max(n, e.number + 1); }, parseInt(box.getAttribute("data-next"), 10));
    root.querySelectorAll("a[href$='/hands/new']").forEach(function (a) { a.textContent = a.textContent.replace(/\d+/, String(next)); });
    root.querySelectorAll(".seats").forEach(function (p) { p.hidden = true; });
    box.appendChild(el("h2", null, text("heading")));
    var saved = sessionStorage.getItem("queue-saved");
    if (saved) { box.appendChild(el("p", "flash flash-success", text("saved", { n: saved }))); sessionStorage.removeItem("queue-saved"); }
    // A match the server has ended: no side "wins if this is accepted" (those hands will be refused).
    var target = box.hasAttribute("data-finished") ? null : data && data.target;
    var prov = data ? provisional(data.ruleset, totals, list, target) : null;
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
      if (entry.state === "ended") {
        var gone = el("p", "flash flash-error", text("ended", { n: entry.number }));
        gone.setAttribute("role", "alert");
        li.appendChild(gone);
        li.appendChild(button(text("drop"), function () { return drop(entry); }));
      }
      ul.appendChild(li);
    });
    box.appendChild(ul);
    if (prov && target) {  // (none to accept once the server's match is over)
      box.appendChild(el("h3", null, text("totals")));
      var tl = el("ul", "queue-totals");
      names.forEach(function (name, i) {
        var parts = text("total_line", { side: name }).split("{total}"), li = el("li", null, parts[0]);
        li.appendChild(el("span", "num", num(prov.totals[i])));
        if (parts[1]) { li.appendChild(document.createTextNode(parts[1])); }
        li.setAttribute("data-provisional", String(i));
        if (prov.winner === null) {  // (no next hand to open in once the match ends)
          li.appendChild(document.createTextNode(" · " + text("minimum", { m: num(prov.minimums[i]) })));
        }
        tl.appendChild(li);
      });
      box.appendChild(tl);
      if (prov.winner !== null) { endOnPhone(box, root, prov.winner, names); }
    }
    if (loginNeeded) {
      var p = el("p", "flash flash-error", text("login") + " ");
      var a = el("a", null, text("login_link"));
      a.href = "/login?next=" + encodeURIComponent(location.pathname);
      p.appendChild(a);
      box.appendChild(p);
    } else if (!list.some(function (e) { return e.state; })) {
      box.appendChild(el("p", "muted", text("waiting")));
    }
  }

  /** The queued hands end the match: who wins if they are accepted, and no further hand offered. */
  function endOnPhone(box, root, winner, names) {
    var plural = JSON.parse(box.getAttribute("data-plural") || "[]");
    var end = el("p", "queue-end");
    end.appendChild(el("strong", null, text(plural[winner] ? "wins_many" : "wins_one", { side: names[winner] })));
    end.setAttribute("data-winner", String(winner));
    box.appendChild(end);
    box.appendChild(el("p", "muted", text("no_more")));
    root.querySelectorAll("a[href$='/hands/new']").forEach(function (a) { (a.closest("p") || a).hidden = true; });
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
        var prov = r ? provisional(r.ruleset, data.totals, list, r.target) : null;
        if (data.finished || (prov && prov.winner !== null)) { noMoreHands(); return; }
        form.querySelectorAll(".side-hand").forEach(function (section, i) {
          fillText(section, {
            total: prov ? num(prov.totals[i]) : "?", minimum: prov ? num(prov.minimums[i]) : "?"
          });
        });
      });
    });
  }

  /** The match is over (on the server, or with the hands on this phone): no hand form (the page's
   *  own link leads back to the scoreboard). */
  function noMoreHands() {
    var p = el("p", "flash flash-error", text("no_more"));
    p.setAttribute("role", "alert");
    form.parentNode.replaceChild(p, form);
    form = null;
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
    prepare();  // ready for Save
    prepare();  // ready for Save
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

  /* --- An offline save, drawn in place --------------------------------------------------------
   * No navigation: while the player types, the scoreboard the worker keeps for this match is read,
   * parsed and its body made ready, with this match's queue. Save then, in the same task, draws the
   * queue with the new hand (static/scorer.js) in that body and puts it in front of the hand page's,
   * while the hand is written to the queue; after the first frame the hand page's body goes and the
   * address becomes the scoreboard's (history.pushState); once the hand is written, "Hand N is
   * saved on this phone" is said. Should the write fail,
   * the hand page comes back as it was, with what was typed and a message. The page is then the
   * scoreboard in every way that matters: its queue is sent when the signal returns (and the
   * server's scoreboard loaded); a reload shows the kept copy with the queue; Back reloads the hand
   * page's address (a new hand, as after an online save). With no kept copy (no service worker)
   * Save goes to the scoreboard once the hand is written, as before. */

  var preparing = null, ready = null, queueNow = null, drawing = null;

  /** Make the kept scoreboard's body and this match's queue ready for Save (``ready``,
   *  ``queueNow``); ``ready`` stays null when there is no kept copy, or it is another account's. */
  function prepare() {
    if (!preparing) {
      var found = window.caches ? caches.match("/matches/" + matchId) : Promise.resolve(null);
      preparing = Promise.all([
        found.then(function (response) {
          if (!response) { return; }
          var since = response.headers.get("X-Kept-At") || "";
          return response.text().then(function (html) {
            var doc = new DOMParser().parseFromString(html, "text/html");
            var theirs = doc.getElementById("queue-texts");
            if (!doc.getElementById("queue") || !theirs || theirs.getAttribute("data-account") !== account) { return; }
            doc.querySelectorAll("script").forEach(function (s) { s.remove(); });  // this page has run them
            ready = {
              body: document.adoptNode(doc.body), title: doc.title, since: since,
              styles: Array.prototype.map.call(doc.querySelectorAll("link[rel=stylesheet]"), function (l) { return l.href; })
            };
          });
        }),
        entries(false).then(function (list) { queueNow = list; })
      ]).catch(function () { ready = null; });
    }
    return preparing;
  }

  /** Add the stylesheets of ``hrefs`` this page lacks (none, today: the scoreboard has app.css
   *  only); those added, for :func:`undraw`. The hand page's own (hand.css) is left on: it styles
   *  the hand page's classes only, and turning a stylesheet off makes the browser style the whole
   *  page afresh, a frame's work on a slowed phone. */
  function useStyles(hrefs) {
    var have = Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet]"), function (l) { return l.href; });
    return hrefs.filter(function (href) { return have.indexOf(href) < 0; }).map(function (href) {
      var link = el("link");
      link.rel = "stylesheet"; link.href = href;
      document.head.appendChild(link);
      return link;
    });
  }

  /* The history entry a save made (the scoreboard's address on the hand page's document) shares
     that document even after a reload: Back or Forward between the two addresses loads the page at
     the new one, whichever document is on screen. */
  var shownPath = location.pathname;
  window.addEventListener("popstate", function () { if (location.pathname !== shownPath) { location.reload(); } });

  /** Show the kept scoreboard (``ready``) at its address with ``list`` (this match's queue) drawn
   *  on it; what the hand page was, for :func:`undraw`. */
  function drawBoard(list) {
    var root = document.documentElement, kept = ready;
    var before = {
      body: document.body, title: document.title, url: location.href, form: form, templateEl: templateEl,
      since: root.getAttribute("data-offline-since")
    };
    drawing = before;
    ready = preparing = null;  // its body moves to this page: read again if ever needed
    window.scrollTo(0, 0);  // while the hand page is laid out: the new body is laid out once, in the frame
    before.styles = useStyles(kept.styles);
    document.title = kept.title;
    root.setAttribute("data-offline-since", kept.since);
    // The queue is drawn before the body is shown (styled and laid out once, in the next frame).
    panel = kept.body.querySelector("#queue");
    var drawn = Boolean(texts) && rulesNow !== undefined;
    if (drawn) { drawQueue(panel, list, rulesNow); }
    // The hand page's body is kept out of sight, as it is (not styled or laid out again), and taken
    // out of the page only after the frame: undoing a long form's layout costs a slowed phone a
    // frame of its own.
    var old = before.body.style;
    old.contentVisibility = "hidden";
    old.minHeight = "0";
    root.insertBefore(kept.body, before.body);
    // After the frame too, the scoreboard's address: a new history entry costs a slowed phone
    // more than a frame's worth of milliseconds before it.
    requestAnimationFrame(function () {
      setTimeout(function () {
        if (document.body === before.body) { return; }  // undrawn meanwhile
        before.body.remove();
        history.pushState(null, "", "/matches/" + matchId);
        shownPath = location.pathname;
        before.pushed = true;
      }, 0);
    });
    document.dispatchEvent(new Event("kept-copy"));  // static/offline.js: "offline, as of 21:40"
    form = templateEl = null;
    before.drawn = drawn ? Promise.resolve() : render(list);
    return before;
  }

  /** The hand page back as it was before :func:`drawBoard` (the hand could not be written). */
  function undraw(before) {
    var root = document.documentElement, board = document.body;
    if (board !== before.body) {  // (a draw cut short may not have put the scoreboard in)
      root.insertBefore(before.body, board);
      board.remove();
    }
    before.body.style.contentVisibility = before.body.style.minHeight = "";
    before.styles.forEach(function (link) { link.remove(); });
    document.title = before.title;
    if (before.since === null) { root.removeAttribute("data-offline-since"); } else { root.setAttribute("data-offline-since", before.since); }
    if (before.pushed) {
      history.replaceState(null, "", before.url);
      shownPath = location.pathname;
    }
    panel = null; form = before.form; templateEl = before.templateEl;
  }

  /** The hand is written: said on the scoreboard, and sent at once if there may be signal. */
  function written(number) {
    var note = el("p", "flash flash-success", text("saved", { n: number }));
    if (panel && !panel.hidden) { panel.insertBefore(note, panel.firstChild.nextSibling); }
    if (navigator.onLine !== false) { flush(); }
  }

  function notWritten() {
    var note = el("p", "flash flash-error", text("not_kept"));
    note.setAttribute("role", "alert");
    form.parentNode.insertBefore(note, form);
    form.dispatchEvent(new Event("hand-not-sent"));  // static/hand_submit.js: Save may be tapped again
  }

  function queueHand(event) {
    if (event.defaultPrevented || !offline()) { return; }  // online: the form is posted as usual
    event.preventDefault();
    var fields = formFields(event.submitter);
    var key = form.elements.key.value || window.crypto.randomUUID();
    var number = parseInt(form.elements.number.value, 10);
    var shown = null;
    if (ready && queueNow) {
      var entry = { key: key, fields: fields, number: number, state: null }, mine = false;
      var list = queueNow.map(function (e) { if (e.key !== key) { return e; } mine = true; return entry; });
      try {
        shown = drawBoard(mine ? list : list.concat([entry]));
      } catch (error) {  // the hand page as it was; the scoreboard once the hand is written
        if (drawing) { undraw(drawing); }
        shown = drawing = null;
      }
    }
    save(key, fields, number).then(function (list) {
      if (shown) { return shown.drawn.then(function () { written(number); }); }
      return prepare().then(function () {
        if (!ready || !queueNow) { throw new Error("no kept scoreboard"); }
        return drawBoard(list).drawn.then(function () { written(number); });
      }).catch(function () {
        sessionStorage.setItem("queue-saved", String(number));
        location.href = "/matches/" + matchId;  // the scoreboard's own page shows the queue
      });
    }, function () {
      if (shown) { undraw(shown); }
      notWritten();
    });
  }

  /** Offline, a tap on Save (or "Save with 0") becomes a submit event for the page's scripts
   *  (static/hand_submit.js's checks, then :func:`queueHand`) without the browser's submission
   *  steps, which nothing needs when nothing is posted and which cost a slowed phone a frame. */
  function tapSave(event) {
    var button = event.target.closest && event.target.closest("[type=submit]");
    if (!button || !form || !form.contains(button) || event.defaultPrevented || !offline()) { return; }
    event.preventDefault();
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button }));
  }

  if (form && form.elements.key) {
    form.addEventListener("click", tapSave);
    form.addEventListener("submit", queueHand);
    form.addEventListener("input", offlinePreview);
    form.addEventListener("change", offlinePreview);
    if (templateEl) { fillTemplate().then(prepare); }
  }
  window.addEventListener("online", function () { retry = FIRST_RETRY; flush(); });
  if (navigator.onLine !== false && !templateEl) { flush(); } else { render(); }
})();
