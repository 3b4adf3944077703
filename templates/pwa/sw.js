/* The scorekeeper's service worker (scorekeeper/pwa.py serves it from the site's root).
 *
 * - The app shell (styles, scripts, icons, the offline page) is kept when the worker installs.
 * - Scoreboards and referee pages: network first; the last copy when the network fails, marked with
 *   the time it was fetched (static/offline.js shows "offline, as of 21:40").
 * - Pages are kept per account (the X-Account header of each logged-in page) and one account's only:
 *   a page of another account, a logout, or any answer that lands on the login page drops them.
 * - Each release has its own caches; the old ones are deleted when the new worker takes over.
 * - Hands entered offline (static/queue/main.js): with a scoreboard of a new version, the worker keeps the
 *   match's key-less hand page (/matches/ID/hands/template) and its rules.json, and serves that page
 *   for /matches/ID/hands/new when the network fails: the same fields, built on the phone.
 * - The "No signal" page says what the phone knows: a player's pages are kept (logged in: the
 *   scoreboards it keeps are listed), they were dropped at a logout or when the session ended (a
 *   note in the shell cache, STATE), or it keeps none yet; and, for a form sent without signal,
 *   that it was not sent.
 */
"use strict";

const VERSION = {{ version|tojson }};
const SHELL_CACHE = "shell-" + VERSION;
const PAGES_PREFIX = "pages-";
const SHELL = {{ shell_files|tojson }};
const KEPT_PAGES = {{ kept_pages|tojson }}.map((pattern) => new RegExp(pattern));
const LOGIN_PATH = {{ login_path|tojson }};
const LOGOUT_PATH = {{ logout_path|tojson }};
const OFFLINE_PAGE = SHELL[SHELL.length - 1];
// An ES module's imports name the shell's files without their version: the same files of this release.
const SHELL_PATHS = SHELL.map((url) => new URL(url, self.location.origin).pathname);
const SCOREBOARD = /^\/matches\/(\d+)$/;
const NEW_HAND = /^\/matches\/(\d+)\/hands\/new$/;
const DELETE_MATCH = /^\/matches\/(\d+)\/delete$/;
const MATCH_PAGE = /^\/matches\/(\d+)(\/|$)/;
const RULES = /^\/(matches\/\d+\/rules|queue\/texts)\.json$/;
const STATE = "/offline-state";  // in the shell cache: why no pages are kept ("logout", "ended")
const LISTED = 20;  // kept scoreboards named on the "No signal" page
// A club night's table page (/t/TOKEN, scorekeeper/tables) belongs to no account: its last copy and
// its game's rules are kept in a cache of their own, never dropped with an account's pages, so that
// a table's phone that reloads without signal still enters hands into its queue.
const TABLE_PAGE = /^\/t\/[A-Za-z0-9_-]{20,100}$/;
const TABLE_RULES = /^\/t\/[A-Za-z0-9_-]{20,100}\/rules\.json$/;
const TABLES_CACHE = "tables-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => !name.endsWith("-" + VERSION)).map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

function pagesCacheName(account) {
  return PAGES_PREFIX + account + "-" + VERSION;
}

/** Drop every account's kept pages except ``keep``'s (none when ``keep`` is empty); ``why`` (when
 *  pages were dropped) is noted for the "No signal" page. */
async function dropPages(keep, why) {
  const names = (await caches.keys()).filter((name) => name.startsWith(PAGES_PREFIX) && name !== keep);
  await Promise.all(names.map((name) => caches.delete(name)));
  if (why && (names.length || why === "logout")) {
    await (await caches.open(SHELL_CACHE)).put(STATE, new Response(why));
  }
}

/** The cache of the account whose pages are kept now, if any. */
async function currentPagesCache() {
  const names = await caches.keys();
  const name = names.find((n) => n.startsWith(PAGES_PREFIX) && n.endsWith("-" + VERSION));
  return name ? caches.open(name) : null;
}

function isKept(url) {
  return url.origin === self.location.origin && !url.search && KEPT_PAGES.some((re) => re.test(url.pathname));
}

function landsOnLogin(response) {
  return new URL(response.url || self.location.href).pathname === LOGIN_PATH;
}

/** Keep a copy of a page just fetched, stamped with the time, in its account's cache; with a
 *  match's scoreboard or hand page, also what its hand page needs offline. */
