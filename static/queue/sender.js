/* The queue's sender: the only part that knows where a queued hand goes and with which credentials.
 * The rest of the queue sees the interface below and outcomes, never URLs, headers or statuses.
 *
 *   const sender = sessionSender();           // this page's login: session cookie + CSRF token
 *   const link = await sender.open(matchId);  // {ok: true, account} | {ok: false, why}
 *   const answer = await sender.add(link, entry);          // entry.hand under entry.key
 *   const again = await sender.replace(link, entry, number, version);   // after a conflict
 *
 * ``why``: "login" (no session here: the queue waits for one), "ended" (the session was ended on
 * the server: what the phone keeps of the account goes), "gone" (no such match for this account).
 * An answer's ``outcome``: "stored", "replayed" (sent before, the answer was lost: stored once),
 * "conflict" (``stored``: the hand saved meanwhile), "ended" (the match had ended), "refused"
 * (``errors`` by the API's field paths, in the player's language; at "Idempotency-Key" when the key
 * was used for another hand), "login", "ended-session"; a network failure or a server error
 * rejects (sent again later). A table sender (club nights: the table API of ../shared/API.md, a
 * table token, naming the game in ``match``) gives the same interface.
 */

async function answer(response) {
  let body = {};
  try { body = await response.json(); } catch (error) { /* no JSON: the status says enough */ }
  return { status: response.status, body: body };
}

function outcome({ status, body }) {
  if (status === 201) { return { outcome: "stored", body: body }; }
  if (status === 200) { return { outcome: body.replayed ? "replayed" : "stored", body: body }; }
  if (status === 409 && body.ended) { return { outcome: "ended", message: body.message }; }
  if (status === 409) { return { outcome: "conflict", stored: body.stored, message: body.message }; }
  if (status === 422) { return { outcome: "refused", errors: body.errors || {} }; }
  if (status === 401) { return { outcome: body.ended ? "ended-session" : "login" }; }
  throw new Error("transient: " + status);
}

/** The phone's own login: GET/POST /matches/ID/hands.json (scorekeeper/matches/sync.py). */
export function sessionSender() {
  const base = (match) => "/matches/" + match;
  async function post(url, link, entry, headers) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(entry.hand),
      headers: Object.assign({
        "Content-Type": "application/json", "Accept": "application/json",
        "X-CSRFToken": link.csrf, "Idempotency-Key": entry.key,
      }, headers || {}),
    });
    return outcome(await answer(response));
  }
  return {
    async open(match) {
      const got = await answer(await fetch(base(match) + "/hands.json", { credentials: "same-origin", cache: "no-store" }));
      if (got.status === 401) { return { ok: false, why: got.body.ended ? "ended" : "login" }; }
      if (got.status === 404) { return { ok: false, why: "gone" }; }
      if (got.status !== 200) { throw new Error("transient: " + got.status); }
      return { ok: true, match: match, account: got.body.account, csrf: got.body.csrf_token };
    },
    add(link, entry) { return post(base(link.match) + "/hands.json", link, entry); },
    replace(link, entry, number, version) {
      return post(base(link.match) + "/hands/" + number + ".json", link, entry, { "X-Hand-Version": String(version) });
    },
  };
}

/** A table of a club night (the page behind a table link, /t/TOKEN): no login, the table's token as
 *  a bearer token, POST /api/v1/table/hands naming the game the phone had (``match``), so a hand typed
 *  for a game the table has left (a closed round, the next round seated) is refused (409) instead of
 *  landing in the new game. ``account``: the page's queue tag for this table. A 409 is told apart by
 *  reading the table again: another game, or a finished one, is "ended" (``why``: "moved" or
 *  "closed", said in the player's language by the page); a hand number taken is a "conflict" with the
 *  stored hand. A table cannot correct a stored hand (the organiser does): no ``replace``. */
export function tableSender(token, account) {
  const auth = { "Authorization": "Bearer " + token, "Accept": "application/json" };
  const table = async () => answer(await fetch("/api/v1/table", { headers: auth, cache: "no-store", credentials: "omit" }));
  async function afterConflict(entry, first) {
    const got = await table();
    const game = got.status === 200 ? got.body.match : null;
    const message = (first.body.errors && first.body.errors._ && first.body.errors._[0]) || "";
    if (!game || game.id !== entry.match_id) { return { outcome: "ended", why: "moved", message: message }; }
    const hand = (game.hands || [])[entry.number - 1];
    if (hand) {
      return { outcome: "conflict", stored: { number: hand.number, scores: hand.scores }, message: message };
    }
    return { outcome: "ended", why: "closed", message: message };
  }
  return {
    async open(match) {
      const got = await table();
      if (got.status === 401) { return { ok: false, why: "login" }; }  // revoked or replaced: kept
      if (got.status !== 200) { throw new Error("transient: " + got.status); }
      return { ok: true, match: match, account: account };
    },
    async add(link, entry) {
      const response = await fetch("/api/v1/table/hands", {
        method: "POST", credentials: "omit", body: JSON.stringify(Object.assign({}, entry.hand, { match: entry.match_id })),
        headers: Object.assign({ "Content-Type": "application/json", "Idempotency-Key": entry.key }, auth),
      });
      const got = await answer(response);
      if (got.status === 409) { return afterConflict(entry, got); }
      if (got.status === 401) { return { outcome: "login" }; }
      return outcome(got);
    },
    replace: null,
  };
}
