/* Hands entered offline: the queue on the phone, sent when the signal returns. The policy (as
 * Workbox's Queue): when to send, what each answer means; the parts it uses are small modules:
 * store.js (IndexedDB, the stored format and its migration), sender.js (the endpoint and the
 * credentials), conflict_view.js (the queue on the scoreboard), swap.js (an offline save drawn in
 * place). One state object, ``state``, holds everything that changes (docs/architecture.md, "The offline protocol").
 *
 * - The hand page (online, or the key-less copy the worker keeps: #hand-template) queues the hand
 *   when the phone is offline: the API's hand (static/form_to_hand.js) under the form's key, or a
 *   new one. A hand typed again (a page the worker gave back after a lost send, a refused hand
 *   opened to correct it) keeps its key only if it is the same hand: an edited hand gets a new key.
 * - The scoreboard (#queue) lists the queued hands with their provisional scores.
 * - Sending (page load, the online event, then retries with backoff): in order, one at a time, with
 *   the entry's key, so a send repeated after a lost answer never stores twice. A conflict pauses the
 *   queue until the player chooses; a refusal until the hand is corrected or dropped; no login keeps
 *   it for the next login; a session ended on the server drops this account's queue (and the pages
 *   the worker keeps go as the page reloads onto the login page). An entry leaves the queue only
 *   once the server has it, or the player drops it.
 * Queued hands belong to the account that typed them (data-account): never shown to or sent by another.
 */
import * as store from "./store.js";
import { sessionSender, tableSender } from "./sender.js";
import { drawQueue, el, num, provisional, signed } from "./conflict_view.js";
import { drawBoard, prepare as prepareSwap, undraw, watchHistory } from "./swap.js";
import { formShape, formToHand, handToFields } from "../form_to_hand.js";

const LOCK = "scorekeeper-queue", FIRST_RETRY = 2000, LAST_RETRY = 300000;
const textsEl = document.getElementById("queue-texts");
// The page behind a club night's table link (/t/TOKEN, templates/tables/table.html): no login; its
// hands always go through the queue, sent with the table's token (sender.js, tableSender).
const tableEl = document.getElementById("table-page");
const path = tableEl ? null : location.pathname.match(/^\/matches\/(\d+)/);

const state = {
  matchId: tableEl ? parseInt(tableEl.getAttribute("data-match"), 10) : path ? parseInt(path[1], 10) : null,
  table: tableEl ? { page: location.pathname } : null,
  account: textsEl ? textsEl.getAttribute("data-account") : null,
  texts: null,
  panel: document.getElementById("queue"),
  form: document.querySelector("[data-hand-form]"),
  templateEl: document.getElementById("hand-template"),
  sender: tableEl ? tableSender(tableEl.getAttribute("data-token"), textsEl && textsEl.getAttribute("data-account")) : sessionSender(),
  rules: undefined,       // the match's rules.json once it has come (null: none); undefined before
  rulesLoading: null,
  retry: FIRST_RETRY, timer: null, running: null,
  loginNeeded: false,
  reached: false,         // the server answered in this page's life (a kept copy may then give way)
  again: null,            // the hand page types a hand again: {key, hand} of the queued or posted one
  sentInPlace: null,      // the key of the hand this page saved online, drawn in place (refused: reopened)
  swap: { preparing: null, ready: null, queueNow: null, drawing: null, shownPath: null },
};

const entries = (any) => store.entries(state.account, any ? null : state.matchId);

/** The texts: inline on the hand page; a scoreboard fetches them when it has something to say. */
function loadTexts() {
  if (state.texts) { return Promise.resolve(state.texts); }
  return fetch(textsEl.getAttribute("data-src"), { credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : {}), () => ({}))
    .then((t) => { state.texts = t; return t; });
}

function text(name, params) {
  let s = (state.texts && state.texts[name]) || "";
  Object.keys(params || {}).forEach((k) => { s = s.split("{" + k + "}").join(String(params[k])); });
  return s;
}

