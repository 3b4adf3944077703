/* An offline save, drawn in place: swapping the hand page's DOM for the kept scoreboard's.
 *
 * No navigation: while the player types, the scoreboard the worker keeps for this match is read,
 * parsed and its body made ready (prepare), with this match's queue. Save then, in the same task,
 * draws the queue with the new hand in that body and puts it in front of the hand page's
 * (drawBoard); after the first frame the hand page's body goes and the address becomes the
 * scoreboard's (history.pushState). Should the hand not be written, the hand page comes back as it
 * was (undraw). With no kept copy (no service worker) main.js goes to the scoreboard instead.
 * Everything here reads and writes ``state.swap`` and the page's ``state.form``/``panel``.
 */
import { el } from "./conflict_view.js";

/** Make the kept scoreboard's body and this match's queue ready for Save (``swap.ready``,
 *  ``swap.queueNow``); ``ready`` stays null when there is no kept copy, or it is another account's. */
export function prepare(state, entries) {
  const swap = state.swap;
  if (!swap.preparing) {
    const found = window.caches ? caches.match("/matches/" + state.matchId) : Promise.resolve(null);
    swap.preparing = Promise.all([
      found.then((response) => {
        if (!response) { return; }
        const since = response.headers.get("X-Kept-At") || "";
        return response.text().then((html) => {
          const doc = new DOMParser().parseFromString(html, "text/html");
          const theirs = doc.getElementById("queue-texts");
          if (!doc.getElementById("queue") || !theirs || theirs.getAttribute("data-account") !== state.account) { return; }
          doc.querySelectorAll("script").forEach((s) => s.remove());  // this page has run them
          swap.ready = {
            body: document.adoptNode(doc.body), title: doc.title, since: since,
            styles: Array.prototype.map.call(doc.querySelectorAll("link[rel=stylesheet]"), (l) => l.href),
          };
        });
      }),
      entries().then((list) => { swap.queueNow = list; }),
    ]).catch(() => { swap.ready = null; });
  }
  return swap.preparing;
}

/** Add the stylesheets of ``hrefs`` this page lacks; those added, for :func:`undraw`. The hand
 *  page's own (hand.css) is left on: turning a stylesheet off restyles the whole page, a frame's
 *  work on a slowed phone. */
function useStyles(hrefs) {
  const have = Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet]"), (l) => l.href);
  return hrefs.filter((href) => have.indexOf(href) < 0).map((href) => {
    const link = el("link");
    link.rel = "stylesheet"; link.href = href;
    document.head.appendChild(link);
    return link;
  });
}

/* The history entry a save made (the scoreboard's address on the hand page's document) shares
   that document even after a reload: Back or Forward between the two addresses loads the page at
   the new one, whichever document is on screen. */
export function watchHistory(state) {
  state.swap.shownPath = location.pathname;
  window.addEventListener("popstate", () => { if (location.pathname !== state.swap.shownPath) { location.reload(); } });
}

/** Show the kept scoreboard (``swap.ready``) at its address with ``list`` (this match's queue)
 *  drawn on it by ``draw`` (null: not yet, ``render`` then); what the hand page was, for undraw. */
export function drawBoard(state, list, draw, render) {
  const root = document.documentElement, swap = state.swap, kept = swap.ready;
  const before = {
    body: document.body, title: document.title, url: location.href, form: state.form,
    templateEl: state.templateEl, since: root.getAttribute("data-offline-since"),
  };
  swap.drawing = before;
  swap.ready = swap.preparing = null;  // its body moves to this page: read again if ever needed
  window.scrollTo(0, 0);  // while the hand page is laid out: the new body is laid out once, in the frame
  before.styles = useStyles(kept.styles);
  document.title = kept.title;
  const online = state.sentInPlace !== null && state.sentInPlace !== undefined;  // saved online: sent now
  if (!online) { root.setAttribute("data-offline-since", kept.since); }
  // (the copy's messages were said when it was loaded: "The match has started", say)
  if (online) { kept.body.querySelectorAll(".flash").forEach((flash) => { flash.hidden = true; }); }
  // The queue is drawn before the body is shown (styled and laid out once, in the next frame).
  state.panel = kept.body.querySelector("#queue");
  const drawn = draw(state.panel, list);
  // The hand page's body is kept out of sight, as it is, and taken out only after the frame:
  // undoing a long form's layout costs a slowed phone a frame of its own.
  const old = before.body.style;
  old.contentVisibility = "hidden";
  old.minHeight = "0";
  root.insertBefore(kept.body, before.body);
  // After the frame too, the scoreboard's address: a new history entry costs a slowed phone
  // more than a frame's worth of milliseconds before it.
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (document.body === before.body) { return; }  // undrawn meanwhile
      before.body.remove();
      history.pushState(null, "", "/matches/" + state.matchId);
      swap.shownPath = location.pathname;
      before.pushed = true;
    }, 0);
  });
  if (!online) { document.dispatchEvent(new Event("kept-copy")); }  // static/offline.js: "offline, as of 21:40"
  state.form = state.templateEl = null;
  before.drawn = drawn ? Promise.resolve() : render(list);
  return before;
}

/** The hand page back as it was before :func:`drawBoard` (the hand could not be written). */
export function undraw(state, before) {
  const root = document.documentElement, board = document.body;
  if (board !== before.body) {  // (a draw cut short may not have put the scoreboard in)
    root.insertBefore(before.body, board);
    board.remove();
  }
  before.body.style.contentVisibility = before.body.style.minHeight = "";
  before.styles.forEach((link) => link.remove());
  document.title = before.title;
  if (before.since === null) { root.removeAttribute("data-offline-since"); } else { root.setAttribute("data-offline-since", before.since); }
  if (before.pushed) {
    history.replaceState(null, "", before.url);
    state.swap.shownPath = location.pathname;
  }
  state.panel = null; state.form = before.form; state.templateEl = before.templateEl;
}
