// The offline queue's preview (static/queue/conflict_view.js, provisional) against the engine: every
// golden match of tests/golden/scorer.json, its first hands stored on the server and the others queued
// on the phone, gives Python's totals, end (at the target or the house rule's hands_limit; a draw
// has no winner) and opening minimums for the next hand (opening_by_hand follows the hand number).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const code = readFileSync(new URL("../../static/scorer.js", import.meta.url), "utf8");
const sandbox = {};
vm.runInNewContext(code, sandbox);
globalThis.window = { Scorer: sandbox.Scorer };
globalThis.document = { documentElement: { lang: "en" } };
const { provisional } = await import("../../static/queue/conflict_view.js");
const golden = JSON.parse(readFileSync(new URL("../golden/scorer.json", import.meta.url), "utf8"));
const plain = (value) => JSON.parse(JSON.stringify(value));

test("the queue's preview ends, draws and opens as the engine does", () => {
  let limited = 0;
  golden.matches.filter((m) => !m.settled).forEach((m, i) => {
    const rs = golden.rulesets[m.rs], e = m.expected;
    if (rs.hands_limit !== null) { limited += 1; }
    for (let stored = 0; stored <= m.hands.length; stored++) {
      const totals = stored ? e.hands[stored - 1].totals_after : new Array(m.sides).fill(0);
      const queued = m.hands.slice(stored).map((hand) => ({ number: hand.number, hand: hand, state: null }));
      const got = provisional(rs, totals, queued, m.target, stored + 1);
      const where = "match " + i + " with " + stored + " stored";
      assert.deepEqual(plain(got.totals), e.totals, where);
      if (stored < m.hands.length) {  // (the server's match, already over, is no preview's to end)
        assert.equal(got.finished, e.finished, where);
        assert.equal(got.winner, e.winner, where);
      }
      if (!e.finished) { assert.deepEqual(plain(got.minimums), e.opening_minimums, where); }
    }
  });
  assert.ok(limited >= 4, "golden matches with a hands limit");
});
