"""Property tests of the rules core: hands built in the API's shape, checked by ``parse_hand``.

What must hold for any valid hand or match, in every rule set and with the usual house rules: the seven
lines add up to the total; match totals are the sums of the hand scores, whatever the order of the hands;
the opening minimum before each hand is RULES.md's band of the total before it; a hand with one fault is
refused at that fault's field path.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    LINES,
    RULESET_IDS,
    HandInput,
    RuleSet,
    ValidationError,
    fold_match,
    get_ruleset,
    opening_minimum,
    parse_hand,
    presets_for,
    score_hand,
)

SETTINGS = settings(  # as many examples as the Hypothesis profile says (tests/conftest.py)
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: A few house-rule sets per rule set, so the properties also hold for effective rule sets.
HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    "classic": [
        {},
        {"aces_canastas": True},
        {"melds_only_went_out": True},
        {"penalties.drew_two_cards": 100},
        {"same_back_colour": True, "many_canastas.7": 2500},
    ],
    "samba": [{}, {"going_out_min_canastas": 2}, {"melds_only_went_out": True}],
    "canaston": [{}, {"melds_only_went_out": True}, {"red_threes.per_card": 150}],
    "francaise": [{}, {"opening_bands.0": 15}, {"going_out_kinds.surprise": 300}],
    "american": [
        {},
        {"special_hands_first_four": True},
        {"red_threes.2": 250, "penalties.sevens_in_hand": 1000},
    ],
}
# The house rules every rule set accepts (RULES.md), and the presets.
for _ruleset_id, _choices in HOUSE_RULES.items():
    _every = {
        "going_out_min_canastas": 3,
        "red_threes_when_opened": True,
        "opening_bands": [[None, 0], [0, 50], [1500, 90], [3000, 120], [7000, 150]],
    }
    if _ruleset_id == "american":  # its threes follow its own sign table (RULES.md: 422)
        del _every["red_threes_when_opened"]
    _choices.append(_every)
    # A preset with a hands limit ends every match at its third hand: its game is a golden test.
    _choices.extend(
        dict(p.house_rules) for p in presets_for(_ruleset_id) if "hands_limit" not in p.house_rules
    )


def step5(low: int, high: int) -> st.SearchStrategy[int]:
    """Multiples of 5 from ``low`` to ``high``."""
    return st.integers(low // 5, high // 5).map(lambda n: n * 5)


@st.composite
def rulesets(draw: st.DrawFn, book: bool = False) -> tuple[RuleSet, list[int]]:
    """An effective rule set (``book``: without house rules) and the players of each side (2 or 3
    sides of 1 to 3 players)."""
    ruleset_id = draw(st.sampled_from(RULESET_IDS))
    rs = get_ruleset(ruleset_id, {} if book else draw(st.sampled_from(HOUSE_RULES[ruleset_id])))
    players = draw(st.lists(st.integers(1, 3), min_size=2, max_size=3))
    return rs, players


def penalty_entries(rs: RuleSet) -> st.SearchStrategy[dict[str, Any]]:
    table = st.builds(
        lambda code, count: {"code": code, "count": count},
        st.sampled_from([p.code for p in rs.penalties]),
        st.integers(1, 2),
    )
    custom = st.builds(
        lambda points, count: {"code": "custom", "points": points, "count": count, "description": "house"},
        step5(5, 300),
        st.integers(1, 2),
    )
    return st.one_of(table, custom)


@st.composite
def hand_dicts(draw: st.DrawFn, rs: RuleSet, players: list[int], number: int = 1) -> dict[str, Any]:
    """A hand in the API's shape; most are valid, the rest are filtered out by the caller."""
    n = len(players)
    went_out = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    # match-winning canastas (Canastón's black threes) would end a match; they are tested as golden hands
    kinds = [k.code for k in rs.canasta_kinds if not k.wins_match]
    one_side_flag_holder = draw(st.integers(0, n - 1))
    sides = []
    for i in range(n):
        canastas = draw(st.dictionaries(st.sampled_from(kinds), st.integers(0, 2), max_size=2))
        if i == went_out:  # what every rule set asks of the side going out
            canastas["clean"] = max(canastas.get("clean", 0), 1)
            canastas["dirty"] = max(canastas.get("dirty", 0), 1)
        data: dict[str, Any] = {
            # a canasta holds at least 35 points of cards (the check parse_hand makes)
            "melds": 35 * sum(canastas.values()) + draw(step5(0, 200)),
            "hand": 0 if i == went_out and players[i] == 1 else draw(step5(0, 150)),
            "red_threes": draw(st.integers(0, 1)),
            "canastas": canastas,
            "penalties": draw(st.lists(penalty_entries(rs), max_size=2)),
        }
        if rs.red_threes.black_threes:
            data["black_threes"] = draw(st.integers(0, 1))
        for flag in rs.flags:
            allowed = (not flag.went_out_only or i == went_out) and (
                not flag.one_side or i == one_side_flag_holder
            )
            if allowed:
                data[flag.code] = draw(st.booleans())
        sides.append(data)
    kind = None if went_out is None else draw(st.sampled_from([k.code for k in rs.going_out_kinds]))
    special = rs.going_out_kind(kind or "")
    if went_out is not None and special is not None and special.special:  # a side that melded nothing
        sides[went_out].update(melds=0, hand=0, canastas={})
    return {"number": number, "went_out": went_out, "going_out_kind": kind, "sides": sides}


