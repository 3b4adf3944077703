"""Canastón, the Spanish variant.

Source: 003_e48429c314359b4d.txt, sections "Variante española" to "Fin del juego".
"""

from __future__ import annotations

from ..cards import CARD_GROUPS, with_points
from ..model import (
    CanastaKind,
    Decks,
    Discrepancy,
    Flag,
    GoingOutKind,
    GoingOutRequirement,
    ManyCanastasBonus,
    OpeningBand,
    Penalty,
    RedThreeCondition,
    RedThreeRule,
    RuleSet,
    frozen_map,
)
from .common import MELDS_ONLY_WENT_OUT, every_ruleset_options

BOOK = "003_e48429c314359b4d.txt"
KINDS = f"{BOOK}, Tipos de Canastas"
OPENING = f"{BOOK}, Abrirse"
SPECIAL = f"{BOOK}, Bonificaciones Especiales"
END = f"{BOOK}, Fin del juego"
BLACK_THREE = f"{BOOK}, Reglas (el 3 negro)"

RULESET = RuleSet(
    id="canaston",
    name="Canastón",
    description="Canastón, the Spanish variant: four decks, escalas.",
    source=BOOK,
    decks=Decks(4, f"{BOOK}, Variante española / Modos", large=8, large_from_players=6),
    players="Individual (2 or 3), pairs (4) or trios (6, two sides of three)",
    max_sides=3,
    max_sides_source=f"{BOOK}, Variante española / Modos (individual: each player alone)",
    deal="15 cards each, draw 2",
    target=15000,
    target_source=END,
    opening_bands=(
        OpeningBand(None, 15, OPENING),
        OpeningBand(0, 50, OPENING),
        OpeningBand(1500, 90, OPENING),
        OpeningBand(3000, 120, OPENING),
        OpeningBand(5000, 150, OPENING),
        OpeningBand(7500, 180, OPENING),
    ),
    canasta_kinds=(
        CanastaKind("clean", 500, "Limpia: seven equal cards, no wild card", KINDS),
        CanastaKind("dirty", 300, "Sucia: wild cards never outnumber naturals", KINDS),
        CanastaKind("concealed", 1000, "Oculta: made in the hand and melded at once", KINDS),
        CanastaKind("wild_mixed", 2000, "Seven wild cards mixing jokers and twos", KINDS),
        CanastaKind("wild_pure", 3000, "Seven twos or seven jokers", KINDS),
        CanastaKind(
            "escala",
            1500,
            "Escala: seven cards of one suit in sequence, no wilds",
            KINDS,
            escala=True,
        ),
        CanastaKind(
            "escala_real",
            4000,
            "Escala real: 4 to ace of one suit, no wilds",
            KINDS,
            escala=True,
        ),
        CanastaKind(
            "black_threes",
            0,
            "Canasta of black threes: it wins the match at once",
            KINDS,
            wins_match=True,
            consumes=frozen_map({"black_three": 7}),
        ),
    ),
    going_out_kinds=(GoingOutKind("normal", 200, "Going out (cerrar)", END),),
    going_out_requirement=GoingOutRequirement(
        0,
        frozen_map({"clean": 1, "dirty": 1}),
        END,
        stand_ins=("concealed",),
        stand_ins_source=f'{KINDS} (Oculta: "Canasta de 7 cartas (limpia o sucia)")',
    ),
    red_threes=RedThreeRule(
        per_card=100,
        full_set_size=4,
        full_set_value=800,
        condition=RedThreeCondition.CANASTAS,
        min_canastas=1,
        source=SPECIAL,
    ),
    penalties=(
        Penalty(
            "black_three_in_hand",
            100,
            "Each black three left in a hand at the end",
            BLACK_THREE,
            "Cada 3 negro que quede en la mano de un jugador vale 100 puntos en contra",
            frozen_map({"black_three": 1}),
        ),
    ),
    # A black three has no card value here: one left in a hand costs only its penalty.
    card_groups=with_points(CARD_GROUPS, "black_three", 0, f'{BLACK_THREE}: "vale 100 puntos en contra"'),
    flags=(
        Flag(
            "cut_exact",
            100,
            "The player who cut took exactly the right number of cards",
            f"{BOOK}, Inicio del juego",
            one_side=True,
            negative_without_canasta=True,
        ),
    ),
    many_canastas=(
        ManyCanastasBonus(5, 500, SPECIAL),
        ManyCanastasBonus(7, 2000, SPECIAL),
    ),
    melds_negative_without_canasta=True,
    melds_negative_source=OPENING,
    house_options=(MELDS_ONLY_WENT_OUT, *every_ruleset_options(going_out_min_canastas=2)),
    notes=(
        "Escalas count only if the side also has at least one canasta that is not an escala.",
        "Melds count positive only if the side completed at least one canasta in the hand; "
        "otherwise the melded cards count against it.",
        "Going out needs at least one clean and one dirty canasta; a concealed canasta (a clean or a dirty "
        "one laid down at once) stands in for either. Wild canastas and escalas do not.",
        "A black three has no card value; one left in a hand costs only its 100-point penalty.",
        "If several sides pass the target, the highest total wins.",
        "With 6 or more players, 8 decks (432 cards) are used.",
    ),
    discrepancies=(
        Discrepancy("5 and 7 canastas", "003 lists both, not said if they add up", "exclusive: the higher"),
    ),
)
