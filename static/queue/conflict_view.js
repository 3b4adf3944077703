/* The queue on the scoreboard (#queue): each queued hand "not sent yet" with its provisional scores
 * (static/scorer.js, from the match's rules.json), the totals and opening minimums if they are
 * accepted, who wins if they end the match, and what waits for the player: a hand saved meanwhile
 * from another phone (which one is right?), a hand refused (its message; open it to correct it), a
 * hand too late for the match, a record this release cannot read. Drawing only: the choices are
 * the ``actions`` main.js gives. */

export function el(tag, cls, content) {
  const node = document.createElement(tag);
  if (cls) { node.className = cls; }
  if (content) { node.textContent = content; }
  return node;
}

/* Numbers the reader's way (the page's language, as the server writes them: 6,100 / 6100 / 6 100). */
const lang = document.documentElement.lang || undefined;
const plain = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
const withSign = new Intl.NumberFormat(lang, { maximumFractionDigits: 0, signDisplay: "exceptZero" });
export function num(n) { return plain.format(n); }
export function signed(n) { return withSign.format(n); }

function scoreLine(names, scores) {
  return names.map((name, i) => name + " " + signed(scores[i])).join(" · ");
}

/** Each queued hand's scores and the totals after them, from the server's ``totals`` (before hand
 *  ``next``); with the match's ``target``, whether they end the match if they are accepted
 *  (``finished``: at the target, or at the house rule's ``hands_limit``), the side that then wins
 *  (``winner``; null for a draw) and the hand that ends it (``endsAt``): hands queued after it add
 *  nothing. ``minimums``: each side's opening minimum for the hand after them. */
export function provisional(rs, totals, list, target, next) {
  let sum = totals.slice(), winner = null, endsAt = null, after = next || 1;
  const hands = list.map((entry) => {
    if (!entry.hand) { return { entry: entry, scores: null }; }
    const scores = window.Scorer.scoreHand(rs, entry.hand).map((b) => b.total);
    // A hand whose number is taken adds nothing until chosen; one refused as too late, nothing.
    if (entry.state !== "conflict" && entry.state !== "ended" && endsAt === null) {
      sum = sum.map((t, i) => t + scores[i]);
      after = Math.max(after, entry.number + 1);
      winner = target ? window.Scorer.decide(rs, target, sum, entry.hand) : null;
      const atLimit = Boolean(target) && rs.hands_limit != null && entry.number >= rs.hands_limit;
      if (winner === null && atLimit) { winner = window.Scorer.leader(sum); }
      if (winner !== null || atLimit) { endsAt = entry.number; }
    }
    return { entry: entry, scores: scores };
  });
  return {
    hands: hands, totals: sum, winner: winner, endsAt: endsAt, finished: endsAt !== null,
    minimums: sum.map((t) => window.Scorer.openingMinimum(rs, t, after)),
  };
}

function button(label, action, after) {
  const b = el("button", "button", label);
  b.type = "button";
  b.addEventListener("click", () => { b.disabled = true; action().then(after, after); });
  return b;
}

/** The first message of a 422's ``errors`` (the key's own first: it says why nothing was stored). */
export function firstMessage(errors) {
  const keys = Object.keys(errors || {});
  const key = keys.indexOf("Idempotency-Key") >= 0 ? "Idempotency-Key" : keys[0];
  return key ? errors[key][0] : "";
}

/** Draw ``list`` (this match's queue) in ``box`` (a #queue, in the page or in a scoreboard's body
 *  about to be shown), scored with ``data`` (the match's rules.json; null: unscored). ``view``:
 *  {text, loginNeeded, sending, actions: {drop, replace, reopen}, after}; ``sending``: a hand saved
 *  online on this page is being sent now (no "sent when there is signal"). */
