// The queue's parts that need no page: a format-1 record read as format 2 (static/queue/store.js),
// and the session sender's outcomes for each answer of scorekeeper/matches/sync.py (a stub fetch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FORMAT, migrateOld } from "../../static/queue/store.js";
import { sessionSender } from "../../static/queue/sender.js";

const golden = JSON.parse(readFileSync(new URL("../golden/form_to_hand/classic_typed.json", import.meta.url), "utf8"));

test("a format-1 record becomes the API's hand once", () => {
  const old = { id: 3, account: "a1", match: 7, key: "k", savedAt: "2026-11-20T21:40:00Z",
    fields: [["csrf_token", "t"], ...golden.fields], number: 1, state: null };
  const record = migrateOld(old);
  assert.equal(record.format, FORMAT);
  assert.deepEqual([record.id, record.account, record.match_id, record.key, record.state], [3, "a1", 7, "k", null]);
  assert.deepEqual(record.hand, golden.hand);  // the ticked flag found without the rule set
});

test("a format-1 record it cannot read is kept as unreadable, never with missing values", () => {
  for (const fields of [[["number", "2"]], "not a list", [["went_out", "0"]], [[1, 2, 3]]]) {
    const record = migrateOld({ id: 1, account: "a", match: 7, key: "k", fields: fields, number: 2 });
    assert.equal(record.state, "unreadable");
    assert.equal(record.hand, null);
  }
});

function stub(status, body) {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, init });
    return { status, json: async () => body };
  };
  return calls;
}

test("the session sender says what each answer means", async () => {
  const sender = sessionSender();
  const link = { ok: true, match: 7, csrf: "c", account: "a" };
  const entry = { key: "k1", hand: { number: 1 } };
  const cases = [
    [201, {}, "stored"], [200, { replayed: true }, "replayed"], [409, { ended: true }, "ended"],
    [409, { stored: { number: 1 } }, "conflict"], [422, { errors: { "Idempotency-Key": ["m"] } }, "refused"],
    [401, { ended: false }, "login"], [401, { ended: true }, "ended-session"],
  ];
  for (const [status, body, outcome] of cases) {
    const calls = stub(status, body);
    assert.equal((await sender.add(link, entry)).outcome, outcome, String(status));
    assert.equal(calls[0].url, "/matches/7/hands.json");
    assert.equal(calls[0].init.headers["Idempotency-Key"], "k1");
    assert.equal(calls[0].init.headers["X-CSRFToken"], "c");
    assert.deepEqual(JSON.parse(calls[0].init.body), entry.hand);
  }
  stub(500, {});
  await assert.rejects(sender.add(link, entry));
  stub(401, { ended: true });
  assert.deepEqual(await sender.open(7), { ok: false, why: "ended" });
  stub(200, { account: "a", csrf_token: "c2" });
  assert.deepEqual(await sender.open(7), { ok: true, match: 7, account: "a", csrf: "c2" });
});
