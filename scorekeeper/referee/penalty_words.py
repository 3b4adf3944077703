"""The words players use for each penalty and referee topic, in Spanish, English and French.

The referee search looks in these as well as in the book's words and the translated description, so
"robar dos", "levantar el pozo" or "piocher deux" find their penalty whatever the page's language.
Keyed by penalty code (a code no rule set has is harmless) and by statement topic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: Spanish (Río de la Plata and Spain), English, French.
PENALTY_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    # American Canasta: melds left unfinished and cards kept in hand, as US tables say it
    "unfinished_sevens": (
        "sietes sin terminar", "juego de sietes incompleto", "no cerrar los sietes",
        "unfinished sevens", "incomplete sevens", "sevens meld not closed", "stuck with a sevens meld",
        "sept non terminés", "combinaison de sept incomplète",
    ),
    "unfinished_aces": (
        "ases sin terminar", "juego de ases incompleto", "no cerrar los ases",
        "unfinished aces", "incomplete aces", "aces meld not closed",
        "as non terminés", "combinaison d'as incomplète",
    ),
    "unfinished_wild": (
        "comodines sin terminar", "canasta de comodines incompleta", "juego de comodines abierto",
        "unfinished wild cards", "incomplete wild canasta", "wild meld not closed", "unfinished jokers",
        "jokers non terminés", "canasta de cartes libres incomplète",
    ),
    "unfinished_wild_jokers": (
        "comodines sin terminar con los cuatro jokers", "cuatro jokers sin cerrar",
        "unfinished wild meld with all four jokers", "four jokers not closed",
        "incomplete wild canasta jokers",
        "quatre jokers non terminés", "cartes libres incomplètes avec les quatre jokers",
    ),
    "sevens_in_hand": (
        "quedarse con tres sietes", "sietes en la mano", "tres sietes en mano",
        "three sevens in hand", "stuck with sevens", "caught with sevens", "held sevens",
        "trois sept en main", "garder des sept",
    ),
    "aces_in_hand": (
        "quedarse con tres ases", "ases en la mano", "tres ases en mano",
        "three aces in hand", "stuck with aces", "caught with aces", "held aces",
        "trois as en main", "garder des as",
    ),
    "four_black_threes_in_hand": (
        "quedarse con los cuatro tres negros en la mano", "treses negros en mano",
        "four black threes left in hand", "stuck with the black threes",
        "quatre trois noirs en main", "cartes stop en main",
    ),
    "red_three_in_hand": (
        "quedarse con un tres rojo en la mano", "no bajar ni mostrar el tres rojo", "tres rojo escondido",
        "red three left in hand", "forgot to lay down a red three",
        "trois rouge en main", "carte de bonification gardée", "oublier d'étaler un trois rouge",
    ),
    "took_pile_before_showing": (
        "levantar el pozo sin mostrar las cartas", "agarrar el pozo antes de enseñar",
        "robar el pozo sin mostrar",
        "took the pile without showing the matching cards", "picked up the discard pile before showing",
        "prendre la pile sans montrer ses cartes", "ramasser la pile avant de montrer",
    ),
    "melded_in_partner_turn": (
        "bajar cartas en el turno del compañero", "bajar fuera de turno", "mostrar cartas en turno ajeno",
        "laid down cards in partner's turn", "melded out of turn",
        "étaler pendant le tour du partenaire", "poser hors tour",
    ),
    "drew_out_of_turn_mixed": (
        "robar fuera de turno y mezclarla", "levantar carta sin ser su turno", "agarrar carta fuera de turno",
        "drew a card out of turn and mixed it in", "picked a card out of turn",
        "piocher hors tour et mêler la carte", "tirer une carte pas à son tour",
    ),
    "drew_stock_out_of_turn": (
        "robar del mazo fuera de turno", "levantar del mazo sin ser su turno",
        "agarrar del mazo fuera de turno",
        "drew from the deck out of turn", "picked from the stock out of turn",
        "piocher au talon hors tour", "tirer du talon pas à son tour",
    ),
    "drew_stock_out_of_turn_kept": (
        "robar del mazo fuera de turno y quedársela", "levantar del mazo fuera de turno",
        "drew from the deck out of turn and kept it",
        "piocher hors tour et garder la carte", "carte du talon mise dans la main",
    ),
    "melded_in_opponent_turn": (
        "bajar cartas en el turno del rival", "bajar en turno del contrario", "mostrar cartas fuera de turno",
        "laid down cards in an opponent's turn", "melded out of turn",
        "étaler pendant le tour d'un adversaire", "poser hors tour",
    ),
    "melded_in_other_turn": (
        "bajar cartas en el turno de otro", "bajar fuera de turno", "mostrar cartas fuera de turno",
        "laid down cards in someone else's turn", "melded out of turn",
        "étaler hors tour", "poser pendant le tour d'un autre",
    ),
    "took_pile_out_of_turn": (
        "levantar el pozo fuera de turno", "llevarse el pozo sin ser su turno",
        "robar el pozo fuera de turno",
        "picked up the pile out of turn", "took the discard pile out of turn",
        "prendre la pile hors tour", "ramasser la pile pas à son tour",
    ),
    "took_pile_irregularly": (
        "levantar el pozo fuera de turno o sin las cartas", "llevarse el pozo mal", "robar el pozo",
        "took the pile without the right cards", "illegal pickup of the discard pile",
        "prise de pile irrégulière", "ramasser la pile sans les cartes",
    ),
    "asked_to_go_out_and_could_not": (
        "pedir permiso para cerrar y no poder", "pedir irse y no poder", "pedir para salir",
        "asked partner to go out and couldn't", "ask to go out", "could not go out after asking",
        "demander la permission de sortir sans pouvoir", "demander à finir",
    ),
    "could_not_go_out_after_yes": (
        "el compañero dijo que sí y no pudo cerrar", "pedir irse y no poder",
        "partner said yes and could not go out", "ask to go out",
        "partenaire a dit oui sans pouvoir sortir", "demander à finir",
    ),
    "went_out_after_refusal": (
        "cerrar después de que el compañero dijo que no", "irse sin permiso", "desobedecer al compañero",
        "went out after partner said no", "ignored partner",
        "sortir malgré le refus du partenaire", "désobéir au partenaire",
    ),
    "ignored_partner_answer": (
        "no hacer caso al compañero", "desobedecer al compañero", "cerrar cuando el compañero dijo que no",
        "ignored partner's answer", "went out against partner's no",
        "ne pas respecter la réponse du partenaire", "désobéir au partenaire",
    ),
    "drew_two_cards": (
        "robar dos cartas", "levantar dos cartas", "agarrar dos del mazo", "tomar dos en vez de una",
        "drew two cards", "took two cards", "picked two",
        "piocher deux cartes", "tirer deux cartes",
    ),
    "took_pile_could_not_open": (
        "levantar el pozo y no poder bajar", "no poder abrir", "no llegar al mínimo con el pozo",
        "took the pile and could not open", "picked up and could not meet the minimum",
        "prendre la pile sans pouvoir ouvrir", "ouverture impossible",
    ),
    "took_back_drawn_card": (
        "devolver la carta robada", "arrepentirse de la carta levantada", "volverse atrás",
        "put back a drawn card", "took back a card", "changed mind after drawing",
        "reposer une carte tirée", "revenir sur une prise",
    ),
    "three_wilds_in_canasta": (
        "tres comodines en una canasta", "poner tres comodines", "canasta con tres comodines",
        "three wild cards in a canasta", "too many wilds", "three jokers",
        "trois cartes libres dans une canasta", "trop de jokers",
    ),
    "black_three_in_hand": (
        "quedarse con un tres negro en la mano", "tapón en la mano",
        "black three left in hand", "stopper left in hand",
        "trois noir en main", "carte stop en main",
    ),
    "opening_below_minimum": (
        "abrir sin los puntos", "bajar menos del mínimo", "no llegar al mínimo", "salida insuficiente",
        "opened short of the minimum", "not enough points to open",
        "ouverture insuffisante", "pas assez de points pour ouvrir",
    ),
    "general_error": (
        "error", "falta", "infracción", "otra irregularidad",
        "any other mistake", "breach of the rules", "foul",
        "faute", "erreur", "infraction",
    ),
}

#: Words for the statements' topics (see :data:`scorekeeper.referee.statements.TOPICS`).
TOPIC_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "special_hands": (
        "mano especial", "escalera", "pares", "basura", "special hand", "straight", "pairs", "garbage",
        "zip code", "blast off", "main spéciale", "quinte", "paires",
    ),
    "opening": ("abrir", "salida", "bajar", "mínimo", "abatir", "open", "minimum", "ouvrir", "ouverture"),
    "taking": (
        "levantar el pozo", "llevarse el pote", "pozo premiado", "congelado", "tapón",
        "take the pile", "frozen", "stop", "prendre la pile", "pile gelée", "ramasser",
    ),
    "pile": (
        "pozo", "pote", "pila", "mazo", "levantar", "robar", "turno", "pile", "discard", "stock", "turn",
        "talon", "tour", "piocher",
    ),
    "melds": ("bajar", "juego", "combinación", "meld", "lay down", "combinaison", "étaler"),
    "penalty_cards": (
        "cartas penalizadas", "castigadas", "mostrar", "penalty cards", "shown", "cartes de pénalisation",
        "montrer",
    ),
    "lapse": ("prescribe", "tarde", "lapse", "too late", "prescription", "trop tard"),
    "deal": (
        "jugadores", "repartir", "dar", "cortar", "corte", "players", "deal", "cut", "joueurs", "donne",
        "couper",
    ),
    "red_threes": ("tres rojo", "red three", "trois rouge"),
    "ties": ("empate", "desempate", "tie", "draw", "égalité", "ex aequo"),
    "disagreements": ("discrepancia", "disagreement", "désaccord"),
}