function rules(url) {
  if (!state.rulesLoading) {
    state.rulesLoading = fetch(url, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
      .then((data) => { state.rules = data; return data; });
  }
  return state.rulesLoading;
}

/* --- Sending ------------------------------------------------------------------------------- */

/** The session was ended on the server (logged out from another device): this account's queue
 *  goes, and the page reloads onto the login page (the worker drops its kept pages on the way). */
async function sessionEnded() {
  await store.dropAccount(state.account);
  location.reload();
  return new Promise(() => {});  // nothing more is drawn on this page
}

/** Send one match's queue in order; stops at the first hand that needs the player. */
async function sendMatch(match, list) {
  const link = await state.sender.open(match);
  state.reached = true;
  if (!link.ok) {
    if (link.why === "ended") { return sessionEnded(); }
    state.loginNeeded = link.why === "login";
    return 0;  // "gone": not this account's match (or deleted): kept, not sent
  }
  state.loginNeeded = false;
  if (link.account !== state.account) { return 0; }  // another account's session: wait
  let sent = 0;
  for (const entry of list) {
    // Paused at a conflict until the player chooses. A refused hand is sent again (stopping there
    // again if still refused); one too late, or unreadable, is kept until the player drops it.
    if (entry.state === "conflict") { break; }
    if (entry.state === "ended" || entry.state === "unreadable") { continue; }
    const answer = await state.sender.add(link, entry);
    if (answer.outcome === "stored" || answer.outcome === "replayed") {
      checkScored(entry, answer);
      sent += 1; await store.drop(entry); continue;
    }
    if (answer.outcome === "ended-session") { return sessionEnded(); }
    if (answer.outcome === "login") { state.loginNeeded = true; break; }
    if (answer.outcome === "ended") {
      entry.state = "ended"; entry.message = answer.message; entry.why = answer.why || null;
      await store.put(entry);
      continue;
    }
    if (answer.outcome === "conflict") {
      entry.state = "conflict"; entry.stored = answer.stored; entry.message = answer.message;
      await store.put(entry);
      break;
    }
    entry.state = "refused"; entry.errors = answer.errors;  // "refused"
    await store.put(entry);
    // Saved online on this page and refused (a rule the phone does not check): the hand page again,
    // each message at its field, as the form's own post would have answered.
    if (state.sentInPlace === entry.key) { return reopen(entry); }
    break;
  }
  return sent;
}

async function sendAll() {
  const list = await entries(true);
  const matches = [...new Set(list.map((e) => e.match_id))];
  let sent = 0;
  for (const m of matches) { sent += await sendMatch(m, list.filter((e) => e.match_id === m)); }
  return sent;
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(flush, state.retry);
  state.retry = Math.min(state.retry * 2, LAST_RETRY);
}

/** Send what is queued (one sender at a time, across tabs too). */
function flush() {
  if (state.running) { return state.running; }
  const locked = navigator.locks ? navigator.locks.request(LOCK, sendAll) : sendAll();
  state.running = locked.then((sent) => {
    // Done: what is left waits for the player (a choice, a login) or for another account.
    state.retry = FIRST_RETRY;
    // The server's scoreboard again: after a hand was stored, or instead of a kept copy.
    const kept = document.documentElement.hasAttribute("data-offline-since");
    if ((sent || (kept && state.reached && !state.loginNeeded)) && state.panel && (state.table || !state.templateEl)) {
      location.reload();
      return undefined;
    }
    return render();
  }, () => {
    schedule();  // no signal, or the server failed: again later, less and less often
    return render();
  }).then(() => { state.running = null; }, () => { state.running = null; });
  return state.running;
}

/* --- The scoreboard -------------------------------------------------------------------------- */

/** A conflict resolved with this phone's hand: sent as an edit of the stored one, if unchanged since. */
async function replaceWithOurs(entry) {
  const link = await state.sender.open(entry.match_id);
  if (!link.ok) {
    if (link.why === "ended") { return sessionEnded(); }
    state.loginNeeded = link.why === "login";
    return undefined;
  }
  const answer = await state.sender.replace(link, entry, entry.stored.number, entry.stored.version);
  if (answer.outcome === "stored" || answer.outcome === "replayed") {
    await store.drop(entry);
    if (state.panel) { location.reload(); }
    return undefined;
  }
  if (answer.outcome === "conflict") { entry.stored = answer.stored; entry.message = answer.message; return store.put(entry); }
  if (answer.outcome === "refused") { entry.state = "refused"; entry.errors = answer.errors; return store.put(entry); }
  return undefined;
}

/** Open a refused hand on the hand page, with its messages at their fields, to correct it. */
function reopen(entry) {
  const page = state.table ? state.table.page : "/matches/" + entry.match_id + "/hands/new";
  location.href = page + "?queued=" + encodeURIComponent(entry.key);
  return new Promise(() => {});
}

const view = () => ({
  text: text, loginNeeded: state.loginNeeded, after: flush, sending: state.sentInPlace !== null,
  actions: { drop: store.drop, replace: state.sender.replace ? replaceWithOurs : null, reopen: reopen },
});

/** Draw the queue panel: ``known``, this match's queue when the caller has just read it. */
async function render(known) {
  if (!state.panel) { return; }
  const box = state.panel;
  // (a table's page lists the table's hands of every game: one refused for a game left stays in sight)
  const list = known || (await entries(Boolean(state.table)));
  if (!list.length) { drawQueue(box, list, null, view()); return; }
  box.hidden = false;  // there is a queue: said at once, drawn once the rules and texts are here
  const [data] = await Promise.all([rules(box.getAttribute("data-rules")), loadTexts()]);
  drawQueue(box, list, data, view());
}

/* --- The hand page ---------------------------------------------------------------------------- */

const originals = new WeakMap();  // a text node's placeholders, for a table page filled again

function fillText(root, values) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    if (!originals.has(node)) { originals.set(node, node.nodeValue); }
    let s = originals.get(node);
    Object.keys(values).forEach((k) => { s = s.split("{" + k + "}").join(String(values[k])); });
    if (s !== node.nodeValue) { node.nodeValue = s; }
  }
}

