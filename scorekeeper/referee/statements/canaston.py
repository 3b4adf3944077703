"""Canastón (003, sections "Variante española" to "Fin del juego"): what a referee is asked."""

from __future__ import annotations

from typing import Final

from ...rules.errors import N_
from . import classic
from .base import Statement, ties

CANASTON_TAKING = (
    Statement(
        "take_pote",
        "taking",
        N_(
            "To take the pile you need two or more cards of the same rank as its top card, and the points to "
            "open if the side has not opened yet."
        ),
        "003",
        (69, 69),
        "Mecánica del juego",
        "debe tener en la mano dos o más cartas del mismo número que la carta que está boca arriba "
        "en el pote, "
        "más los puntos necesarios para llevarse el pote.",
    ),
    Statement(
        "black_three_stop",
        "taking",
        N_(
            "A black three discarded on the pile is a stopper: the next player cannot take the pile "
            "and draws "
            "from the stock."
        ),
        "003",
        (71, 71),
        "Mecánica del juego",
        "El 3 negro se usa como tapón. Cuando un jugador lo tira al pote, el siguiente no puede llevarse el "
        "pote, tiene que llevarse dos cartas del mazo y jugar habitualmente.",
    ),
    Statement(
        "crossed",
        "taking",
        N_(
            "A wild card discarded on the pile is laid across it: the pile is crossed (cruzado, castigado or "
            "vulnerado). Until someone takes it, three cards of the same rank as its top card are needed to "
            "take it."
        ),
        "003",
        (71, 71),
        "Mecánica del juego",
        'Cuando un jugador lance un comodín al pote se colocará atravesado y el pote quedará "cruzado", '
        '"castigado" o "vulnerado". A partir de ese momento y hasta que alguien se lleve el pote, serán '
        "necesarias tres cartas del mismo número que la carta que está encima para poderse llevar el pote.",
    ),
)


STATEMENTS: Final = (
    *CANASTON_TAKING,
    Statement(
        "concealed_opens",
        "opening",
        N_(
            "A concealed canasta replaces the opening points: a side that lays one down needs no other "
            "points to open."
        ),
        "003",
        (86, 86),
        "Abrirse",
        'La otra manera de tener los puntos además de con naipes es teniendo una "canasta oculta".',
    ),
    Statement(
        "pote",
        "pile",
        N_(
            "After the deal the dealer lays six cards face down and one face up on them: these seven cards "
            "are the opening pile (the pote)."
        ),
        "003",
        (65, 65),
        "Inicio del juego",
        "el que reparte colocará 6 cartas apiladas sobre la mesa boca abajo y encima de estas colocará una "
        'boca arriba. Estas 7 cartas configuran el "pote" inicial.',
    ),
    Statement(
        "pile_obliges_opening",
        "pile",
        N_("Taking the pile obliges the player to open; opening does not require taking the pile."),
        "003",
        (92, 92),
        "Abrirse",
        "Es obligatorio para el jugador abrirse cuando se lleva el pote, pero no es necesario "
        "llevarse el pote "
        "para abrirse.",
    ),
    Statement(
        "six_honours",
        "pile",
        N_(
            "In the variant the article describes next, the pile holds at most six honours (jokers, twos and "
            "red threes); once it has six, none of them may be used as a stopper."
        ),
        "003",
        (148, 148),
        "Variante",
        "La pila de descartes sólo puede contener como máximo 6 honores (joker, comodín-2 y tres "
        "rojo). Cuando "
        "se alcanzan los 6, ya no se podrá utilizar ninguna de esas cartas como tapón.",
    ),
    Statement(
        "close_after_clean",
        "melds",
        N_(
            "To close a hand the side needs a clean and a dirty canasta, every card melded in groups of 3 to "
            "7, and one card left over, thrown face down on the pile; a player may close only on the turn "
            "after closing the clean canasta."
        ),
        "003",
        (123, 123),
        "Fin del juego",
        "una carta sobrante para cerrar, que lanzará sobre el pote boca abajo. solo se puede cerrar la "
        "partida en la mano siguiente de cerrar la canasta limpia.",
    ),
    Statement(
        "wilds_by_five",
        "melds",
        N_(
            "Wild cards are laid down five at a time (the book's words: “de 5 en 5”); two natural cards may "
            "be laid down with one wild card; a canasta never holds more wild cards than natural ones."
        ),
        "003",
        (84, 84),
        "Abrirse",
        "En el caso de los comodines, se tienen que bajar de 5 en 5. Se pueden bajar dos cartas con un "
        "comodín.",
    ),
    Statement(
        "wild_canasta_variant",
        "melds",
        N_(
            "In the variant the article describes next, once a side starts a canasta of wild cards, all its "
            "wild cards must go to it until it is closed."
        ),
        "003",
        (144, 144),
        "Variante",
        "Una vez se ha empezado una canasta de comodines, todos los comodines de la pareja deberán ir a la "
        "canasta hasta que se logre cerrar.",
    ),
    Statement(
        "penalty_cards_none",
        "penalty_cards",
        N_(
            "The book has no penalty cards. Tables that use them follow the classic rules: the cards stay "
            "face up, are discarded first and count against the side if unused."
        ),
    ),
    Statement(
        "draw_first",
        "deal",
        N_(
            "Each player draws a card and the highest starts (ace lowest, king highest; whoever "
            "draws a joker "
            "takes the next card). The player to the starter's left deals fifteen cards each."
        ),
        "003",
        (55, 57),
        "Inicio del juego",
        "cada jugador levanta una carta del mazo (las 216 iniciales) y el que saque la carta más "
        "alta será el "
        "primero en empezar.",
    ),
    Statement(
        "cutter_keeps",
        "deal",
        N_(
            "The cutter keeps any joker, two or red three found at the cut, and those under it, and is still "
            "dealt fifteen cards."
        ),
        "003",
        (59, 59),
        "Inicio del juego",
        'Si saca un joker, un 2(comodín) o un 3 rojo podrá quedárselo, sin que esta carta "cuente" '
        "en las que "
        "le deben ser repartidas.",
    ),
    Statement(
        "red_threes_beyond_four",
        "red_threes",
        N_(
            "Five to eight red threes (four decks hold eight): the book is silent; this is the app's "
            "reading: %(full)s for the first %(size)s, plus %(each)s for each further one."
        ),
    ),
    Statement(
        "highest_wins",
        "ties",
        N_("If more than one side passes the target, the highest total wins."),
        "003",
        (127, 127),
        "Fin del juego",
        "En caso de que más de un jugador supere los 15.000 puntos, ganará aquel que tenga la puntuación más "
        "alta.",
    ),
    ties(),
    Statement(
        "many_canastas_add_up",
        "disagreements",
        classic.STATEMENTS[-1].text,
    ),
)