async function keep(request, response) {
  const account = response.headers.get("X-Account");
  if (!account || response.status !== 200 || response.redirected) {
    return;
  }
  const name = pagesCacheName(account);
  await dropPages(name);
  const cache = await caches.open(name);
  const before = await cache.match(request.url);
  await store(name, request.url, response);
  const match = SCOREBOARD.exec(new URL(request.url).pathname);
  if (!match) {
    return;
  }
  const etag = response.headers.get("ETag");
  const same = etag && before && before.headers.get("ETag") === etag;  // the match has not changed
  if (!same || !(await cache.match("/matches/" + match[1] + "/hands/template"))) {
    await keepForHands(name, match[1]);
  }
}

async function store(name, url, response) {
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());
  const body = await response.blob();
  const cache = await caches.open(name);
  await cache.put(url, new Response(body, { status: 200, headers }));
}

/** The match's key-less hand page and its rule set, kept for entering hands offline. */
async function keepForHands(name, matchId) {
  const urls = ["/matches/" + matchId + "/hands/template", "/matches/" + matchId + "/rules.json", "/queue/texts.json"];
  await Promise.all(urls.map(async (url) => {
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.status === 200 && !response.redirected) {
        await store(name, url, response);
      }
    } catch (error) {
      /* the signal dropped meanwhile: the copy kept before stays */
    }
  }));
}

