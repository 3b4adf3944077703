"""The services' one fold of a stored match (scorekeeper/services/match_fold.py): a match whose
organiser closed the round (``settled_at`` set) is finished as it stands, any other folds as usual."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from scorekeeper.rules import get_ruleset, parse_hand
from scorekeeper.services.match_fold import fold_stored, is_settled
from tests.rules.builders import hand_data, side

RS = get_ruleset("classic")
# side 0: 200 + clean 500 + going out 100 = 800; side 1: 300 - 50 = 250
HAND = parse_hand(
    RS, hand_data(side(200, 0, 0, {"clean": 1}), side(300, 50), went_out=0, kind="normal"), [2, 2]
)


def match(settled_at: datetime | None) -> Any:
    return SimpleNamespace(target=5000, sides=[object(), object()], settled_at=settled_at)


def test_a_settled_match_is_finished_as_it_stands_and_another_plays_on():
    closed = match(datetime(2026, 11, 25, 21, 0, tzinfo=UTC))
    assert is_settled(closed) and not is_settled(match(None))
    state = fold_stored(closed, RS, [HAND])
    assert (state.totals, state.finished, state.winner, state.settled) == ((800, 250), True, 0, True)
    empty = fold_stored(closed, RS, [])
    assert (empty.finished, empty.winner, empty.draw) == (True, None, True)
    assert not fold_stored(match(None), RS, [HAND]).finished
