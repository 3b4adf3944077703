"""The scorer on the phone (static/scorer.js) against the Python engine, in Chromium: the same rule
set data (scorekeeper.rules.publish) and the same hands must give the same seven lines, totals,
opening minimums, end and winner, on 1,000 random plausible hands per rule set (folded into
matches) and with house rules. Any disagreement fails, naming the hand."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from scorekeeper.rules import RULESET_IDS, ValidationError, fold_match, get_ruleset, parse_hand
from scorekeeper.rules.cards import deck_points, min_canasta_points
from scorekeeper.rules.hand import CUSTOM, HandInput
from scorekeeper.rules.model import RuleSet
from scorekeeper.rules.presets import PRESETS
from tests.browser.helpers import phone_tab
from tests.golden.scorer import golden_cases, match_case

HANDS_PER_RULESET = 1000

#: In the browser: each hand scored and each match folded by Scorer, against the engine's answer.
AGREE = """([hands, matches]) => {
  const differences = [];
  hands.forEach((c, i) => {
    const got = Scorer.scoreHand(c.rs, c.hand);
    if (JSON.stringify(got) !== JSON.stringify(c.expected)) {
      differences.push({hand: i, browser: got, python: c.expected});
    }
  });
  matches.forEach((m, i) => {
    const got = Scorer.foldMatch(m.rs, m.target, m.sides, m.hands, m.settled);
    const mine = {
      hands: got.hands.map(h => ({number: h.number, breakdown: h.breakdown, totals_after: h.totals_after,
                                  opening_minimums_before: h.opening_minimums_before})),
      totals: got.totals, opening_minimums: got.opening_minimums, finished: got.finished, winner: got.winner,
      settled: got.settled,
    };
    if (JSON.stringify(mine) !== JSON.stringify(m.expected)) {
      differences.push({match: i, browser: mine, python: m.expected});
    }
  });
  return differences;
}"""


@pytest.fixture(scope="module")
def scorer_page(browser: Browser, live_server: str) -> Iterator[Page]:
    """A page of the app with static/scorer.js loaded, as the hand page loads it."""
    for page in phone_tab(browser, live_server):
        page.goto("/login")
        page.add_script_tag(url="/static/scorer.js")
        yield page


def random_side(rng: random.Random, rs: RuleSet, went_out: bool) -> dict[str, Any]:
    """One side's entries, within what the decks can hold for two or three sides."""
    kinds = [k.code for k in rs.canasta_kinds if not k.wins_match or rng.random() < 0.02]
    # Canastas of scarce cards (American Canasta's sevens, aces, wild cards: one a hand over the
    # sides) seldom, so that most hands fit in the decks.
    scarce = {limit.code for limit in rs.card_limits}
    rare = {k.code for k in rs.canasta_kinds if any(k.consumes.get(c, 0) >= 7 for c in scarce)}
    canastas = {
        code: (int(rng.random() < 0.12) if code in rare else rng.choice((0, 0, 0, 0, 1, 1, 2)))
        for code in kinds
    }
    if went_out:  # what a side that goes out usually holds, so most such hands pass the checks
        for code in rs.going_out_requirement.kinds:
            canastas[code] = max(canastas.get(code, 0), 1)
        canastas[kinds[0]] = max(canastas[kinds[0]], rs.going_out_requirement.min_canastas)
    budget = deck_points(rs.decks.count) // 15 * 5  # card points one side of three may hold at most
    least = sum(
        n * (getattr(rs.canasta_kind(code), "least_points", None) or min_canasta_points())
        for code, n in canastas.items()
    )
    melds = min(budget, least + 5 * rng.randrange(0, 40))
    side: dict[str, Any] = {
        "melds": melds,
        "hand": 0 if went_out and rng.random() < 0.5 else min(budget - melds, 5 * rng.randrange(0, 30)),
        "red_threes": rng.choice((0, 0, 0, 1, 1, 2)),
        "canastas": canastas,
        "penalties": [],
    }
    if rs.red_threes.black_threes:  # American Canasta: black threes laid out too
        side["black_threes"] = rng.choice((0, 0, 1, 2))
    for flag in rs.flags:
        if rng.random() < 0.15 and (went_out or not (flag.went_out_only or flag.one_side)):
            side[flag.code] = True
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        if rng.random() < 0.25:
            points = 5 * rng.randrange(1, 100)
            side["penalties"].append({"code": CUSTOM, "points": points, "description": "house", "count": 1})
        else:
            penalty = rng.choice(rs.penalties)
            side["penalties"].append({"code": penalty.code, "count": rng.randrange(1, 4)})
    return side


