"""The shape of a rule set: plain frozen data, each value with the rule book it comes from.

Scoring code reads these objects and never holds a rule number of its own. ``source`` strings name the
seed file and section (the rule books are listed in docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from .cards import CARD_GROUPS, CardGroup


def frozen_map(values: Mapping[str, int] | None = None) -> Mapping[str, int]:
    """A read-only mapping, so rule-set data cannot be changed by accident."""
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True)
class OpeningBand:
    """From ``start`` (inclusive; ``None`` for every negative score) the first meld needs ``minimum``."""

    start: int | None
    minimum: int
    source: str


@dataclass(frozen=True)
class CanastaKind:
    """A kind of completed canasta and its bonus.

    ``escala``: counts only if the side also has a canasta that is not an escala (Canastón).
    ``wins_match``: completing one ends the match with that side the winner (Canastón's black threes).
    ``consumes``: scarce cards it is made of, checked against the decks (``{"black_three": 7}``).
    ``house_option``: present only when that house option is switched on.
    """

    code: str
    points: int
    description: str
    source: str
    escala: bool = False
    wins_match: bool = False
    consumes: Mapping[str, int] = field(default_factory=frozen_map)
    house_option: str | None = None
    #: The fewest card points such a canasta holds, where its cards say more than ``consumes``
    #: (seven sevens: 35; the four jokers and three twos: 260).
    least_points: int | None = None


@dataclass(frozen=True)
class GoingOutKind:
    """A way of going out; ``needs_partner``: it relies on a partner's melds (not for a lone player)."""

    code: str
    points: int
    description: str
    source: str
    needs_partner: bool = False
    #: A special hand (American Canasta): declared by a side that melded nothing, it scores the
    #: hand's value alone; the side's melds, cards in hand and canastas stay empty, its threes count 0.
    special: bool = False
    #: A switch (house option) that, on, takes this way of going out away (Pagat's shorter list).
    removed_by: str | None = None
    #: Going out this way ends the match with that side the winner, whatever the totals (the
    #: League's Dream Hands); the house option ``dream_hands_win`` off makes it score only.
    wins_match: bool = False


@dataclass(frozen=True)
class Penalty:
    """Points taken from the side each time (``count``), with the rule book's own words in ``quote``."""

    code: str
    points: int
    description: str
    source: str
    quote: str = ""
    consumes: Mapping[str, int] = field(default_factory=frozen_map)
    #: Counted once per player at most (a side of two players has it at most twice).
    per_player: bool = False


@dataclass(frozen=True)
class Flag:
    """A yes/no bonus a side may carry in a hand (``black_threes_melded``, ``cut_exact``...).

    ``went_out_only``: only the side that went out may carry it. ``one_side``: at most one side a hand.
    ``negative_without_canasta``: the points count against a side with no canasta.
    """

    code: str
    points: int
    description: str
    source: str
    went_out_only: bool = False
    one_side: bool = False
    negative_without_canasta: bool = False
    consumes: Mapping[str, int] = field(default_factory=frozen_map)
    house_option: str | None = None


@dataclass(frozen=True)
class ManyCanastasBonus:
    """``points`` for a side with at least ``min_canastas`` canastas; only the highest tier applies."""

    min_canastas: int
    points: int
    source: str


class RedThreeCondition(Enum):
    """What a side needs at the end of a hand for its red threes to count positive."""

    CANASTAS = "canastas"  # at least ``min_canastas`` completed canastas (sambas count in Samba)
    OPENED = "opened"  # the side has melded during the hand


@dataclass(frozen=True)
class RedThreeRule:
    """``per_card × n``; from ``full_set_size`` on, ``full_set_value + per_card × (n − full_set_size)``."""

    per_card: int
    full_set_size: int
    full_set_value: int
    condition: RedThreeCondition
    min_canastas: int
    source: str
    #: The value of 1, 2, 3... threes of one colour, when the book gives a table (American Canasta:
    #: 100, 300, 500, 1000); beyond it, ``per_card`` more for each further card.
    table: tuple[int, ...] = ()
    #: Black threes laid out are scored too, on the same scale, each colour apart (American Canasta).
    black_threes: bool = False

    def value(self, n: int) -> int:
        """The unsigned value of ``n`` melded red threes (or black ones, with ``black_threes``)."""
        if self.table:
            if n <= len(self.table):
                return self.table[n - 1] if n > 0 else 0
            return self.table[-1] + self.per_card * (n - len(self.table))
        if n >= self.full_set_size:
            return self.full_set_value + self.per_card * (n - self.full_set_size)
        return self.per_card * n


@dataclass(frozen=True)
class SignStep:
    """From ``min_canastas`` completed canastas on (until the next step), the melded cards count
    ``melds`` times their value and the threes ``threes`` times theirs (1, 0 or -1)."""

    min_canastas: int
    melds: int
    threes: int
    source: str


@dataclass(frozen=True)
class CardLimit:
    """Scarce cards that canastas and penalties are made of (``consumes``): ``per_deck`` in a deck."""

    code: str
    label: str
    per_deck: int
    source: str


@dataclass(frozen=True)
class CanastaLimit:
    """At most ``maximum`` canastas of the ``kinds`` over all sides in a hand."""

    kinds: tuple[str, ...]
    maximum: int
    label: str
    source: str


@dataclass(frozen=True)
class GoingOutRequirement:
    """Canastas the side must have to go out: ``min_canastas`` of any kind (escalas aside), and
    for each code in ``kinds`` at least that many of that kind.

    ``stand_ins``: kinds that stand in for any one missing canasta of ``kinds`` (Canastón's concealed
    canasta is a clean or a dirty one laid down at once), on the authority of ``stand_ins_source``.
    """

    min_canastas: int
    kinds: Mapping[str, int]
    source: str
    stand_ins: tuple[str, ...] = ()
    stand_ins_source: str = ""

    def missing_kinds(self, canastas: Mapping[str, int]) -> int:
        """How many required canastas ``canastas`` (counts by kind) lack once stand-ins fill in."""
        short = sum(max(needed - canastas.get(code, 0), 0) for code, needed in self.kinds.items())
        spare = sum(canastas.get(code, 0) for code in self.stand_ins)
        return max(short - spare, 0)


@dataclass(frozen=True)
class Decks:
    """How many 54-card decks are in play; ``large`` of them from ``large_from_players`` players on."""

    count: int
    source: str
    large: int | None = None
    large_from_players: int | None = None

    def for_players(self, players: int) -> int:
        if (
            self.large is not None
            and self.large_from_players is not None
            and (players >= self.large_from_players)
        ):
            return self.large
        return self.count


class OptionKind(Enum):
    SWITCH = "switch"  # true or false
    NUMBER = "number"  # a whole number between ``minimum`` and ``maximum``
    BANDS = "bands"  # a whole opening-band table: ``[[from, minimum], ...]``
    MINIMUMS = "minimums"  # a list of opening minimums, one a hand: ``[125, 155, 180]``
    POINTS = "points"  # the points of one value, ``section.CODE`` (never a named option's kind)


@dataclass(frozen=True)
class HouseOption:
    """A named house rule that a match may switch on at creation (besides overriding any points).

    ``default`` is the value that changes nothing (for ``BANDS``, ``None``: the rule set's own table;
    for ``hands_limit`` and ``MINIMUMS``, ``None``: no limit, the bands).
    """

    key: str
    kind: OptionKind
    default: bool | int | None
    description: str
    source: str
    minimum: int = 0
    maximum: int = 0


@dataclass(frozen=True)
class Discrepancy:
    """Where the rule books disagree, and which reading is the default."""

    question: str
    sources_say: str
    default: str


@dataclass(frozen=True)
class RuleSet:
    """Everything the engine needs to score one variant. Overrides give a new effective rule set."""

    id: str
    name: str
    description: str
    source: str
    decks: Decks
    players: str
    deal: str
    target: int
    target_source: str
    opening_bands: tuple[OpeningBand, ...]
    canasta_kinds: tuple[CanastaKind, ...]
    going_out_kinds: tuple[GoingOutKind, ...]
    going_out_requirement: GoingOutRequirement
    red_threes: RedThreeRule
    penalties: tuple[Penalty, ...]
    #: Card values: the common table unless the rule set's book says otherwise.
    card_groups: tuple[CardGroup, ...] = CARD_GROUPS
    flags: tuple[Flag, ...] = ()
    many_canastas: tuple[ManyCanastasBonus, ...] = ()
    melds_negative_without_canasta: bool = False
    melds_negative_source: str = ""
    house_options: tuple[HouseOption, ...] = ()
    notes: tuple[str, ...] = ()
    discrepancies: tuple[Discrepancy, ...] = ()
    #: How many sides a match of this rule set may have (two or three), and the book that says so.
    max_sides: int = 2
    max_sides_source: str = ""
    #: The signs of melds and threes by the side's number of canastas (American Canasta); when
    #: given, they replace ``melds_negative_without_canasta`` and the red-three condition.
    signs_by_canastas: tuple[SignStep, ...] = ()
    #: Scarce cards checked against the decks, besides the threes (sevens, aces, wild cards).
    card_limits: tuple[CardLimit, ...] = ()
    canasta_limits: tuple[CanastaLimit, ...] = ()
    #: Set by house rules: only the side that went out scores its melds (when somebody went out).
    melds_only_went_out: bool = False
    #: Set by house rules: the match also ends after this many hands (``None``: only at the target).
    hands_limit: int | None = None
    #: Set by house rules: the opening minimum of hand N is the Nth, the last for later hands, for
    #: every side whatever its score (``()``: the opening bands decide).
    opening_by_hand: tuple[int, ...] = ()
    #: The house rules this effective rule set was built with (empty for the book's own).
    house_rules: Mapping[str, object] = field(default_factory=frozen_map)

    @property
    def flag_codes(self) -> tuple[str, ...]:
        """The codes of the rule set's yes/no bonuses, in order (every hand's JSON writes them all)."""
        return tuple(f.code for f in self.flags)

    def canasta_kind(self, code: str) -> CanastaKind | None:
        return next((k for k in self.canasta_kinds if k.code == code), None)

    def going_out_kind(self, code: str) -> GoingOutKind | None:
        return next((k for k in self.going_out_kinds if k.code == code), None)

    def penalty(self, code: str) -> Penalty | None:
        return next((p for p in self.penalties if p.code == code), None)

    def sign_step(self, canastas: int) -> SignStep | None:
        """The step of ``signs_by_canastas`` for a side with ``canastas`` canastas (``None``: no table)."""
        steps = [s for s in self.signs_by_canastas if s.min_canastas <= canastas]
        return max(steps, key=lambda s: s.min_canastas) if steps else None

    def flag(self, code: str) -> Flag | None:
        return next((f for f in self.flags if f.code == code), None)

    def house_option(self, key: str) -> HouseOption | None:
        return next((o for o in self.house_options if o.key == key), None)
