"""Each hand's result stored beside its input (``hands.result``), as the API serves it: a cache
derived from the inputs, so that a process that has not folded a match (a second worker, a restart)
reads the match's state, and the JSON of its hands, instead of scoring and writing every hand again
before it adds one.

``hands.result`` holds :data:`DIGEST` followed by the hand's JSON as the API writes it (compact, keys
sorted, ASCII: docs/api.md's Hand without its ``version``, which the hand's row holds): its number,
scores, breakdown, totals before and after, opening minimums before, and its input as the API shows
it. :data:`DIGEST` is a digest of the code that gives those (the rules package, and this module,
which shapes the JSON): a result written by other code, or missing, is not read, and the match is
folded from its inputs as before. A hand whose input would not read back the same from the JSON
(an input stored by an older release in another shape) gets no result, and its match is folded.

The input stays the source of truth. A result is written by the unit of work that writes the hand
(:meth:`.unit_of_work.MatchWrite.append` and ``summarise``), by the import, and by ``flask data
rescore`` and the upgrades that change the column (:mod:`.schema`). A match read from its results
decodes a hand's JSON only when something reads that hand's figures (:class:`StoredHand`): adding a
hand reads the last one's totals, and the answer puts the hands' JSON together as stored.
``tests/test_hand_results.py`` compares the stored results with a fresh fold.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from ..rules import LINES, Breakdown, HandResult, MatchState, RuleSet, load_hand, opening_minimum

RULES_PACKAGE: Final = Path(__file__).resolve().parent.parent / "rules"
#: Length of the digest that starts every stored result.
DIGEST_LENGTH: Final = 16
#: Where a hand's memo (:data:`.match_states.Memo`) keeps its stored JSON, read without decoding.
SERVED_MEMO: Final = "stored-hand-json"
#: The encoder of the stored JSON: what Flask's default provider writes with ``sort_keys`` and compact
#: separators (``ensure_ascii``: its default).
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), sort_keys=True, ensure_ascii=True)


@cache
def rules_digest() -> str:
    """A digest of every file of the rules package (its code and rule-set data) and of this module
    (which shapes the stored JSON): results stored by other code than this process's are not read (a
    release that corrects a rule, or changes the API's Hand)."""
    digest = hashlib.sha256()
    for path in [*sorted(RULES_PACKAGE.rglob("*")), Path(__file__).resolve()]:
        if path.is_file() and path.suffix not in (".pyc",) and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(RULES_PACKAGE.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:DIGEST_LENGTH]


def served(result: HandResult, flag_codes: Sequence[str]) -> dict[str, Any]:
    """The API's Hand for ``result`` (docs/api.md), without its ``version``."""
    return {
        "number": result.number,
        "scores": list(result.scores),
        "breakdown": [b.to_json() for b in result.breakdown],
        "totals_before": list(result.totals_before),
        "totals_after": list(result.totals_after),
        "opening_minimums_before": list(result.opening_minimums_before),
        "input": result.input.to_json(flag_codes),
    }


def stored(result: HandResult, flag_codes: Sequence[str]) -> str | None:
    """What ``hands.result`` holds for ``result`` (see the module): ``None`` when the hand's input
    would not read back the same from its JSON (then it is never read from there)."""
    data = served(result, flag_codes)
    if load_hand(data["input"]) != result.input:
        return None
    return rules_digest() + _ENCODER.encode(data)


def readable(result: Any) -> bool:
    """Whether a stored result was made by this process's code."""
    return isinstance(result, str) and result[:DIGEST_LENGTH] == rules_digest()


def with_version(text: str, version: int) -> str:
    """The stored JSON of a hand (without the digest) with its ``version``: the key that sorts last."""
    return f'{text[:-1]},"version":{int(version)}}}'


def state_of(
    rs: RuleSet, rows: Sequence[tuple[int, str]], finished: bool, winner: int | None, sides: int
) -> MatchState:
    """The match's state from its hands' ``(number, stored result)`` in hand order, every result
    :func:`readable`, and the match's stored ``finished`` and ``winner``: what folding the inputs
    gives, without scoring them, and without decoding a hand until it is read (the last one's
    totals are)."""
    hands = tuple(StoredHand(number, result) for number, result in rows)
    totals = hands[-1].totals_after if hands else (0,) * sides
    return MatchState(
        hands=hands,
        totals=totals,
        opening_minimums=tuple(opening_minimum(rs, t, len(hands) + 1) for t in totals),
        finished=finished,
        winner=winner,
    )


def text_of_stored(result: str) -> str:
    """The JSON of a stored result (:func:`stored`), its digest left out."""
    return result[DIGEST_LENGTH:]


def text_of(hand: HandResult) -> str | None:
    """The stored JSON (digest left out) of a hand read by :func:`state_of`; ``None`` for another."""
    return hand.text if isinstance(hand, StoredHand) else None


#: The fields of a hand that :class:`StoredHand` decodes when one of them is first read.
_DECODED: Final = frozenset(
    {"input", "breakdown", "totals_before", "totals_after", "opening_minimums_before"}
)


class StoredHand(HandResult):
    """A hand's result read from ``hands.result``: a :class:`HandResult` equal to the one the fold
    gives, whose fields are decoded from the stored JSON when one is first read."""

    #: The hand's stored JSON (the digest left out), as the API serves it without its version.
    text: str

    def __init__(self, number: int, result: str) -> None:  # (HandResult is frozen)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "text", result[DIGEST_LENGTH:])

    def __getattr__(self, name: str) -> Any:  # only for attributes not set yet
        if name not in _DECODED:
            raise AttributeError(name)
        data = json.loads(self.text)
        fields = {
            "input": load_hand(data["input"]),
            "breakdown": tuple(Breakdown(*(b[line] for line in LINES)) for b in data["breakdown"]),
            "totals_before": tuple(data["totals_before"]),
            "totals_after": tuple(data["totals_after"]),
            "opening_minimums_before": tuple(data["opening_minimums_before"]),
        }
        for key, value in fields.items():
            object.__setattr__(self, key, value)
        return fields[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return _fields(self) == _fields(other)

    __hash__ = HandResult.__hash__  # (as unhashable as the fold's: an input holds a dict)

    def __repr__(self) -> str:
        return f"StoredHand({', '.join(repr(value) for value in _fields(self))})"

    def __reduce__(self) -> Any:  # copied or pickled as the plain result it stands for
        return (HandResult, _fields(self))


def _fields(hand: HandResult) -> tuple[Any, ...]:
    return (
        hand.number, hand.input, hand.breakdown, hand.totals_before, hand.totals_after,
        hand.opening_minimums_before,
    )
