"""The one table of house-rule keys: their kind, bounds, labels, and how each reads and changes a rule set.

Validation (:mod:`.house_rules`), the presets, the new-match form, the vocabulary and the OpenAPI
schema all read :data:`HOUSE_RULE_TABLE`; a rule set offers a named option by calling
:func:`house_option` with its key (docs/architecture.md, "Rule sets").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import POINT_STEP
from .errors import N_
from .model import HouseOption, OptionKind, RedThreeCondition, RuleSet

#: Upper bound of any overridden points value, to catch a slipped finger.
MAX_POINTS: Final = 100_000

#: The opening-band table's option, and the prefix of its single bands' keys (``opening_bands.I``).
BANDS_KEY: Final = "opening_bands"

#: The house rule of opening minimums by hand number (not together with the band table).
BY_HAND_KEY: Final = "opening_by_hand"

#: At most this many hands in a ``hands_limit``, and this many minimums in an ``opening_by_hand``.
MAX_HANDS_LIMIT: Final = 50
MAX_MINIMUMS: Final = 10

#: Named options no rule book has at all: left out, they change nothing (no value of the book's).
ONLY_WHEN_SET: Final = ("hands_limit", BY_HAND_KEY)

#: Where the house rules every rule set accepts are described.
EVERY_RULESET: Final = "RULES.md, House rules every rule set accepts"

#: The switch that keeps only the four special hands Pagat knows (American Canasta).
SPECIAL_HANDS_FIRST_FOUR: Final = "special_hands_first_four"

#: The switch that, off, lets the League's Dream Hands score their value without ending the match.
DREAM_HANDS_WIN: Final = "dream_hands_win"

#: A named option's effect on the rule set, given its checked value.
Apply = Callable[[RuleSet, Any], RuleSet]


@dataclass(frozen=True)
class HouseRuleKey:
    """One row: a named option (``key``), or with kind ``POINTS`` a section whose keys are ``key.CODE``.

    ``label`` is the msgid players read (an option without one shows its rule set's ``description``;
    a section's is the prefix of ``Penalty: …``); ``description`` is the option's English text in
    the rule data and the API. ``default`` is the value that changes nothing, unless the rule set
    gives its own. A section row's ``codes``/``get``/``put`` list, read and change its values.
    """

    key: str
    kind: OptionKind
    label: str = ""
    description: str = ""
    minimum: int = 0
    maximum: int = 0
    step: int = 1
    default: bool | int | None = None
    every_ruleset: bool = False
    apply: Apply | None = None
    codes: Callable[[RuleSet], Sequence[str]] = lambda _rs: ()
    get: Callable[[RuleSet, str], int | None] = lambda _rs, _code: None
    put: Callable[[RuleSet, str, int], RuleSet] = lambda rs, _code, _points: rs
    #: Names of a section's codes that are no item of the rule data (``red_threes.per_card``).
    item_labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_section(self) -> bool:
        return self.kind is OptionKind.POINTS


# --- How the named options change a rule set -----------------------------------------------------


def _min_canastas(rs: RuleSet, value: int) -> RuleSet:
    requirement = dataclasses.replace(rs.going_out_requirement, min_canastas=int(value))
    return dataclasses.replace(rs, going_out_requirement=requirement)


def _red_threes_when_opened(rs: RuleSet, value: bool) -> RuleSet:
    if not value:
        return rs
    return dataclasses.replace(
        rs, red_threes=dataclasses.replace(rs.red_threes, condition=RedThreeCondition.OPENED)
    )


def _special_hands_first_four(rs: RuleSet, value: bool) -> RuleSet:
    if not value:
        return rs
    kept = tuple(k for k in rs.going_out_kinds if k.removed_by != SPECIAL_HANDS_FIRST_FOUR)
    return dataclasses.replace(rs, going_out_kinds=kept)


def _dream_hands_win(rs: RuleSet, value: bool) -> RuleSet:
    if value:
        return rs
    kinds = tuple(dataclasses.replace(k, wins_match=False) for k in rs.going_out_kinds)
    return dataclasses.replace(rs, going_out_kinds=kinds)


def _bands(rs: RuleSet, value: Any) -> RuleSet:
    return dataclasses.replace(rs, opening_bands=value)


def _hands_limit(rs: RuleSet, value: int) -> RuleSet:
    return dataclasses.replace(rs, hands_limit=int(value))


def _opening_by_hand(rs: RuleSet, value: Any) -> RuleSet:
    return dataclasses.replace(rs, opening_by_hand=tuple(int(m) for m in value))


def _melds_only_went_out(rs: RuleSet, value: bool) -> RuleSet:
    return dataclasses.replace(rs, melds_only_went_out=bool(value))


# --- How the points sections read and change a rule set ------------------------------------------


def _item_section(section: str) -> dict[str, Any]:
    """``codes``, ``get`` and ``put`` of a section of coded items (``penalties.CODE``)."""

    def codes(rs: RuleSet) -> list[str]:
        return [item.code for item in getattr(rs, section)]

    def get(rs: RuleSet, code: str) -> int | None:
        return next((item.points for item in getattr(rs, section) if item.code == code), None)

    def put(rs: RuleSet, code: str, points: int) -> RuleSet:
        items = tuple(
            dataclasses.replace(item, points=points) if item.code == code else item
            for item in getattr(rs, section)
        )
        changes: dict[str, Any] = {section: items}
        return dataclasses.replace(rs, **changes)

    return {"codes": codes, "get": get, "put": put}


def _tier_codes(rs: RuleSet) -> list[str]:
    return [str(tier.min_canastas) for tier in rs.many_canastas]


def _tier_get(rs: RuleSet, code: str) -> int | None:
    return next((t.points for t in rs.many_canastas if str(t.min_canastas) == code), None)


def _tier_put(rs: RuleSet, code: str, points: int) -> RuleSet:
    tiers = tuple(
        dataclasses.replace(t, points=points) if str(t.min_canastas) == code else t for t in rs.many_canastas
    )
    return dataclasses.replace(rs, many_canastas=tiers)


def _band_codes(rs: RuleSet) -> list[str]:
    return [str(index) for index in range(len(rs.opening_bands))]


def _band_get(rs: RuleSet, code: str) -> int | None:
    bands = rs.opening_bands
    return bands[int(code)].minimum if code.isdigit() and int(code) < len(bands) else None


def _band_put(rs: RuleSet, code: str, minimum: int) -> RuleSet:
    bands = tuple(
        dataclasses.replace(b, minimum=minimum) if str(i) == code else b
        for i, b in enumerate(rs.opening_bands)
    )
    return dataclasses.replace(rs, opening_bands=bands)


RED_THREE_VALUES: Final = ("per_card", "full_set_value")


#: With a table of values (American Canasta), its entries are the keys: ``red_threes.1`` to ``.4``.
THREES_TABLE_CODES: Final = ("1", "2", "3", "4")


def _red_codes(rs: RuleSet) -> Sequence[str]:
    return THREES_TABLE_CODES[: len(rs.red_threes.table)] if rs.red_threes.table else RED_THREE_VALUES


def _red_get(rs: RuleSet, code: str) -> int | None:
    if rs.red_threes.table:
        return rs.red_threes.table[int(code) - 1] if code in _red_codes(rs) else None
    return getattr(rs.red_threes, code) if code in RED_THREE_VALUES else None


def _red_put(rs: RuleSet, code: str, points: int) -> RuleSet:
    if rs.red_threes.table:
        table = tuple(points if str(i + 1) == code else v for i, v in enumerate(rs.red_threes.table))
        return dataclasses.replace(rs, red_threes=dataclasses.replace(rs.red_threes, table=table))
    changes: dict[str, Any] = {code: points}
    return dataclasses.replace(rs, red_threes=dataclasses.replace(rs.red_threes, **changes))


def _points(key: str, label: str, **how: Any) -> HouseRuleKey:
    return HouseRuleKey(key, OptionKind.POINTS, label, maximum=MAX_POINTS, step=POINT_STEP, **how)


#: Every house-rule key, named options first, then the points sections in the order of
#: :func:`~scorekeeper.rules.house_rules.house_rule_keys`.
HOUSE_RULE_TABLE: Final[tuple[HouseRuleKey, ...]] = (
    HouseRuleKey(
        "aces_canastas",
        OptionKind.SWITCH,
        description=N_("Canastas of aces: 800 clean, 500 dirty"),
        default=False,
    ),
    HouseRuleKey(
        "same_back_colour",
        OptionKind.SWITCH,
        description=N_("100 points for being dealt eleven cards of the same back colour"),
        default=False,
    ),
    HouseRuleKey(
        "melds_only_went_out",
        OptionKind.SWITCH,
        # The description quotes the books in Spanish; players read this instead.
        label=N_("Only the side that went out scores its melded cards"),
        description=(
            "Only the side that went out scores its melded cards "
            '("las cartas expuestas por la pareja ganadora")'
        ),
        default=False,
        apply=_melds_only_went_out,
    ),
    HouseRuleKey(
        "going_out_min_canastas",
        OptionKind.NUMBER,
        description=N_("Canastas needed to go out (at least)"),
        minimum=1,
        maximum=4,
        default=1,
        every_ruleset=True,
        apply=_min_canastas,
    ),
    HouseRuleKey(
        "red_threes_when_opened",
        OptionKind.SWITCH,
        description=N_("Red threes count positive once the side has melded (international rules)"),
        default=False,
        every_ruleset=True,
        apply=_red_threes_when_opened,
    ),
    HouseRuleKey(
        SPECIAL_HANDS_FIRST_FOUR,
        OptionKind.SWITCH,
        description=N_("Only four special hands: straight, pairs, pairs with a wild pair, garbage (Pagat)"),
        default=False,
        apply=_special_hands_first_four,
    ),
    HouseRuleKey(
        DREAM_HANDS_WIN,
        OptionKind.SWITCH,
        description=N_("A Dream Hand wins the match at once, whatever the totals (League)"),
        default=True,
        apply=_dream_hands_win,
    ),
    HouseRuleKey(
        BANDS_KEY,
        OptionKind.BANDS,
        description=N_("Opening minimums: the whole table"),
        every_ruleset=True,
        apply=_bands,
    ),
    HouseRuleKey(
        "hands_limit",
        OptionKind.NUMBER,
        label=N_("Hands to play"),
        description=N_("The match also ends after this many hands (equal top totals: a draw)"),
        minimum=1,
        maximum=MAX_HANDS_LIMIT,
        every_ruleset=True,
        apply=_hands_limit,
    ),
    HouseRuleKey(
        BY_HAND_KEY,
        OptionKind.MINIMUMS,
        label=N_("Opening minimum by hand"),
        description=N_("Opening minimum of each hand, whatever the score (the last for later hands)"),
        maximum=MAX_POINTS,
        step=POINT_STEP,
        every_ruleset=True,
        apply=_opening_by_hand,
    ),
    _points("canasta_kinds", N_("Canasta"), **_item_section("canasta_kinds")),
    _points("going_out_kinds", N_("Going out"), **_item_section("going_out_kinds")),
    _points("penalties", N_("Penalty"), **_item_section("penalties")),
    _points("flags", N_("Bonus"), **_item_section("flags")),
    _points("many_canastas", N_("Many canastas"), codes=_tier_codes, get=_tier_get, put=_tier_put),
    _points(BANDS_KEY, N_("Opening band"), codes=_band_codes, get=_band_get, put=_band_put),
    _points(
        "red_threes",
        N_("Red threes"),
        codes=_red_codes,
        get=_red_get,
        put=_red_put,
        item_labels={
            "per_card": N_("each card"),
            "full_set_value": N_("the full set"),
            "1": N_("one of a colour"),
            "2": N_("two of a colour"),
            "3": N_("three of a colour"),
            "4": N_("four of a colour"),
        },
    ),
)

#: The named options' rows, by key.
OPTIONS: Final[Mapping[str, HouseRuleKey]] = {row.key: row for row in HOUSE_RULE_TABLE if not row.is_section}
#: The points sections' rows, by section.
SECTIONS: Final[Mapping[str, HouseRuleKey]] = {row.key: row for row in HOUSE_RULE_TABLE if row.is_section}


def house_option(
    key: str, source: str = EVERY_RULESET, default: bool | int | None = None, description: str = ""
) -> HouseOption:
    """The named option ``key`` as a rule set offers it: the table's row, with this rule set's source,
    and its own default or description where they differ from the row's."""
    row = OPTIONS[key]
    return HouseOption(
        key=key,
        kind=row.kind,
        default=row.default if default is None else default,
        description=description or row.description,
        source=source,
        minimum=row.minimum,
        maximum=row.maximum,
    )


def points_key(rs: RuleSet, key: object) -> tuple[HouseRuleKey, str] | None:
    """The section row and code of a points key ``section.CODE`` that ``rs`` has; ``None`` otherwise."""
    if not isinstance(key, str):
        return None
    section, dot, code = key.partition(".")
    row = SECTIONS.get(section)
    if row is None or not dot or code not in row.codes(rs):
        return None
    return row, code


def book_value(book: RuleSet, key: str) -> Any:
    """What ``key`` is worth in ``book`` (the value that changes nothing); ``None`` if it has no such key,
    or for the options of :data:`ONLY_WHEN_SET`, which the book does not have.

    The whole band table is ``[[from, minimum], ...]``.
    """
    option = book.house_option(key)
    if option is not None:
        if option.kind is OptionKind.BANDS:
            return [[b.start, b.minimum] for b in book.opening_bands]
        return option.default
    found = points_key(book, key)
    return found[0].get(book, found[1]) if found else None
