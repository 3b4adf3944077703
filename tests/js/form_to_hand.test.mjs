// The form-to-hand contract, JavaScript's side: static/form_to_hand.js against the golden files
// that hold scorekeeper/matches/hand_form.py to the same answers (tests/golden/test_form_to_hand.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { countPoints, formToHand, handToFields } from "../../static/form_to_hand.js";

const dir = new URL("../golden/form_to_hand/", import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith(".json") && name !== "counter.json");
const load = (name) => JSON.parse(readFileSync(new URL(name, dir), "utf8"));

test("there are golden cases", () => { assert.ok(files.length >= 4); });

for (const name of files) {
  test("form to hand: " + name, () => {
    const c = load(name);
    const shape = { flags: c.shape.flags, cardPoints: c.shape.card_points };
    assert.deepEqual(formToHand(c.fields, shape), c.hand);
  });

  test("hand to form: " + name, () => {
    const c = load(name);
    // Python's page preselects the first going-out kind when nobody went out; nothing reads it then.
    const expected = c.fields_again.filter(([k]) => c.hand.went_out !== null || k !== "going_out_kind");
    const got = handToFields(c.hand).map(([k, v]) => [k, k.endsWith("more_customs") ? JSON.parse(v) : v]);
    const want = expected.map(([k, v]) => [k, k.endsWith("more_customs") ? JSON.parse(v) : v]);
    const byName = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    assert.deepEqual(got.sort(byName), want.sort(byName));
    // And back: the fields give the hand again (the form's blanks and counters aside).
    assert.deepEqual(formToHand(handToFields(c.hand), { flags: c.shape.flags }), c.hand);
  });
}

test("the card counter", () => {
  for (const c of load("counter.json")) {
    assert.equal(countPoints(c.counts, c.card_points), c.points);
  }
});
