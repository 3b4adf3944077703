"""Canasta, French rules (the 1951 code). Source: 002_28aea2b109987c47.txt."""

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

BOOK = "002_28aea2b109987c47.txt"
BONUS = f"{BOOK}, La marque III. Bonifications"
PENALTIES = f"{BOOK}, La marque IV. Pénalités"

RULESET = RuleSet(
    id="francaise",
    name="Canasta (French rules)",
    description="Canasta by the French rules (1951 code): two pairs, two decks.",
    source=BOOK,
    decks=Decks(2, f"{BOOK}, introduction"),
    players="4 players in two pairs",
    max_sides=2,
    max_sides_source=f"{BOOK}, introduction (à quatre, par équipes de deux)",
    deal="11 cards each, draw 1",
    target=5000,
    target_source=f"{BOOK}, La marque",
    opening_bands=usual_opening_bands(f"{BOOK}, La marque II. Points requis pour ouvrir", below_zero=0),
    canasta_kinds=(
        CanastaKind("clean", 500, "Canasta pure", BONUS),
        CanastaKind("dirty", 300, "Canasta mixte", BONUS),
    ),
    going_out_kinds=(
        GoingOutKind("normal", 100, "Sortie normale", BONUS),
        GoingOutKind("surprise", 200, "Sortie surprise: all eleven cards melded at once", BONUS),
    ),
    going_out_requirement=GoingOutRequirement(1, frozen_map(), f"{BOOK}, La sortie"),
    red_threes=RedThreeRule(
        per_card=100,
        full_set_size=4,
        full_set_value=800,
        condition=RedThreeCondition.OPENED,
        min_canastas=0,
        source=f"{BONUS}; {PENALTIES}",
    ),
    penalties=(
        Penalty(
            "red_three_in_hand",
            500,
            "Each red three still in hand after someone went out",
            PENALTIES,
            "Chaque carte de bonification restant en main après la sortie",
            frozen_map({"red_three": 1}),
        ),
        Penalty(
            "drew_stock_out_of_turn_kept",
            200,
            "Drawing from the stock out of turn, card placed in the hand",
            PENALTIES,
            "Tirage irrégulier d'une carte du talon non à son tour : si elle a été placée dans la main",
        ),
        Penalty(
            "drew_stock_out_of_turn",
            100,
            "Drawing from the stock out of turn, card not placed in the hand",
            PENALTIES,
            "Tirage irrégulier d'une carte du talon non à son tour : si elle ne l'a pas été",
        ),
        Penalty(
            "took_pile_irregularly",
            100,
            "Taking the pile out of turn or without the required cards",
            PENALTIES,
            "Prise irrégulière de la pile, soit hors tour, soit sans avoir les cartes requises",
        ),
        Penalty(
            "opening_below_minimum",
            100,
            "Melding fewer points than required to open",
            PENALTIES,
            "Étalement d'un nombre inférieur de points à ceux requis pour l'ouverture",
        ),
        Penalty(
            "could_not_go_out_after_yes",
            100,
            "Side unable to go out after the partner said yes",
            PENALTIES,
            "Équipe ne pouvant sortir, après réponse affirmative du partenaire",
        ),
        Penalty(
            "general_error",
            50,
            "Any other breach of the rules or agreed conventions",
            PENALTIES,
            "Erreur enfreignant les règles générales et les conventions établies",
        ),
    ),
    house_options=(MELDS_ONLY_WENT_OUT, *every_ruleset_options()),
    notes=(
        "Melds: at least 2 naturals; a canasta has a base of 4 naturals.",
        "Red threes count for the side only if it has opened (melded) during the hand.",
        "No going-out bonus when the hand ends because nobody can take the pile after the stock ran out.",
    ),
    discrepancies=(Discrepancy("Opening minimum below 0", "002: 0; the Spanish books: 15", "0 here"),),
)
