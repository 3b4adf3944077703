// The table sender (static/queue/sender.js, tableSender): a club night's table page sends its queue to
// POST /api/v1/table/hands with the table's token and the game the phone had; each answer of the
// table API (../shared/API.md, "Table links") becomes the queue's outcome (a stub fetch answers).
import { test } from "node:test";
import assert from "node:assert/strict";
import { tableSender } from "../../static/queue/sender.js";

/** A fetch that answers ``answers[path]`` (a list, taken in turn), and records each call. */
function stub(answers) {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, init });
    const [status, body] = answers[url].length > 1 ? answers[url].shift() : answers[url][0];
    return { status, json: async () => body };
  };
  return calls;
}

const entry = { key: "k3", match_id: 41, number: 3, hand: { number: 3, went_out: 0 } };
const game = (id, hands) => ({ event: 1, round: 1, table: 2, match: { id, hands } });

test("a hand goes with the table's token, its key and the game the phone had", async () => {
  const calls = stub({ "/api/v1/table": [[200, game(41, [])]], "/api/v1/table/hands": [[201, {}]] });
  const sender = tableSender("TOKEN", "table-1-2");
  const link = await sender.open(41);
  assert.deepEqual([link.ok, link.account], [true, "table-1-2"]);
  assert.equal((await sender.add(link, entry)).outcome, "stored");
  const sent = calls[1].init;
  assert.equal(sent.headers.Authorization, "Bearer TOKEN");
  assert.equal(sent.headers["Idempotency-Key"], "k3");
  assert.equal(sent.credentials, "omit");  // no cookie: the token is the only credential
  assert.deepEqual(JSON.parse(sent.body), { number: 3, went_out: 0, match: 41 });
  assert.equal(sender.replace, null);  // a table corrects nothing: the organiser does
});

test("a 409 says why: another game, a closed game, or a number taken meanwhile", async () => {
  const refused = [409, { errors: { _: ["Round 1 is closed; no more hands can be entered."] } }];
  const sender = tableSender("T", "a");
  stub({ "/api/v1/table": [[200, game(52, [])]], "/api/v1/table/hands": [refused] });
  const moved = await sender.add({}, entry);
  assert.deepEqual([moved.outcome, moved.why], ["ended", "moved"]);
  stub({ "/api/v1/table": [[200, game(41, [{ number: 1 }, { number: 2 }])]], "/api/v1/table/hands": [refused] });
  const closed = await sender.add({}, entry);
  assert.deepEqual([closed.outcome, closed.why], ["ended", "closed"]);
  const three = { number: 3, scores: [900, 60] };
  stub({ "/api/v1/table": [[200, game(41, [{ number: 1 }, { number: 2 }, three])]], "/api/v1/table/hands": [refused] });
  const taken = await sender.add({}, entry);
  assert.equal(taken.outcome, "conflict");
  assert.deepEqual(taken.stored, three);
});

test("a revoked link keeps the queue; a 422 names the fields; a server error is sent again later", async () => {
  const sender = tableSender("T", "a");
  stub({ "/api/v1/table": [[401, {}]] });
  assert.deepEqual(await sender.open(41), { ok: false, why: "login" });
  stub({ "/api/v1/table/hands": [[401, {}]] });
  assert.equal((await sender.add({}, entry)).outcome, "login");
  stub({ "/api/v1/table/hands": [[422, { errors: { "sides.0.melds": ["Must be a multiple of 5."] } }]] });
  assert.deepEqual((await sender.add({}, entry)).errors, { "sides.0.melds": ["Must be a multiple of 5."] });
  stub({ "/api/v1/table/hands": [[503, {}]] });
  await assert.rejects(sender.add({}, entry));
});