def parse_or_reject(rs: RuleSet, data: dict[str, Any], players: list[int]) -> HandInput:
    try:
        return parse_hand(rs, data, players=players)
    except ValidationError:
        assume(False)
        raise  # not reached: assume(False) stops the example


@st.composite
def valid_hands(draw: st.DrawFn) -> tuple[RuleSet, list[int], dict[str, Any], HandInput]:
    rs, players = draw(rulesets())
    data = draw(hand_dicts(rs, players))
    return rs, players, data, parse_or_reject(rs, data, players)


@st.composite
def matches(
    draw: st.DrawFn, min_hands: int = 1, book: bool = False
) -> tuple[RuleSet, list[int], list[HandInput]]:
    """A rule set, its players and a few valid hands numbered 1, 2, ..."""
    rs, players = draw(rulesets(book))
    count = draw(st.integers(min_hands, 4))
    hands = []
    for number in range(1, count + 1):
        hands.append(parse_or_reject(rs, draw(hand_dicts(rs, players, number)), players))
    return rs, players, hands


NO_END = 10**9  # a target no generated match reaches


# --- one hand -----------------------------------------------------------------------------------------


def test_lines_are_the_seven_of_rules_md():
    assert LINES == ("melds", "hand", "canastas", "red_threes", "going_out", "specials", "penalties")


@SETTINGS
@given(valid_hands())
def test_seven_lines_add_up_to_the_total(case):
    rs, _players, _data, hand = case
    breakdowns = score_hand(rs, hand)
    assert len(breakdowns) == len(hand.sides)
    for index, (side, breakdown) in enumerate(zip(hand.sides, breakdowns, strict=True)):
        lines = breakdown.to_json()
        assert list(lines) == [*LINES, "total"]
        assert sum(lines[line] for line in LINES) == lines["total"] == breakdown.total
        assert all(value % 5 == 0 for value in lines.values())
        # sign conventions
        assert breakdown.hand == -side.hand
        assert breakdown.penalties <= 0
        assert breakdown.canastas >= 0
        assert abs(breakdown.melds) in (0, side.melds)
        if hand.went_out != index:
            assert breakdown.going_out == 0
        else:
            assert breakdown.going_out > 0


@SETTINGS
@given(valid_hands())
def test_normalised_hand_parses_to_the_same_hand(case):
    rs, players, _data, hand = case
    flag_codes = list(rs.flag_codes)
    assert parse_hand(rs, hand.to_json(flag_codes), players=players) == hand