/** The kept copy of the hand page: its number, key, totals and dealer, from the match's data and
 *  this phone's queue (a queued hand opened again keeps its own number). */
async function fillTemplate() {
  const data = JSON.parse(state.templateEl.getAttribute("data-template"));
  const list = await entries(false);
  const again = queuedKey() && list.find((e) => e.key === queuedKey());
  const number = again ? again.number : list.reduce((n, e) => Math.max(n, e.number + 1), data.next);
  const seat = data.seats[Math.max(0, Math.min(number - data.next, data.seats.length - 1))];
  const form = state.form;
  form.elements.number.value = String(number);
  form.elements.key.value = window.crypto.randomUUID();
  state.title = state.title || document.title;
  document.title = state.title.split("{n}").join(String(number));
  fillText(document.querySelector("main"), { n: number, dealer: seat[0], starter: seat[1] });
  form.querySelectorAll("[type=submit]").forEach((b) => {
    if (!b.hasAttribute("data-template-value")) { b.setAttribute("data-template-value", b.value); }
    b.value = b.getAttribute("data-template-value").split("{n}").join(String(number));
  });
  const r = await rules(state.templateEl.getAttribute("data-rules"));
  const prov = r ? provisional(r.ruleset, data.totals, list.filter((e) => e !== again), r.target, data.next) : null;
  if (!again && (data.finished || (prov && prov.finished))) { noMoreHands(!data.finished); return; }
  form.querySelectorAll(".side-hand").forEach((section, i) => {
    fillText(section, { total: prov ? num(prov.totals[i]) : "?", minimum: prov ? num(prov.minimums[i]) : "?" });
  });
}

/** The match is over (on the server, or with the hands on this phone): no hand form. ``onPhone``:
 *  ended by this phone's queued hands, whose box says so already. */
function noMoreHands(onPhone) {
  // No "Enter hand N" over a form that is gone, and the queue's own "no more hands" said once.
  const title = document.querySelector(".hand-page-title");
  if (title) {
    title.hidden = true;
    const sub = title.nextElementSibling;
    if (sub && sub.matches("p.muted")) { sub.hidden = true; }
  }
  const p = el("p", "flash", text("no_more"));
  p.setAttribute("role", "status");
  // (hidden only where the page's queue box says it: the scoreboard and the table page have one)
  p.hidden = Boolean(onPhone) && document.getElementById("queue") !== null;
  state.form.parentNode.replaceChild(p, state.form);
  state.form = null;
}

