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
