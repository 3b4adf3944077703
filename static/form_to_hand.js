/* The hand form's fields to the API's hand (../shared/API.md, POST /api/v1/matches/ID/hands) and
 * back, and the card counter's points: the one JavaScript copy of scorekeeper/matches/hand_form.py.
 * tests/golden/form_to_hand/*.json holds both to the same answers (tests/js, tests/web).
 *
 * ``fields`` are [name, value] pairs as FormData gives them (hand.js has added the counters into
 * their fields); ``shape`` says what a form's fields cannot: the rule set's flag codes (an unchecked
 * box sends nothing) and the points of each card the counters count. No rule lives here.
 */

export const CUSTOM = "custom";
const NOBODY = "none";
const WHOLE = /^[+-]?[0-9]{1,9}$/;

function value(fields, name) {
  for (const [key, v] of fields) { if (key === name) { return v; } }
  return null;
}

/** A number input: its whole number, null when blank, else the text as typed (the rules name it). */
export function readNumber(raw) {
  const text = raw === null || raw === undefined ? "" : String(raw).trim().replace("\u2212", "-");
  if (text === "") { return null; }
  if (!WHOLE.test(text)) { return text; }
  const n = parseInt(text, 10);
  return n === 0 ? 0 : n;  // never -0 (a typed "−0")
}

function count(fields, name) {
  const n = readNumber(value(fields, name));
  return n === null ? 0 : n;
}

/** Card points of a counter: ``counts`` {card code: cards} at ``cardPoints`` {card code: points}
 *  (what is not a positive number of cards counts nothing). */
export function countPoints(counts, cardPoints) {
  let total = 0;
  for (const [code, n] of Object.entries(counts)) {
    const cards = typeof n === "number" ? n : parseInt(n, 10);
    if (!isNaN(cards) && cards > 0) { total += cards * (cardPoints[code] || 0); }
  }
  return total;
}

/** The typed points of ``name``, else its card counter's (a blank field stands for the count). */
function points(fields, prefix, name, cardPoints) {
  const typed = readNumber(value(fields, prefix + name));
  if (typed !== null) { return typed; }
  const counts = {};
  const start = prefix + name + "_cards-";
  for (const [key, v] of fields) { if (key.startsWith(start)) { counts[key.slice(start.length)] = v; } }
  return countPoints(counts, cardPoints || {});
}

/** The custom penalties beyond the visible one (the edit page's hidden JSON), as kept_customs reads
 *  them: a list's objects whose code is custom; nothing when it is not such a list. */
function moreCustoms(raw) {
  let entries;
  try { entries = JSON.parse(raw || "[]"); } catch (error) { return []; }
  if (!Array.isArray(entries)) { return []; }
  return entries.filter((e) => e && typeof e === "object" && !Array.isArray(e) && e.code === CUSTOM);
}

function side(fields, i, shape) {
  const p = "sides-" + i + "-";
  const out = {
    melds: points(fields, p, "melds", shape.cardPoints),
    hand: points(fields, p, "hand", shape.cardPoints),
    red_threes: count(fields, p + "red_threes"),
    canastas: {},
  };
  // Black threes: a field of American Canasta's form only (a form without it says nothing of them).
  if (value(fields, p + "black_threes") !== null) { out.black_threes = count(fields, p + "black_threes"); }
  const penalties = [];
  for (const [key] of fields) {
    if (key.startsWith(p + "canastas-")) { out.canastas[key.slice(p.length + 9)] = count(fields, key); }
    if (key.startsWith(p + "penalties-")) {
      const n = count(fields, key);
      if (n) { penalties.push({ code: key.slice(p.length + 10), count: n }); }
    }
  }
  for (const flag of shape.flags || []) { out[flag] = value(fields, p + flag) !== null; }
  const customPoints = readNumber(value(fields, p + "custom_points"));
  const description = (value(fields, p + "custom_description") || "").trim();
  if (customPoints !== null || description) {
    penalties.push({ code: CUSTOM, points: customPoints, description: description });
  }
  out.penalties = penalties.concat(moreCustoms(value(fields, p + "more_customs")));
  return out;
}

/** The API's hand from the hand form's ``fields`` (see the top of this file). */
export function formToHand(fields, shape = {}) {
  const rawNumber = (value(fields, "number") || "").trim();
  const went = value(fields, "went_out");
  const nobody = went === null || went === NOBODY;
  const sides = [];
  for (let i = 0; fields.some(([key]) => key.startsWith("sides-" + i + "-")); i++) {
    sides.push(side(fields, i, shape));
  }
  return {
    number: /^[0-9]{1,9}$/.test(rawNumber) ? parseInt(rawNumber, 10) : 0,
    went_out: nobody ? null : parseInt(went, 10),
    going_out_kind: nobody ? null : value(fields, "going_out_kind") || null,
    sides: sides,
  };
}

/** The hand form's fields that show ``hand`` (a hand in the API's shape) for typing again, as
 *  hand_form.input_to_formdata writes them: counts per penalty code, the first custom penalty
 *  (taken once) in the visible slot, every other custom one in the hidden JSON. */
export function handToFields(hand) {
  const fields = [["number", String(hand.number)], ["went_out", hand.went_out === null ? NOBODY : String(hand.went_out)]];
  if (hand.going_out_kind) { fields.push(["going_out_kind", hand.going_out_kind]); }
  hand.sides.forEach((s, i) => {
    const p = "sides-" + i + "-";
    for (const key of ["melds", "hand", "red_threes"]) { fields.push([p + key, String(s[key] === undefined ? 0 : s[key])]); }
    if (s.black_threes !== undefined) { fields.push([p + "black_threes", String(s.black_threes)]); }
    for (const [code, n] of Object.entries(s.canastas || {})) { fields.push([p + "canastas-" + code, String(n)]); }
    for (const [key, v] of Object.entries(s)) { if (v === true) { fields.push([p + key, "y"]); } }
    const counts = {}, customs = [];
    for (const entry of s.penalties || []) {
      const n = entry.count === undefined ? 1 : entry.count;
      if (entry.code === CUSTOM) {
        customs.push({ code: CUSTOM, count: n, points: entry.points === undefined ? null : entry.points,
          description: String(entry.description || "") });
      } else {
        counts[entry.code] = (counts[entry.code] || 0) + n;
      }
    }
    for (const [code, n] of Object.entries(counts)) { fields.push([p + "penalties-" + code, String(n)]); }
    if (customs.length && customs[0].count === 1) {
      const first = customs.shift();
      fields.push([p + "custom_points", first.points === null ? "" : String(first.points)],
        [p + "custom_description", first.description]);
    }
    if (customs.length) { fields.push([p + "more_customs", JSON.stringify(customs)]); }
  });
  return fields;
}

/** What a hand form's fields cannot say (see the top of this file), read from the form: its flag
 *  checkboxes and the counters' data-points. */
export function formShape(form) {
  const flags = [], cardPoints = {};
  form.querySelectorAll("input[type=checkbox][name^='sides-0-']").forEach((box) => {
    flags.push(box.name.slice("sides-0-".length));
  });
  form.querySelectorAll("input[data-points][data-card]").forEach((input) => {
    cardPoints[input.getAttribute("data-card")] = parseInt(input.getAttribute("data-points"), 10);
  });
  return { flags: flags, cardPoints: cardPoints };
}