/** Put ``fields`` ([name, value] pairs) into the form, as if typed. */
function fillForm(fields) {
  const form = state.form;
  fields.forEach(([name, value]) => {
    const target = form.elements[name];
    if (!target || name === "csrf_token") { return; }
    const inputs = target.length !== undefined && !target.tagName ? Array.prototype.slice.call(target) : [target];
    inputs.forEach((input) => {
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.value === value) { input.checked = true; }
      } else if (input.tagName !== "BUTTON") {
        input.value = value;
      }
    });
  });
  form.querySelectorAll("input[name=went_out]:checked").forEach((input) => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function notice(message) {
  const note = el("p", "flash flash-error", message);
  note.setAttribute("role", "alert");
  state.form.parentNode.insertBefore(note, state.form);
}

/** What was typed in a hand page whose Save found no signal (the worker brings it back): the same
 *  hand keeps the form's key (the send may have arrived), an edited one will get a new key. */
function putBack(raw) {
  if (!raw) { return; }
  const fields = JSON.parse(raw);
  fillForm(fields);
  state.again = { key: state.form.elements.key.value, hand: formToHand(fields, formShape(state.form)) };
  notice(text("unsent"));
}

/** Each message of a refused hand at its input, else at its block, else above the form. */
function showErrors(errors) {
  const form = state.form;
  Object.keys(errors || {}).forEach((at) => {
    const parts = at.split(".");
    let target = null;
    if (parts[0] === "sides" && parts.length > 1) {
      const side = "sides-" + parts[1];
      if (parts[2] === "penalties") { target = document.getElementById(side + "-penalties"); }
      else if (parts.length > 2) {
        target = document.getElementById(parts.join("-")) || document.getElementById(side + "-" + parts[2]);
      }
      target = target || document.getElementById("side-" + parts[1]);
    } else if (form.elements[at]) {
      const input = form.elements[at];
      target = input.tagName ? input : input[0];
      target = target && (target.closest("fieldset, .field") || target);
    }
    const list = el("ul", "errors");
    list.setAttribute("role", "alert");
    errors[at].forEach((message) => list.appendChild(el("li", null, message)));
    if (target && target.tagName === "DETAILS") { target.open = true; target.appendChild(list); }
    else if (target && target.tagName === "INPUT") {
      target.setAttribute("aria-invalid", "true");
      (target.closest(".field") || target.parentNode).appendChild(list);
    } else if (target) { target.appendChild(list); }
    else { form.parentNode.insertBefore(list, form); }
  });
}

function queuedKey() { return new URLSearchParams(location.search).get("queued"); }

/** A refused hand opened to correct it (?queued=KEY): its values and its messages. */
async function openQueued() {
  const key = queuedKey();
  if (!key) { return; }
  const entry = (await entries(false)).find((e) => e.key === key);
  if (!entry || !entry.hand) { return; }
  fillForm(handToFields(entry.hand));
  state.form.elements.key.value = entry.key;
  // Refused for its key (the server holds another hand under it): saved again, it gets a new one.
  const keyRefused = Boolean(entry.errors && entry.errors["Idempotency-Key"]);
  state.again = { key: entry.key, hand: keyRefused ? null : entry.hand, queued: true };
  showErrors(entry.errors);
}

function offline() { return state.table || state.templateEl || navigator.onLine === false; }

/** The new-hand page online, its scoreboard kept by the worker: Save draws the hand in place as
 *  offline, then sends it at once under the form's key (the server's answer confirms it; the page
 *  then reloads the server's scoreboard, with a note if the server scored the hand differently). */
const NEW_HAND = /^\/matches\/\d+\/hands\/new$/;
function onlineInPlace() {
  return !offline() && !queuedKey() && NEW_HAND.test(location.pathname) && Boolean(state.swap.ready && state.swap.queueNow);
}

/** The hand as the server scored it (``scores`` of its answer) differs from the one drawn: said on
 *  the server's scoreboard after the reload. */
function checkScored(entry, answer) {
  const theirs = answer.body && answer.body.scores;
  if (!theirs || !entry.hand || !state.rules || !window.Scorer) { return; }
  let drawn;
  try { drawn = window.Scorer.scoreHand(state.rules.ruleset, entry.hand).map((b) => b.total); } catch (error) { drawn = null; }
  if (drawn && !same(drawn, theirs)) {
    sessionStorage.setItem("queue-corrected", JSON.stringify({ n: entry.number, scores: theirs }));
  }
}

/** The note of :func:`checkScored`, above the scoreboard, once. */
async function showCorrected() {
  const kept = sessionStorage.getItem("queue-corrected");
  if (!kept || !state.panel) { return; }
  sessionStorage.removeItem("queue-corrected");
  let data;
  try { data = JSON.parse(kept); } catch (error) { return; }
  await loadTexts();
  const note = el("p", "flash flash-error", text("corrected", { n: data.n, scores: data.scores.map(num).join(" – ") }));
  note.setAttribute("role", "status");
  note.setAttribute("data-corrected", String(data.n));
  state.panel.parentNode.insertBefore(note, state.panel);
}

function formFields(submitter) {
  const fields = [];
  new FormData(state.form, submitter || null).forEach((value, name) => fields.push([name, String(value)]));
  return fields;
}

/** Without signal the server cannot preview: the bar's scores come from the scorer. */
async function offlinePreview() {
  if (!offline()) { return; }
  if (!state.table) { prepareSwap(state, () => entries(false)); }  // ready for Save
  const url = state.templateEl ? state.templateEl.getAttribute("data-rules") : "/matches/" + state.matchId + "/rules.json";
  const r = await rules(url);
  if (!r || !state.form || !state.form.querySelector("input[name=went_out]:checked")) { return; }
  const scores = window.Scorer.scoreHand(r.ruleset, formToHand(formFields(), formShape(state.form)));
  state.form.querySelectorAll("[data-preview]").forEach((out) => {
    const b = scores[parseInt(out.getAttribute("data-preview"), 10)];
    if (b) { out.textContent = signed(b.total); out.classList.toggle("neg", b.total < 0); }
  });
}

/** The hand is written: said on the scoreboard, and sent at once if there may be signal. */
function written(number) {
  if (!offline()) { flush(); return; }  // online: sent now, the answer confirms it
  const note = el("p", "flash flash-success", text("saved", { n: number }));
  if (state.panel && !state.panel.hidden) { state.panel.insertBefore(note, state.panel.firstChild.nextSibling); }
  if (navigator.onLine !== false) { flush(); }
}

function notWritten() {
  notice(text("not_kept"));
  state.form.dispatchEvent(new Event("hand-not-sent"));  // static/hand_submit.js: Save may be tapped again
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The entry Save makes of the form: the API's hand, under the form's key unless it was typed
 *  again and changed (then a new key: the old one may be stored with the old hand). */
function entryOf(fields) {
  const hand = formToHand(fields, formShape(state.form));
  const again = state.again;
  let key = state.form.elements.key.value || window.crypto.randomUUID();
  if (again && again.key === key && !same(again.hand, hand)) { key = window.crypto.randomUUID(); }
  return {
    format: store.FORMAT, account: state.account, match_id: state.matchId, key: key, number: hand.number, hand: hand,
    replaces: again && again.queued ? again.key : null,
  };
}

function queueHand(event) {
  // Online the form is posted as usual; a queued hand opened again stays the queue's to send.
  if (event.defaultPrevented || !(offline() || onlineInPlace() || (state.again && state.again.queued))) { return; }
  event.preventDefault();
  const entry = entryOf(formFields(event.submitter));
  if (onlineInPlace()) { state.sentInPlace = entry.key; }
  const replaces = entry.replaces;
  delete entry.replaces;
  const swap = state.swap;
  let shown = null;
  if (swap.ready && swap.queueNow) {
    let mine = false;
    const list = swap.queueNow.map((e) => { if (e.key !== (replaces || entry.key)) { return e; } mine = true; return entry; });
    try {
      shown = drawBoard(state, mine ? list : list.concat([entry]), drawNow, render);
    } catch (error) {  // the hand page as it was; the scoreboard once the hand is written
      if (swap.drawing) { undraw(state, swap.drawing); }
      shown = swap.drawing = null;
    }
  }
  store.save(entry, replaces).then((list) => {
    if (state.table) { return tableSaved(entry); }
    if (shown) { return shown.drawn.then(() => written(entry.number)); }
    return prepareSwap(state, () => entries(false)).then(() => {
      if (!swap.ready || !swap.queueNow || !(offline() || onlineInPlace())) { throw new Error("no kept scoreboard"); }
      return drawBoard(state, list, drawNow, render).drawn.then(() => written(entry.number));
    }).catch(() => {
      sessionStorage.setItem("queue-saved", String(entry.number));
      location.href = "/matches/" + state.matchId;  // the scoreboard's own page shows the queue
    });
  }, () => {
    if (shown) { undraw(state, shown); }
    notWritten();
  });
}

/** A table's hand is on the phone: the form again, blank, for the next hand (or the match's end),
 *  the queue drawn above it, and sent at once if there may be signal (the page then reloads). */
async function tableSaved(entry) {
  const form = state.form;
  form.reset();
  form.querySelectorAll("[data-counter]").forEach((d) => d.setAttribute("data-counted", "0"));
  form.querySelectorAll(".errors").forEach((ul) => ul.remove());
  form.dispatchEvent(new Event("change", { bubbles: true }));
  form.dispatchEvent(new Event("hand-queued"));  // static/hand_submit.js: Save may be tapped again
  state.again = null;
  if (queuedKey()) { history.replaceState(null, "", state.table.page); }
  await fillTemplate();
  await render();
  written(entry.number);
  window.scrollTo(0, 0);
}

/** Draw the queue in ``panel`` now if the texts and rules are here (else false: render later). */
function drawNow(panel, list) {
  if (!state.texts || state.rules === undefined) { return false; }
  drawQueue(panel, list, state.rules, view());
  return true;
}

/** Offline, a tap on Save becomes a submit event for the page's scripts (hand_submit.js's checks,
 *  then :func:`queueHand`) without the browser's submission steps, which cost a slowed phone a frame. */
function tapSave(event) {
  const button = event.target.closest && event.target.closest("[type=submit]");
  const form = state.form;
  if (!button || !form || !form.contains(button) || event.defaultPrevented || !(offline() || onlineInPlace())) { return; }
  event.preventDefault();
  form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button }));
}