# --- a match ------------------------------------------------------------------------------------------


@SETTINGS
@given(matches())
def test_totals_are_sums_of_hand_scores(case):
    rs, players, hands = case
    state = fold_match(rs, target=NO_END, sides=len(players), hands=hands)
    assert not state.finished
    assert state.winner is None
    scores = [score_hand(rs, hand) for hand in hands]
    assert [h.scores for h in state.hands] == [tuple(b.total for b in s) for s in scores]
    running, so_far = [], [0] * len(players)
    for h in state.hands:
        so_far = [t + s for t, s in zip(so_far, h.scores, strict=True)]
        running.append(so_far)
    assert [list(h.totals_after) for h in state.hands] == running
    assert list(state.totals) == running[-1]
    assert state.totals == tuple(sum(h.scores[i] for h in state.hands) for i in range(len(players)))
    before = [tuple([0] * len(players)), *(h.totals_after for h in state.hands[:-1])]
    assert [h.totals_before for h in state.hands] == before


def played(rs: RuleSet, target: int, sides: int, hands: list[HandInput]) -> list[HandInput]:
    """``hands`` up to the one that ends a match to ``target`` (all of them if none does)."""
    for count in range(1, len(hands) + 1):
        if fold_match(rs, target, sides, hands[:count]).finished:
            return hands[:count]
    return hands


@SETTINGS
@given(matches(), st.integers(0, 4), st.booleans())
def test_folding_on_from_a_state_is_folding_from_the_first_hand(case, split, to_the_end):
    """What the services rely on to score each hand once per request: the state after the first
    ``split`` hands (``upto``) is their fold, and folding the rest on from it gives the whole fold;
    also in matches that end (the rule set's own target)."""
    rs, players, hands = case
    target = rs.target if to_the_end else NO_END
    hands = played(rs, target, len(players), hands)
    split = min(split, len(hands))
    whole = fold_match(rs, target, len(players), hands)
    assert whole.upto(split) == fold_match(rs, target, len(players), hands[:split])
    assert fold_match(rs, target, len(players), hands[split:], start=whole.upto(split)) == whole


@SETTINGS
@given(matches(), st.randoms(use_true_random=False))
def test_totals_do_not_depend_on_the_order_of_the_hands(case, random):
    """A hand's score depends on that hand alone (the opening minimum is informational): the same
    hands played in another order end at the same totals."""
    rs, players, hands = case
    shuffled = list(hands)
    random.shuffle(shuffled)
    reordered = [dataclasses.replace(h, number=i) for i, h in enumerate(shuffled, start=1)]
    state = fold_match(rs, target=NO_END, sides=len(players), hands=hands)
    other = fold_match(rs, target=NO_END, sides=len(players), hands=reordered)
    assert other.totals == state.totals


#: RULES.md's opening bands of each rule set as written there: (lowest total, minimum), the first
#: band for every negative total. Written out here, not read from the rule sets.
BOOK_BANDS = {
    "classic": [(None, 15), (0, 50), (1500, 90), (3000, 120)],
    "samba": [(None, 15), (0, 50), (1500, 90), (3000, 120)],
    "canaston": [(None, 15), (0, 50), (1500, 90), (3000, 120), (5000, 150), (7500, 180)],
    "francaise": [(None, 0), (0, 50), (1500, 90), (3000, 120)],
    "american": [(None, 125), (0, 125), (3000, 155), (5000, 180)],
}


def book_minimum(ruleset_id: str, total: int) -> int:
    minimum = BOOK_BANDS[ruleset_id][0][1]
    for start, band in BOOK_BANDS[ruleset_id][1:]:
        if start is not None and total >= start:
            minimum = band
    return minimum