export function drawQueue(box, list, data, view) {
  const text = view.text, root = box.closest("body") || document;
  const names = JSON.parse(box.getAttribute("data-sides"));
  const totals = JSON.parse(box.getAttribute("data-totals"));
  box.hidden = !list.length;
  box.textContent = "";
  if (!list.length) { return; }
  // "Enter hand N" after the queued hands (who deals it is said on the hand page).
  const next = list.reduce((n, e) => Math.max(n, e.number + 1), parseInt(box.getAttribute("data-next"), 10));
  root.querySelectorAll("a[href$='/hands/new']").forEach((a) => { a.textContent = a.textContent.replace(/\d+/, String(next)); });
  root.querySelectorAll(".seats").forEach((p) => { p.hidden = true; });
  box.appendChild(el("h2", null, text("heading")));
  const saved = sessionStorage.getItem("queue-saved");
  if (saved) { box.appendChild(el("p", "flash flash-success", text("saved", { n: saved }))); sessionStorage.removeItem("queue-saved"); }
  // A match the server has ended: no side "wins if this is accepted" (those hands will be refused).
  const target = box.hasAttribute("data-finished") ? null : data && data.target;
  const prov = data ? provisional(data.ruleset, totals, list, target, parseInt(box.getAttribute("data-next"), 10)) : null;
  const ul = el("ul", "queue-hands");
  list.forEach((entry, i) => {
    const li = el("li", "queued" + (entry.state ? " paused" : ""));
    const scores = prov && prov.hands[i].scores;
    li.setAttribute("data-queued", String(entry.number));
    li.appendChild(el("strong", null, text("hand", { n: entry.number })));
    li.appendChild(el("span", "muted", " (" + text("not_sent") + ") "));
    if (scores) { li.appendChild(el("span", "num", scoreLine(names, scores))); }
    if (entry.state === "conflict") { conflictBox(li, entry, names, scores, view); }
    if (entry.state === "refused") { refusedBox(li, entry, view); }
    if (entry.state === "ended" || entry.state === "unreadable") {
      // (a table's hand refused for a game the table has left says why: ``why``, see sender.js)
      const gone = el("p", "flash flash-error", text(entry.why ? "ended_" + entry.why : entry.state, { n: entry.number }));
      gone.setAttribute("role", "alert");
      li.appendChild(gone);
      li.appendChild(button(text("drop"), () => view.actions.drop(entry), view.after));
    }
    ul.appendChild(li);
  });
  box.appendChild(ul);
  if (prov && target) {  // (none to accept once the server's match is over)
    box.appendChild(el("h3", null, text("totals")));
    const tl = el("ul", "queue-totals");
    names.forEach((name, i) => {
      const parts = text("total_line", { side: name }).split("{total}"), li = el("li", null, parts[0]);
      li.appendChild(el("span", "num", num(prov.totals[i])));
      if (parts[1]) { li.appendChild(document.createTextNode(parts[1])); }
      li.setAttribute("data-provisional", String(i));
      if (!prov.finished) {  // (no next hand to open in once the match ends)
        li.appendChild(document.createTextNode(" · " + text("minimum", { m: num(prov.minimums[i]) })));
      }
      tl.appendChild(li);
    });
    box.appendChild(tl);
    if (prov.finished) { endOnPhone(box, root, prov.winner, names, text); }
  }
  if (view.loginNeeded) {
    const p = el("p", "flash flash-error", text("login") + " ");
    if (text("login_link")) {  // (a table's page has no login: its texts have no link)
      const a = el("a", null, text("login_link"));
      a.href = "/login?next=" + encodeURIComponent(location.pathname);
      p.appendChild(a);
    }
    box.appendChild(p);
  } else if (!list.some((e) => e.state) && !view.sending) {
    box.appendChild(el("p", "muted", text("waiting")));
  }
}

/** The queued hands end the match: who wins if they are accepted (``winner`` null: a draw), and no
 *  further hand offered. */
function endOnPhone(box, root, winner, names, text) {
  const plural = JSON.parse(box.getAttribute("data-plural") || "[]");
  const end = el("p", "queue-end");
  const says = winner === null ? text("draw") : text(plural[winner] ? "wins_many" : "wins_one", { side: names[winner] });
  end.appendChild(el("strong", null, says));
  end.setAttribute("data-winner", winner === null ? "draw" : String(winner));
  box.appendChild(end);
  box.appendChild(el("p", "muted", text("no_more")));
  root.querySelectorAll("a[href$='/hands/new']").forEach((a) => { (a.closest("p") || a).hidden = true; });
}

function refusedBox(li, entry, view) {
  const text = view.text;
  const said = el("p", "flash flash-error", text("refused", { n: entry.number }) + " " + firstMessage(entry.errors));
  said.setAttribute("role", "alert");
  li.appendChild(said);
  const row = el("p", "actions");
  row.appendChild(button(text("open", { n: entry.number }), () => view.actions.reopen(entry), view.after));
  if (entry.errors && entry.errors["Idempotency-Key"]) {  // the server kept another hand under its key
    row.appendChild(button(text("drop"), () => view.actions.drop(entry), view.after));
  }
  li.appendChild(row);
}

function conflictBox(li, entry, names, ours, view) {
  const text = view.text, box = el("div", "conflict flash flash-error");
  box.setAttribute("role", "alert");
  box.appendChild(el("p", null, text("conflict", { n: entry.number })));
  if (entry.message) { box.appendChild(el("p", null, entry.message)); }
  if (entry.stored) {
    box.appendChild(el("p", "num", text("stored") + ": " + scoreLine(names, entry.stored.scores)));
  }
  if (ours) { box.appendChild(el("p", "num", text("queued") + ": " + scoreLine(names, ours))); }
  const row = el("p", "actions");
  row.appendChild(button(entry.stored ? text("keep") : text("drop"), () => view.actions.drop(entry), view.after));
  if (entry.stored && view.actions.replace) {
    row.appendChild(button(text("replace"), () => view.actions.replace(entry), view.after));
  }
  box.appendChild(row);
  li.appendChild(box);
}
