"""Fold a match's hands into running totals, opening minimums and the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import N_, FieldError, ValidationError
from .hand import HandInput
from .model import RuleSet
from .scoring import Breakdown, score_hand, wins_at_once


def opening_minimum(rs: RuleSet, total: int, hand: int | None = None) -> int:
    """Points a side with cumulative ``total`` needs for its first meld in hand number ``hand``: by
    the house rule ``opening_by_hand`` when the match has it (the last minimum for later hands; the
    first when ``hand`` is not given), else by the bands (closed below)."""
    if rs.opening_by_hand:
        by_hand = rs.opening_by_hand
        return by_hand[min(max(hand or 1, 1), len(by_hand)) - 1]
    negative = [b for b in rs.opening_bands if b.start is None]
    if total < 0 and negative:
        return negative[0].minimum
    reached = [b for b in rs.opening_bands if b.start is not None and b.start <= total]
    return max(reached, key=lambda b: b.start or 0).minimum if reached else 0


@dataclass(frozen=True)
class HandResult:
    number: int
    input: HandInput
    breakdown: tuple[Breakdown, ...]
    totals_before: tuple[int, ...]
    totals_after: tuple[int, ...]
    opening_minimums_before: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(b.total for b in self.breakdown)


@dataclass(frozen=True)
class MatchState:
    """Everything derived from a match's hands. Once ``finished``, ``winner`` is a side index, or
    ``None`` for a draw (equal top totals at the hands limit, or in a match settled as it stands).
    ``settled``: the organiser ended it as it stood (it had not ended by itself)."""

    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    opening_minimums: tuple[int, ...]
    finished: bool
    winner: int | None
    settled: bool = False

    @property
    def draw(self) -> bool:
        """Finished with no winner."""
        return self.finished and self.winner is None

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    def upto(self, count: int) -> MatchState:
        """The state after the first ``count`` hands (0 to all of them), without scoring any again:
        what :func:`fold_match` gives for those hands. Before a hand that follows it, no match is
        over (a hand can follow only an unfinished match), so only the whole state can be finished.
        """
        if count == len(self.hands):
            return self
        if not 0 <= count < len(self.hands):
            raise IndexError(count)
        following = self.hands[count]
        return MatchState(
            hands=self.hands[:count],
            totals=following.totals_before,
            opening_minimums=following.opening_minimums_before,
            finished=False,
            winner=None,
        )


def decide(rs: RuleSet, target: int, totals: Sequence[int], hand: HandInput) -> int | None:
    """The winner after ``hand`` with these cumulative ``totals``, or ``None`` if play goes on.

    A side that completed a match-winning canasta wins at once (the higher total among several);
    otherwise, once a side is at or above ``target`` the highest total wins, and a tie for the
    highest total means another hand.
    """
    contenders = wins_at_once(rs, hand) or (list(range(len(totals))) if max(totals) >= target else [])
    if not contenders:
        return None
    ranked = sorted(contenders, key=lambda i: totals[i], reverse=True)
    if len(ranked) > 1 and totals[ranked[0]] == totals[ranked[1]]:
        return None
    return ranked[0]


def leader(totals: Sequence[int]) -> int | None:
    """The side with the highest total, or ``None`` when two share it (a draw)."""
    top = max(totals)
    sides = [i for i, t in enumerate(totals) if t == top]
    return sides[0] if len(sides) == 1 else None


def fold_match(
    rs: RuleSet,
    target: int,
    sides: int,
    hands: Sequence[HandInput],
    start: MatchState | None = None,
    *,
    settled: bool = False,
) -> MatchState:
    """Score ``hands`` in order (numbered 1, 2, ...) for a match of ``sides`` sides; with ``start``
    (a state folded with the same ``rs``, ``target`` and ``settled``), ``hands`` follow its hands,
    which are not scored again: the result is the fold of all of them.

    The match ends when :func:`decide` finds a winner, or after hand ``rs.hands_limit`` (the house
    rule): then the higher total wins, and equal top totals are a draw (``winner`` ``None``).
    ``settled`` (the organiser closed the round): a match that has not ended by itself ends after
    these hands as it stands, the same way (no hand at all: a draw).

    :raise ValidationError: a hand is numbered out of order, or follows the hand that ended the match.
    """
    totals = (0,) * sides if start is None else start.totals
    results: list[HandResult] = [] if start is None else list(start.hands)
    winner: int | None = None if start is None else start.winner
    finished = False if start is None else start.finished
    for position, hand in enumerate(hands, start=len(results) + 1):
        if hand.number != position:
            raise ValidationError(
                [FieldError("number", N_("This must be hand {expected}."), {"expected": position})]
            )
        if finished:
            raise ValidationError(
                [
                    FieldError(
                        "_",
                        N_("The match ended with hand {number}; no hand can follow it."),
                        {"number": position - 1},
                    )
                ]
            )
        breakdown = score_hand(rs, hand)
        after = tuple(t + b.total for t, b in zip(totals, breakdown, strict=True))
        results.append(
            HandResult(
                number=hand.number,
                input=hand,
                breakdown=breakdown,
                totals_before=totals,
                totals_after=after,
                opening_minimums_before=tuple(opening_minimum(rs, t, position) for t in totals),
            )
        )
        totals = after
        winner = decide(rs, target, totals, hand)
        finished = winner is not None or (rs.hands_limit is not None and position >= rs.hands_limit)
        if finished and winner is None:
            winner = leader(totals)
    ends_now = settled and not finished
    if ends_now:
        finished, winner = True, leader(totals)
    return MatchState(
        hands=tuple(results),
        totals=totals,
        opening_minimums=tuple(opening_minimum(rs, t, len(results) + 1) for t in totals),
        finished=finished,
        winner=winner,
        settled=ends_now or (start is not None and start.settled),
    )
