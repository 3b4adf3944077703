"""Canasta, Uruguayan/Argentine rules.

Sources: 004_c6a2eff7a226bedd.txt (typed) and 000_8c28a78327a43369.txt (the same book, OCR'd),
plus the "Variante" list of 003_e48429c314359b4d.txt for the house options.
"""

from __future__ import annotations

from ..house_rule_table import house_option
from ..model import (
    CanastaKind,
    Decks,
    Discrepancy,
    Flag,
    GoingOutKind,
    GoingOutRequirement,
    ManyCanastasBonus,
    Penalty,
    RedThreeCondition,
    RedThreeRule,
    RuleSet,
    frozen_map,
)
from .common import MELDS_ONLY_WENT_OUT, every_ruleset_options, usual_opening_bands

BOOK = "004_c6a2eff7a226bedd.txt"
PRIZES = f"{BOOK}, PREMIOS Y HONORES"
CONCEALED = f"{BOOK}, PREMIOS Y HONORES (Con Canasta oculta)"
PENALTIES = f"{BOOK}, PENALIDADES"
VARIANT = "003_e48429c314359b4d.txt, Variante"

RULESET = RuleSet(
    id="classic",
    name="Canasta",
    description="Classic Canasta, Uruguayan and Argentine rules: two pairs, two decks.",
    source=f"{BOOK}; 000_8c28a78327a43369.txt",
    decks=Decks(2, f"{BOOK}, LA BARAJA"),
    players="2 to 6 players; usually 4 in two pairs",
    max_sides=3,
    max_sides_source="000_8c28a78327a43369.txt, Número de jugadores (two to six players)",
    deal="11 cards each, draw 1",
    target=5000,
    target_source=f"{BOOK}, OBJETIVO DEL JUEGO",
    opening_bands=usual_opening_bands(f"{BOOK}, PUNTUACIÓN ALCANZADA / VALOR MÍNIMO"),
    canasta_kinds=(
        CanastaKind("clean", 500, "Canasta limpia: seven cards, no wild card", PRIZES),
        CanastaKind("dirty", 300, "Canasta sucia: at least four naturals and wild cards", PRIZES),
        CanastaKind("aces_clean", 800, "Clean canasta of aces", VARIANT, house_option="aces_canastas"),
        CanastaKind("aces_dirty", 500, "Dirty canasta of aces", VARIANT, house_option="aces_canastas"),
    ),
    going_out_kinds=(
        GoingOutKind("normal", 100, "Going out (irse)", PRIZES),
        GoingOutKind(
            "concealed_from_hand_alone",
            1000,
            "Abatiendo de mano sin apoyarse en las cartas expuestas por el compañero",
            CONCEALED,
        ),
        GoingOutKind(
            "concealed_from_hand_with_partner",
            500,
            "Abatiendo de mano apoyándose en las cartas del compañero",
            CONCEALED,
            needs_partner=True,
        ),
        GoingOutKind(
            "concealed_in_play_alone",
            500,
            "Abatiendo en el curso del juego sin apoyarse en el compañero",
            CONCEALED,
        ),
        GoingOutKind(
            "concealed_in_play_with_partner",
            200,
            "Abatiendo en el curso del juego apoyándose en el compañero",
            CONCEALED,
            needs_partner=True,
        ),
    ),
    going_out_requirement=GoingOutRequirement(1, frozen_map(), f"{BOOK}, EL JUEGO"),
    red_threes=RedThreeRule(
        per_card=100,
        full_set_size=4,
        full_set_value=800,
        condition=RedThreeCondition.CANASTAS,
        min_canastas=1,
        source=f"{PRIZES}; {BOOK}, LOS TRESES ROJOS",
    ),
    penalties=(
        Penalty(
            "four_black_threes_in_hand",
            500,
            "Holding the four black threes in hand when the hand ends",
            PENALTIES,
            "Si un jugador, al terminar un juego, tiene en su mano los cuatro Treses Negros",
            frozen_map({"black_three": 4}),
        ),
        Penalty(
            "red_three_in_hand",
            500,
            "Each red three held in hand when the hand ends",
            PENALTIES,
            "Por cada Tres Rojo que se tenga en la mano al terminar el juego",
            frozen_map({"red_three": 1}),
        ),
        Penalty(
            "took_pile_before_showing",
            200,
            "Taking the pile before showing the cards it is matched with",
            PENALTIES,
            "Por tomar el pozo antes de exponer las cartas con que se va ligar",
        ),
        Penalty(
            "melded_in_partner_turn",
            200,
            "Melding in the partner's turn",
            PENALTIES,
            "Por exponer cartas en turno del compañero",
        ),
        Penalty(
            "drew_out_of_turn_mixed",
            200,
            "Drawing out of turn and mixing the card into the hand",
            PENALTIES,
            "Por tomar carta fuera de turno, mezclándolas con las de la mano",
        ),
        Penalty(
            "drew_stock_out_of_turn",
            100,
            "Drawing from the stock out of turn",
            PENALTIES,
            "Por tomar carta del mazo fuera de turno",
        ),
        Penalty(
            "melded_in_opponent_turn",
            100,
            "Melding in an opponent's turn",
            PENALTIES,
            "Por exponer cartas en el turno de algún jugador contrario",
        ),
        Penalty(
            "took_pile_out_of_turn",
            100,
            "Taking the pile out of turn",
            PENALTIES,
            "Por tomar el pozo fuera de turno",
        ),
        Penalty(
            "asked_to_go_out_and_could_not",
            100,
            "Asking permission to go out and then not being able to",
            PENALTIES,
            "Por pedir permiso para irse y no poder",
        ),
        Penalty(
            "drew_two_cards",
            50,
            "Drawing two cards instead of one (000 says 100, 004 says 50)",
            f"{PENALTIES}; 000_8c28a78327a43369.txt gives 100",
            "Por tomar dos cartas en vez de una",
        ),
        Penalty(
            "took_pile_could_not_open",
            50,
            "Taking the top of the pile and not being able to open",
            PENALTIES,
            "Por tomar carta superior del pozo y no poder salir",
        ),
        Penalty(
            "took_back_drawn_card",
            50,
            "Going back on a card drawn",
            PENALTIES,
            "Por volverse atrás de una toma de carta",
        ),
        Penalty(
            "ignored_partner_answer",
            100,
            "Going out (or not) against the partner's answer after asking",
            VARIANT,
            "Se puede preguntar al compañero sobre la conveniencia o no de cerrar un juego parcial, pero en "
            "ese caso se le debe obedecer o recibir una penalización de 100 puntos.",
        ),
    ),
    flags=(
        Flag(
            "black_threes_melded",
            500,
            "The side that went out melded all four black threes in doing so",
            f"{PRIZES} (Por exponer los 4 Treses Negros al terminar)",
            went_out_only=True,
            consumes=frozen_map({"black_three": 4}),
        ),
        Flag(
            "same_back_colour",
            100,
            "A player was dealt eleven cards of the same back colour",
            VARIANT,
            house_option="same_back_colour",
        ),
    ),
    many_canastas=(
        ManyCanastasBonus(5, 500, f"{PRIZES} (Canastrón)"),
        ManyCanastasBonus(7, 2000, f"{PRIZES} (Canasta de Canastas)"),
    ),
    house_options=(
        house_option("aces_canastas", VARIANT),
        house_option("same_back_colour", VARIANT),
        MELDS_ONLY_WENT_OUT,
        *every_ruleset_options(),
    ),
    notes=(
        "Melds: at least 2 naturals and at most 3 wild cards; a canasta has at least 4 naturals.",
        "Going out needs at least one completed canasta on the side.",
        "The concealed going-out bonuses replace the normal 100; they do not add to it.",
        "Irregularities lapse if nobody notices them before the next player finishes their turn.",
    ),
    discrepancies=(
        Discrepancy("drew_two_cards", "000: 100; 004: 50", "50 (house option)"),
        Discrepancy("Match end", "000: reach 5000; 004: pass 5000", "at or above the target"),
        Discrepancy(
            "Whose melds count",
            "000/004: the winning pair's; 002 and 003: every side's",
            "every side's (house option: only the side that went out)",
        ),
        Discrepancy("5 and 7 canastas", "listed both, not said if they add up", "exclusive: the higher"),
    ),
)