def random_hand(rng: random.Random, rs: RuleSet, sides: int, number: int) -> dict[str, Any]:
    went_out = rng.choice([None, *range(sides), *range(sides), *range(sides)])
    kind = rng.choice(rs.going_out_kinds).code if went_out is not None else None
    hand = {
        "number": number,
        "went_out": went_out,
        "going_out_kind": kind,
        "sides": [random_side(rng, rs, i == went_out) for i in range(sides)],
    }
    special = rs.going_out_kind(kind or "")
    if went_out is not None and special is not None and special.special:  # a side that melded nothing
        hand["sides"][went_out].update(melds=0, hand=0, canastas={})
    return hand


def random_matches(
    ruleset_id: str, house_rules: dict[str, Any], seed: int, hands: int
) -> list[dict[str, Any]]:
    """Matches of random plausible hands (each one accepted by ``parse_hand``), played until they end
    or reach 25 hands, ``hands`` hands in all; each with the engine's own fold, as JSON."""
    rng = random.Random(seed)
    rs = get_ruleset(ruleset_id, house_rules)
    matches: list[dict[str, Any]] = []
    count = 0
    while count < hands:
        sides = rng.choice((2, 2, 2, 3))
        players = [2] * sides
        target = rng.choice((rs.target, 2000, 3000))
        accepted: list[HandInput] = []
        state = fold_match(rs, target, sides, [])
        while count < hands and len(accepted) < 25:
            candidate = random_hand(rng, rs, sides, len(accepted) + 1)
            try:
                hand = parse_hand(rs, candidate, players=players)
            except ValidationError:
                continue
            accepted.append(hand)
            count += 1
            state = fold_match(rs, target, sides, [hand], start=state)  # each hand scored once
            if state.finished:
                break
        matches.append(match_case(rs, target, sides, accepted, state))
    return matches


HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    "classic": [
        {},
        {"melds_only_went_out": True, "penalties.drew_two_cards": 100, "opening_bands.1": 45},
        {"red_threes_when_opened": True, "opening_bands": [[None, 0], [0, 50], [2000, 100], [6000, 150]]},
    ],
    "samba": [
        {},
        {"going_out_min_canastas": 2, "red_threes.per_card": 150},
        {"hands_limit": 3, "opening_by_hand": [125, 155, 180]},
    ],
    "canaston": [{}, {"many_canastas.7": 2500, "red_threes_when_opened": True}],
    "francaise": [{}, {"going_out_kinds.surprise": 300}],
    "american": [
        {},
        {"red_threes.4": 1500, "penalties.unfinished_wild": 2500, "going_out_min_canastas": 3},
        {"dream_hands_win": False},
    ],
}
# ... and every preset of RULES.md ("House rules every rule set accepts"), as the new-match page stores it.
for _preset in PRESETS:
    if _preset.house_rules:  # a preset of the book's own values (American Canasta's CLA) is the book
        HOUSE_RULES[_preset.ruleset].append(dict(_preset.house_rules))


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_browser_scorer_agrees_with_the_engine(scorer_page: Page, ruleset_id: str) -> None:
    for n, house_rules in enumerate(HOUSE_RULES[ruleset_id]):
        hands = HANDS_PER_RULESET if not house_rules else HANDS_PER_RULESET // 4
        seed = zlib.crc32(f"{ruleset_id}/{n}".encode())
        matches = random_matches(ruleset_id, house_rules, seed=seed, hands=hands)
        assert sum(len(m["hands"]) for m in matches) == hands
        differences = scorer_page.evaluate(AGREE, [[], matches])
        assert differences == [], f"{ruleset_id} {house_rules}: {differences[0]}"


def test_the_browser_scorer_agrees_on_every_golden_hand(scorer_page: Page) -> None:
    hands, matches = golden_cases()
    assert len(hands) >= 60 and len(matches) >= 20, (len(hands), len(matches))  # the golden tests ran
    assert {c["rs"]["id"] for c in hands} == set(RULESET_IDS)
    assert scorer_page.evaluate(AGREE, [hands, matches]) == []
