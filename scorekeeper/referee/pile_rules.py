"""When the discard pile is frozen and how it may be taken, per rule set, from the seeds.

The rule data of :mod:`scorekeeper.rules` does not hold these rules (scoring never needs them), so the
referee keeps them here as short English texts marked with :func:`N_` for translation, each with the
seed file and section it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..rules.errors import N_

CLASSIC: Final = "004_c6a2eff7a226bedd.txt"
SAMBA: Final = "001_ad0fbe4daf69b254.txt"
CANASTON: Final = "003_e48429c314359b4d.txt"
FRANCAISE: Final = "002_28aea2b109987c47.txt"
FRANCAISE_PILE: Final = f"{FRANCAISE}, Maniement de la pile des écarts (prise et gel)"


@dataclass(frozen=True)
class PileRule:
    """One sentence of the pile rules (an English msgid) and where the rule book says it."""

    text: str
    source: str


PILE_RULES: Final[Mapping[str, tuple[PileRule, ...]]] = {
    "classic": (
        PileRule(
            N_(
                "The pile is frozen (pozo premiado) when it holds a red three or a wild card: to take it "
                "you must hold two natural cards of the same rank as its top card."
            ),
            f"{CLASSIC}, EL JUEGO",
        ),
        PileRule(
            N_(
                "To take the pile for the side's first meld you need two natural cards matching its top "
                "card, and the meld, top card included, must reach the opening minimum."
            ),
            f"{CLASSIC}, EL JUEGO",
        ),
        PileRule(
            N_(
                "Once the side has opened, one natural card and one wild card are enough, unless the pile "
                "is frozen. A pile that is not frozen may also be taken when its top card matches a "
                "canasta or a meld of the side."
            ),
            f"{CLASSIC}, EL JUEGO",
        ),
        PileRule(N_("The pile can never be taken with two wild cards."), f"{CLASSIC}, EL JUEGO"),
        PileRule(
            N_(
                "A black three discarded on the pile blocks it for one turn only, until the next discard "
                "covers it. A wild card discarded on it also stops the next player."
            ),
            f"{CLASSIC}, LOS TRESES NEGROS",
        ),
        PileRule(N_("Whoever takes the top card takes the whole pile."), f"{CLASSIC}, EL JUEGO"),
    ),
    "samba": (
        PileRule(
            N_(
                "The pile is frozen (pozo premiado) when it holds a red three or a wild card: to take it "
                "you must hold two natural cards of the same rank as its top card."
            ),
            f"{SAMBA}, EL JUEGO",
        ),
        PileRule(
            N_(
                "To take the pile for the side's first meld you need two natural cards matching its top "
                "card, and the meld, top card included, must reach the opening minimum."
            ),
            f"{SAMBA}, EL JUEGO",
        ),
        PileRule(
            N_(
                "Once the side has opened, one natural card and one wild card are enough, unless the pile "
                "is frozen. A pile that is not frozen may also be taken when its top card matches a "
                "canasta or a meld of the side."
            ),
            f"{SAMBA}, EL JUEGO",
        ),
        PileRule(N_("The pile can never be taken with two wild cards."), f"{SAMBA}, EL JUEGO"),
        PileRule(
            N_(
                "A black three discarded on the pile blocks it for one turn only, until the next discard "
                "covers it. A wild card discarded on it also stops the next player."
            ),
            f"{SAMBA}, LOS TRESSES NEGROS",
        ),
        PileRule(
            N_("A samba must be started from the hand: the top card of the pile cannot start it."),
            f"{SAMBA}, COMBINACIONES QUE PUEDEN HACERSE",
        ),
    ),
    "canaston": (
        PileRule(
            N_(
                "To take the pile you need two or more cards of the same rank as its top card, and the "
                "points to open if the side has not opened yet."
            ),
            f"{CANASTON}, Mecánica del juego",
        ),
        PileRule(
            N_(
                "A black three discarded on the pile is a stopper: the next player cannot take the pile "
                "and draws from the stock."
            ),
            f"{CANASTON}, Mecánica del juego",
        ),
        PileRule(
            N_(
                "A wild card discarded on the pile is laid across it: the pile is crossed (cruzado, "
                "castigado or vulnerado). Until someone takes it, three cards of the same rank as its "
                "top card are needed to take it."
            ),
            f"{CANASTON}, Mecánica del juego",
        ),
    ),
    "francaise": (
        PileRule(
            N_(
                "A player may take the whole pile with two cards of the same rank as its top card; one of "
                "them may be a wild card (2 or joker), never two, unless the pile is frozen."
            ),
            FRANCAISE_PILE,
        ),
        PileRule(
            N_("A stop card (black three) on top forbids taking the pile until the next discard covers it."),
            FRANCAISE_PILE,
        ),
        PileRule(
            N_(
                "The pile is frozen (pile gelée) when a wild card or a stop card is discarded on it: to "
                "unfreeze it a player must hold two natural cards of the same rank as its top card."
            ),
            FRANCAISE_PILE,
        ),
        PileRule(
            N_(
                "A side that has not opened also faces a frozen pile. Once it has opened, the pile is "
                "unfrozen for it, unless a wild card or a red three in the pile keeps it frozen."
            ),
            f"{FRANCAISE_PILE}; {FRANCAISE}, L'ouverture du jeu",
        ),
        PileRule(
            N_(
                "The opening melds may use the top card of the pile, but the other cards of the pile do "
                "not count toward the opening points."
            ),
            f"{FRANCAISE}, L'ouverture du jeu",
        ),
    ),
}


def pile_rules(ruleset_id: str) -> tuple[PileRule, ...]:
    """The pile rules of ``ruleset_id``; none for a rule set this module does not know."""
    return PILE_RULES.get(ruleset_id, ())
