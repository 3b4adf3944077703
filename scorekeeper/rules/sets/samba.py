"""Samba. Source: 001_ad0fbe4daf69b254.txt."""

from __future__ import annotations

from ..model import (
    CanastaKind,
    Decks,
    Discrepancy,
    GoingOutKind,
    GoingOutRequirement,
    Penalty,
    RedThreeCondition,
    RedThreeRule,
    RuleSet,
    frozen_map,
)
from .common import MELDS_ONLY_WENT_OUT, every_ruleset_options, usual_opening_bands

BOOK = "001_ad0fbe4daf69b254.txt"
PRIZES = f"{BOOK}, PREMIOS Y HONORES"
PENALTIES = f"{BOOK}, PENALIDADES"

RULESET = RuleSet(
    id="samba",
    name="Samba",
    description="Samba: three decks, sequences of seven (sambas).",
    source=BOOK,
    decks=Decks(3, f"{BOOK}, LA BARAJA"),
    players="4 players in two pairs",
    max_sides=2,
    max_sides_source=f"{BOOK}, DISTRIBUCIÓN DE LAS CARTAS (even cards against odd: two pairs)",
    deal="15 cards each, draw 2",
    target=10000,
    target_source=f"{BOOK}, OBJETIVO DEL JUEGO",
    opening_bands=usual_opening_bands(f"{BOOK}, PUNTUACIÓN ALCANZADA / VALOR MÍNIMO"),
    canasta_kinds=(
        CanastaKind("samba", 1500, "Samba: seven natural cards in sequence of one suit, no wilds", PRIZES),
        CanastaKind("clean", 500, "Canasta limpia: seven cards, no wild card", PRIZES),
        CanastaKind("dirty", 300, "Canasta sucia: at most 2 wild cards here", PRIZES),
    ),
    going_out_kinds=(GoingOutKind("normal", 200, "Going out (terminar un juego)", PRIZES),),
    going_out_requirement=GoingOutRequirement(1, frozen_map(), f"{BOOK}, EL JUEGO"),
    red_threes=RedThreeRule(
        per_card=100,
        full_set_size=6,
        full_set_value=1000,
        condition=RedThreeCondition.CANASTAS,
        min_canastas=2,
        source=f"{PRIZES}; {BOOK}, LOS TRESSES ROJOS",
    ),
    penalties=(
        Penalty(
            "red_three_in_hand",
            500,
            "Each red three held in hand when the hand ends",
            PENALTIES,
            "Por cada Tres Rojo que se tenga en la mano al terminar un juego",
            frozen_map({"red_three": 1}),
        ),
        Penalty(
            "three_wilds_in_canasta",
            100,
            "Using three wild cards in a canasta",
            PENALTIES,
            "Por emplear tres comodines en una Canasta",
        ),
        Penalty(
            "drew_stock_out_of_turn",
            100,
            "Drawing from the stock out of turn",
            PENALTIES,
            "Por tomar cartas del mazo fuera de turno",
        ),
        Penalty(
            "took_pile_out_of_turn",
            100,
            "Taking the pile out of turn",
            PENALTIES,
            "Por tomar el pozo fuera de turno",
        ),
        Penalty(
            "melded_in_other_turn",
            100,
            "Melding in another player's turn",
            PENALTIES,
            "Por exponer cartas en el turno de otro jugador",
        ),
        Penalty(
            "went_out_after_refusal",
            100,
            "Trying to go out after the partner refused permission",
            PENALTIES,
            "Por intentar terminar después de haberle negado el permiso su compañero",
        ),
        Penalty(
            "asked_to_go_out_and_could_not",
            100,
            "Asking permission to go out and then not being able to",
            PENALTIES,
            "Por pedir permiso para terminar un juego y no poder",
        ),
    ),
    house_options=(
        MELDS_ONLY_WENT_OUT,
        *every_ruleset_options(
            going_out_description=(
                "Canastas or sambas needed to go out (the book says one; many tables play two)"
            ),
            going_out_source=f"{BOOK}, EL JUEGO; RULES.md Discrepancies",
        ),
    ),
    notes=(
        "No going-out bonus when the hand ends because the stock ran out.",
        "Red threes exposed without two canastas or sambas count against the side automatically; "
        "they are not entered a second time as a penalty.",
        "Once a score is accepted and written down it is not disputed; the app still allows an "
        "explicit edit, which is recorded.",
    ),
    discrepancies=(
        Discrepancy("Going out needs", "001: one canasta or samba", "one (house option: two)"),
        Discrepancy("Match end", "001: reach or pass 10000", "at or above the target"),
    ),
)