/* --- Start ------------------------------------------------------------------------------------- */

function start() {
  if (!textsEl || !(path || state.table) || !window.indexedDB || window.scorekeeperQueue) { return; }
  window.scorekeeperQueue = true;  // static/offline.js: the queue runs on this page
  const inline = textsEl.getAttribute("data-texts");
  state.texts = inline ? JSON.parse(inline) : null;
  watchHistory(state);
  const form = state.form;
  if (form && form.elements.key) {
    form.addEventListener("click", tapSave);
    form.addEventListener("submit", queueHand);
    form.addEventListener("input", offlinePreview);
    form.addEventListener("change", offlinePreview);
    const ready = state.templateEl ? fillTemplate() : Promise.resolve();
    ready.then(() => {
      if (!state.form) { return undefined; }
      putBack(document.documentElement.getAttribute("data-unsent"));
      return openQueued();
    }).then(() => {
      const online = !offline() && NEW_HAND.test(location.pathname);
      if ((state.templateEl || online) && !state.table) { prepareSwap(state, () => entries(false)); }
      if (online) { rules("/matches/" + state.matchId + "/rules.json"); }  // to check the server's scores
    });
  }
  window.addEventListener("online", () => { state.retry = FIRST_RETRY; flush(); });
  showCorrected();
  // (Not while a queued hand is opened again: its correction is saved in its place, then sent.)
  if (navigator.onLine !== false && (state.table || !state.templateEl) && !queuedKey()) { flush(); } else { render(); }
}

start();
