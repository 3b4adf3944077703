"""Score one hand: a :class:`HandInput` in, one :class:`Breakdown` per side out."""

from __future__ import annotations

from dataclasses import dataclass

from .hand import CUSTOM, HandInput, SideHand
from .model import RedThreeCondition, RuleSet

LINES = ("melds", "hand", "canastas", "red_threes", "going_out", "specials", "penalties")


@dataclass(frozen=True)
class Breakdown:
    """A side's hand score line by line (docs/rules.md, "How a hand is scored"); ``total`` sums them."""

    melds: int
    hand: int
    canastas: int
    red_threes: int
    going_out: int
    specials: int
    penalties: int

    @property
    def total(self) -> int:
        # Spelled out rather than summed over LINES: pages read it for every hand and side.
        return (
            self.melds
            + self.hand
            + self.canastas
            + self.red_threes
            + self.going_out
            + self.specials
            + self.penalties
        )

    def to_json(self) -> dict[str, int]:
        return {**{line: getattr(self, line) for line in LINES}, "total": self.total}


@dataclass(frozen=True)
class CanastaTally:
    """A side's canastas as the rules count them."""

    plain: int  # every canasta that is not an escala (sambas and wild canastas included)
    escalas: int  # escalas, counted only if ``plain`` is at least 1
    bonus: int  # the canasta bonuses that count

    @property
    def counted(self) -> int:
        return self.plain + (self.escalas if self.plain else 0)


def tally_canastas(rs: RuleSet, side: SideHand) -> CanastaTally:
    plain = escalas = plain_bonus = escala_bonus = 0
    for code, n in side.canastas.items():
        kind = rs.canasta_kind(code)
        if kind is None:
            raise KeyError(f"canasta kind {code!r} is not in rule set {rs.id!r}")
        if kind.escala:
            escalas += n
            escala_bonus += kind.points * n
        else:
            plain += n
            plain_bonus += kind.points * n
    return CanastaTally(plain, escalas, plain_bonus + (escala_bonus if plain else 0))


def _red_threes(rs: RuleSet, side: SideHand, tally: CanastaTally) -> int:
    """The threes' line: red threes (and black ones where the rule set scores them, each colour on
    its own scale), signed by the rule set's condition or its sign table."""
    rule = rs.red_threes
    value = rule.value(side.red_threes) + (rule.value(side.black_threes) if rule.black_threes else 0)
    step = rs.sign_step(tally.counted)
    if step is not None:
        return value * step.threes
    if rule.condition is RedThreeCondition.OPENED:
        met = side.melds > 0 or tally.plain + tally.escalas > 0
    else:
        met = tally.counted >= rule.min_canastas
    return value if met else -value


def _specials(rs: RuleSet, side: SideHand, tally: CanastaTally) -> int:
    points = 0
    for flag in rs.flags:
        if flag.code in side.flags:
            negative = flag.negative_without_canasta and not tally.counted
            points += -flag.points if negative else flag.points
    tiers = [t for t in rs.many_canastas if tally.counted >= t.min_canastas]
    if tiers:  # exclusive: only the highest tier applies
        points += max(tiers, key=lambda t: t.min_canastas).points
    return points


def _penalties(rs: RuleSet, side: SideHand) -> int:
    points = 0
    for entry in side.penalties:
        if entry.code == CUSTOM:
            each = entry.points or 0
        else:
            penalty = rs.penalty(entry.code)
            if penalty is None:
                raise KeyError(f"penalty {entry.code!r} is not in rule set {rs.id!r}")
            each = penalty.points
        points += each * entry.count
    return -points


def score_side(rs: RuleSet, hand: HandInput, index: int) -> Breakdown:
    """The breakdown of side ``index`` in ``hand`` (a hand already checked by ``parse_hand``)."""
    side = hand.sides[index]
    tally = tally_canastas(rs, side)
    melds = side.melds
    step = rs.sign_step(tally.counted)
    if step is not None:
        melds *= step.melds
    elif rs.melds_negative_without_canasta and not tally.counted:
        melds = -melds
    if rs.melds_only_went_out and hand.went_out is not None and hand.went_out != index:
        melds = 0
    going_out = 0
    special = False
    if hand.went_out == index and hand.going_out_kind is not None:
        kind = rs.going_out_kind(hand.going_out_kind)
        if kind is None:
            raise KeyError(f"going-out kind {hand.going_out_kind!r} is not in rule set {rs.id!r}")
        going_out = kind.points
        special = kind.special
    return Breakdown(
        melds=melds,
        hand=-side.hand,
        canastas=tally.bonus,
        # A special hand scores its value alone: the side's threes are not counted.
        red_threes=0 if special else _red_threes(rs, side, tally),
        going_out=going_out,
        specials=_specials(rs, side, tally),
        penalties=_penalties(rs, side),
    )


def score_hand(rs: RuleSet, hand: HandInput) -> tuple[Breakdown, ...]:
    """Every side's breakdown, in side order."""
    return tuple(score_side(rs, hand, i) for i in range(len(hand.sides)))


def wins_at_once(rs: RuleSet, hand: HandInput) -> list[int]:
    """Sides that completed a canasta that wins the match outright (Canastón's black threes), and
    the side that went out with a way of going out that wins it (American Canasta's Dream Hands)."""
    winning = {k.code for k in rs.canasta_kinds if k.wins_match}
    sides = [i for i, side in enumerate(hand.sides) if any(side.canasta_count(code) for code in winning)]
    going_out = {k.code for k in rs.going_out_kinds if k.wins_match}
    if hand.went_out is not None and hand.going_out_kind in going_out and hand.went_out not in sides:
        sides.append(hand.went_out)
    return sides