@SETTINGS
@given(matches(book=True))
def test_each_sides_opening_minimum_is_the_band_of_its_total_before_the_hand(case):
    """RULES.md: before each hand, a side's minimum is read from the bands with its total *before*
    that hand, bands closed below; after the last hand, with the final totals."""
    rs, players, hands = case
    state = fold_match(rs, target=NO_END, sides=len(players), hands=hands)
    for h in state.hands:
        assert h.opening_minimums_before == tuple(book_minimum(rs.id, t) for t in h.totals_before)
    assert state.opening_minimums == tuple(book_minimum(rs.id, t) for t in state.totals)


@SETTINGS
@given(
    st.sampled_from(RULESET_IDS),
    st.integers(-20_000, 30_000),
    st.integers(-20_000, 30_000),
)
def test_opening_minimum_never_decreases_as_the_total_rises(ruleset_id, a, b):
    rs = get_ruleset(ruleset_id)
    low, high = sorted((a, b))
    if low >= 0:
        assert opening_minimum(rs, low) <= opening_minimum(rs, high)
    if high < 0:  # every negative total is in the same band
        assert opening_minimum(rs, low) == opening_minimum(rs, high)


# --- rejected hands -----------------------------------------------------------------------------------


def corrupt(data: dict[str, Any], how: str, index: int) -> tuple[dict[str, Any], str]:
    """A copy of ``data`` with one fault that every rule set rejects, and the field path (API.md's
    ``errors`` keys) that names it."""
    bad: dict[str, Any] = {**data, "sides": [dict(s) for s in data["sides"]]}
    at = index % len(bad["sides"])
    side = bad["sides"][at]
    added = f"sides.{at}.penalties.{len(side['penalties'])}"  # a penalty added after the side's own
    match how:
        case "negative melds":
            side["melds"] = -5
            return bad, f"sides.{at}.melds"
        case "melds not a multiple of 5":
            side["melds"] = 7
            return bad, f"sides.{at}.melds"
        case "melds a bool":
            side["melds"] = True
            return bad, f"sides.{at}.melds"
        case "hand a float":
            side["hand"] = 5.0
            return bad, f"sides.{at}.hand"
        case "unknown canasta kind":
            side["canastas"] = {**side["canastas"], "xyz": 1}
            return bad, f"sides.{at}.canastas.xyz"
        case "unknown penalty":
            side["penalties"] = [*side["penalties"], {"code": "nope"}]
            return bad, f"{added}.code"
        case "too many red threes":
            side["red_threes"] = 99
            return bad, f"sides.{at}.red_threes"
        case "unknown field":
            bad["bogus"] = 1
            return bad, "bogus"
        case "went out of range":
            bad["went_out"] = len(bad["sides"])
            bad["going_out_kind"] = "normal"
            return bad, "went_out"
        case "unknown going-out kind":
            bad["went_out"] = 0
            bad["going_out_kind"] = "flying"
            return bad, "going_out_kind"
        case "missing side":
            bad["sides"] = bad["sides"][:-1]
            return bad, "sides"
        case "custom without description":
            side["penalties"] = [*side["penalties"], {"code": "custom", "points": 50}]
            return bad, f"{added}.description"
    raise ValueError(how)


FAULTS = [
    "negative melds",
    "melds not a multiple of 5",
    "melds a bool",
    "hand a float",
    "unknown canasta kind",
    "unknown penalty",
    "too many red threes",
    "unknown field",
    "went out of range",
    "unknown going-out kind",
    "missing side",
    "custom without description",
]


@SETTINGS
@given(valid_hands(), st.sampled_from(FAULTS), st.integers(0, 2))
def test_a_valid_hand_with_one_fault_is_refused_at_the_faults_path(case, fault, index):
    """Whatever else the hand holds, the fault is refused and named by its field path, as the API
    answers it (422 ``{"errors": {path: [...]}}``)."""
    rs, players, good, _hand = case
    bad, path = corrupt(good, fault, index)
    try:
        parse_hand(rs, bad, players=players, expected_number=1)
    except ValidationError as error:
        assert path in error.as_dict(), (fault, error.as_dict())
    else:
        raise AssertionError(f"{fault} was accepted: {bad}")
