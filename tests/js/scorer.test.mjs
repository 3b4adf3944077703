// static/scorer.js (a classic script: it sets self.Scorer) against the engine's answers for every
// golden hand and match (tests/golden/scorer.json, checked against Python by test_scorer_golden.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const code = readFileSync(new URL("../../static/scorer.js", import.meta.url), "utf8");
const global = {};
vm.runInNewContext(code, global);
const Scorer = global.Scorer;
const golden = JSON.parse(readFileSync(new URL("../golden/scorer.json", import.meta.url), "utf8"));
const plain = (value) => JSON.parse(JSON.stringify(value));  // the vm's objects, as plain data

test("every golden hand", () => {
  golden.hands.forEach((c, i) => {
    const got = Scorer.scoreHand(golden.rulesets[c.rs], c.hand);
    assert.deepEqual(plain(got), c.expected, "hand " + i);
  });
});

test("every golden match", () => {
  golden.matches.forEach((m, i) => {
    const got = Scorer.foldMatch(golden.rulesets[m.rs], m.target, m.sides, m.hands, m.settled);
    const mine = {
      hands: got.hands.map((h) => ({ number: h.number, breakdown: h.breakdown, totals_after: h.totals_after,
        opening_minimums_before: h.opening_minimums_before })),
      totals: got.totals, opening_minimums: got.opening_minimums, finished: got.finished, winner: got.winner,
      settled: got.settled,
    };
    assert.deepEqual(plain(mine), m.expected, "match " + i);
  });
});