/** A kept page, marked as seen offline (``data-offline-since`` on its root element). */
async function keptCopy(request, url) {
  const cache = await currentPagesCache();
  const response = cache && (await cache.match(url || request.url));
  if (!response) {
    return null;
  }
  const since = response.headers.get("X-Kept-At") || "";
  const text = (await response.text()).replace("<html ", '<html data-offline-since="' + since + '" ');
  return new Response(text, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** Drop the kept copies of a page the server no longer has (404); for a page of a match (deleted),
 *  every kept page of that match: scoreboard, referee pages, its hand page and rules. */
async function forget(url) {
  const cache = await currentPagesCache();
  if (!cache) {
    return;
  }
  const match = MATCH_PAGE.exec(url.pathname);
  const base = match ? "/matches/" + match[1] : null;
  const gone = (await cache.keys()).filter((request) => {
    const path = new URL(request.url).pathname;
    return base ? path === base || path.startsWith(base + "/") : path === url.pathname;
  });
  await Promise.all(gone.map((request) => cache.delete(request)));
}

/** After a match's delete form was sent: if its scoreboard is gone (404), its kept pages go too. */
async function forgetIfGone(url) {
  try {
    const answer = await fetch(url, { method: "HEAD", credentials: "same-origin" });
    if (answer.status === 404) {
      await forget(url);
    }
  } catch (error) {
    /* the signal dropped: the next visit online finds the 404 */
  }
}

/** The "No signal" page for what the phone knows (``posted``: a form could not be sent). */
async function offlinePage(posted) {
  const shell = await caches.open(SHELL_CACHE);
  const page = await shell.match(OFFLINE_PAGE);
  if (!page) {
    return Response.error();
  }
  const cache = await currentPagesCache();
  const noted = cache ? null : await shell.match(STATE);
  const state = cache ? "kept" : (noted && (await noted.text())) || "none";
  const cases = posted ? ["post", cache ? "post-kept" : state] : [state];
  let text = (await page.text()).replace(/ hidden data-offline="([^"]*)"/g, (all, names) =>
    names.split(" ").some((name) => cases.includes(name)) ? ' data-offline="' + names + '"' : all);
  const items = cache ? await keptBoards(cache) : [];
  text = text.replace(/(<ul[^>]*id="offline-kept">)(<\/ul>)/, (all, open, close) =>
    items.length ? open + items.join("") + close : "");
  return new Response(text, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** Links to the scoreboards ``cache`` keeps, named by their titles (as the pages wrote them). */
async function keptBoards(cache) {
  const paths = (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => SCOREBOARD.test(p));
  return Promise.all(paths.slice(-LISTED).reverse().map(async (path) => {
    const found = /<title>([^<]*)<\/title>/.exec(await (await cache.match(path)).text());
    const title = found ? found[1].split(" · ").slice(0, -1).join(" · ") || found[1] : path;
    return '<li><a href="' + path + '">' + title + "</a></li>";
  }));
}

async function navigate(event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method === "POST" && url.pathname === LOGOUT_PATH) {
    await dropPages("", "logout");
    return fetch(request).catch(() => offlinePage(true));
  }
  if (request.method === "POST" && NEW_HAND.test(url.pathname)) {
    return unsentHand(request);
  }
  const deleted = DELETE_MATCH.exec(url.pathname);
  if (request.method === "POST" && deleted) {
    let response;
    try {
      response = await fetch(request);  // a redirect the worker cannot read: ask the server
    } catch (error) {
      return offlinePage(true);
    }
    event.waitUntil(forgetIfGone(new URL("/matches/" + deleted[1], self.location.origin)));
    return response;
  }
  if (request.method !== "GET") {
    return fetch(request).catch(() => offlinePage(true));  // the app's page, not the browser's
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const newHand = NEW_HAND.exec(url.pathname);
    if (newHand) {
      return (await keptCopy(request, "/matches/" + newHand[1] + "/hands/template")) || offlinePage();
    }
    return (isKept(url) && (await keptCopy(request))) || offlinePage();
  }
  if (landsOnLogin(response)) {
    await dropPages("", "ended");
  } else if (isKept(url)) {
    event.waitUntil(response.status === 404 ? forget(url) : keep(request, response.clone()));
  }
  return response;
}

function attribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A hand posted just as the signal went: the kept hand page again with what was typed in it
 *  (``data-unsent`` on its root element), for static/queue/main.js to put back and Save to keep on the
 *  phone; the form's own key goes with it, so a hand that did arrive is not stored twice. */
async function unsentHand(request) {
  const typed = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const fields = [];
    try {
      (await typed.formData()).forEach((value, name) => fields.push([name, String(value)]));
    } catch (unreadable) {
      /* nothing to put back */
    }
    const matchId = NEW_HAND.exec(new URL(request.url).pathname)[1];
    const page = await keptCopy(request, "/matches/" + matchId + "/hands/template");
    if (!page) {
      return offlinePage();
    }
    const text = (await page.text()).replace("<html ", '<html data-unsent="' + attribute(JSON.stringify(fields)) + '" ');
    return new Response(text, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

/** Keep (200) or forget (404, 410: the link opens nothing now) a table's page or rules. */
async function keepTable(path, response) {
  const cache = await caches.open(TABLES_CACHE);
  if (response.status === 404 || response.status === 410) {
    await Promise.all([cache.delete(path), cache.delete(path + "/rules.json")]);
    return;
  }
  if (response.status !== 200 || response.redirected) { return; }
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());
  await cache.put(path, new Response(await response.blob(), { status: 200, headers }));
}

/** A table's page: the network's, else its kept copy marked as seen offline. */
async function tablePage(event, url) {
  try {
    const response = await fetch(event.request);
    if (!url.search) { event.waitUntil(keepTable(url.pathname, response.clone())); }
    return response;
  } catch (error) {
    const kept = await (await caches.open(TABLES_CACHE)).match(url.pathname);
    if (!kept) { return offlinePage(); }
    const since = kept.headers.get("X-Kept-At") || "";
    const text = (await kept.text()).replace("<html ", '<html data-offline-since="' + since + '" ');
    return new Response(text, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function tableRules(event, url) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(keepTable(url.pathname, response.clone()));
    return response;
  } catch (error) {
    return (await (await caches.open(TABLES_CACHE)).match(url.pathname)) || Response.error();
  }
}

/** A match's rule set, or the queue's texts: the network's answer, else the kept copy. */
async function rulesJson(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const cache = await currentPagesCache();
    return (cache && (await cache.match(event.request.url))) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate" && request.method === "GET" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(tablePage(event, url));
  } else if (request.method === "GET" && TABLE_RULES.test(url.pathname)) {
    event.respondWith(tableRules(event, url));
  } else if (request.mode === "navigate") {
    event.respondWith(navigate(event));
  } else if (request.method === "GET" && RULES.test(url.pathname)) {
    event.respondWith(rulesJson(event));
  } else if (request.method === "GET" && SHELL.includes(url.pathname + url.search)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  } else if (request.method === "GET" && !url.search && SHELL_PATHS.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreSearch: true, cacheName: SHELL_CACHE }).then((hit) => hit || fetch(request)));
  }
});
