"""La Samba (001): what a referee is asked, with the book's words."""

from __future__ import annotations

from typing import Final

from ...rules.errors import N_
from .base import (
    AFTER_OPENING,
    BLACK_THREE_STOP,
    FIRST_TAKE,
    FROZEN,
    NEVER_TWO_WILDS,
    Statement,
    melds_disagreement,
    ties,
)
from .classic import CLASSIC_BLACK_THREES, CLASSIC_LAPSE, CLASSIC_PENALTY_CARDS, PUMBA, STOCK_OUT

SAMBA_TAKING = (
    Statement(
        "frozen",
        "taking",
        FROZEN,
        "001",
        (50, 50),
        "EL JUEGO",
        "Cuando el pozo está premiado, es decir, cuando contiene algún Tres Rojo o comodín, es "
        "preciso tener en "
        "la mano dos cartas limpias iguales a la superior del mismo para poder tomarlo.",
    ),
    Statement(
        "first_take",
        "taking",
        FIRST_TAKE,
        "001",
        (38, 42),
        "EL JUEGO",
        "Para poder tomar el pozo por primera vez es necesario: … 1ª Tener dos cartas iguales, sin "
        "comodín, a "
        "la carta superior pozo. … 2ª Que el valor de las cartas que deberán exponerse por primera "
        "vez, en una "
        "o más combinaciones, alcance los puntos requeridos para la salida, pudiendo contar con el "
        "valor de la "
        "superior del pozo.",
    ),
    Statement(
        "after_opening",
        "taking",
        AFTER_OPENING,
        "001",
        (48, 50),
        "EL JUEGO",
        "Después de la primera salida, la pareja puede tomar el pozo sin cumplir con la segunda condición, "
        "respecto a la primera, basta con tener una carta igual a la superior del pozo, pudiendo "
        "suplir la otra "
        "con un comodín. … También es suficiente, para poder tomar un pozo, que no esté premiado o "
        "que su carta "
        "superior sea igual a la de una Canasta terminada o a la de una combinación inicial de "
        "Canasta expuesta.",
    ),
    Statement(
        "never_two_wilds",
        "taking",
        NEVER_TWO_WILDS,
        "001",
        (48, 48),
        "EL JUEGO",
        "Nunca puede tomarse el pozo con dos comodines.",
    ),
    Statement(
        "black_three_stop",
        "taking",
        BLACK_THREE_STOP,
        "001",
        (76, 78),
        "LOS TRESES NEGROS",
        "al colocarlos en el descarte sobre el pozo, evitan que el siguiente jugador pueda tomarlo. "
        "El efecto "
        "del Tres Negro sólo dura una jugada, perdiendo su efecto al quedar cubierta por la carta del "
        "siguiente descarte. … Al igual que los Treses Negros, los comodines y los doses, sirven en "
        "el descarte "
        "para evitar que el jugador siguiente pueda tomar el pozo.",
    ),
    Statement(
        "samba_from_hand",
        "taking",
        N_("A samba must be started from the hand: the top card of the pile cannot start it."),
        "001",
        (34, 34),
        "COMBINACIONES QUE PUEDEN HACERSE",
        "La escalera inicial de Samba ha de componerse con cartas de la mano, no pudiendo utilizarse "
        "la carta "
        "superior del pozo.",
    ),
)


STATEMENTS: Final = (
    *SAMBA_TAKING,
    Statement(
        "abatir",
        "opening",
        N_(
            "A side that goes out all at once (abatir: every card laid down in one turn) may do so without "
            "reaching the opening minimum."
        ),
        "001",
        (70, 70),
        "EL JUEGO",
        "Si al hacer la salida se “abate”, puede hacerse aun cuando el valor de todas las cartas no "
        "llegue al "
        "mínimo.",
    ),
    Statement(
        "pumba",
        "pile",
        PUMBA.text,
        "001",
        (52, 52),
        "EL JUEGO",
        "El jugador que sólo tiene una carta en la mano, deberá decir diciendo en voz alta “Pumba” y "
        "no puede "
        "tomar una carta el pozo, a menos que el mazo se haya terminado.",
    ),
    Statement(
        "pile_top_card_at_once",
        "pile",
        N_(
            "The pile may be taken only if its top card is used at once in a meld; taking it obliges the "
            "side to open."
        ),
        "001",
        (54, 54),
        "EL JUEGO",
        "si se toma la superior del pozo, la salida es obligatoria. … siempre que la primera de éstas se "
        "pueda emplear inmediatamente para exponer una combinación",
    ),
    Statement(
        "stock_out",
        "pile",
        STOCK_OUT.text,
        "001",
        (58, 60),
        "EL JUEGO",
        "el jugador siguiente deberá tomar el pozo forzosamente si la carta superior liga con las suyas "
        "expuestas. Si no pudiese tomar el pozo, el juego termina.",
    ),
    Statement(
        "last_card_red_three",
        "pile",
        N_(
            "The last draw from the stock may be one card or two. If only one is left and it is a red three, "
            "the player lays it down and the hand ends, with no discard."
        ),
        "001",
        (58, 58),
        "EL JUEGO",
        "La última toma del mazo puede ser de una o de dos cartas. Si sólo quedase una y ésta fuera un Tres "
        "Rojo, el jugador deberá exponerlo inmediatamente, terminando el juego por no estarle permitido "
        "realizar su descarte.",
    ),
    Statement(
        "upcard",
        "pile",
        N_(
            "If the card turned up to start the pile is a joker or a three, the next card is turned over it, "
            "until it is none of these."
        ),
        "001",
        (28, 28),
        "DISTRIBUCIÓN DE LAS CARTAS",
        "Si esta carta fuera un comodín, un Tres Negro o un Tres Rojo, se volverá la carta siguiente, "
        "colocándola sobre la anterior hasta que dicha carta no sea ninguna de las mencionadas",
    ),
    Statement(
        "black_threes_meld",
        "melds",
        CLASSIC_BLACK_THREES.text,
        "001",
        (76, 76),
        "LOS TRESES NEGROS",
        "Los Treses Negros pueden exponerse solamente para terminar el juego, no pudiendo emplearse "
        "comodines.",
    ),
    Statement(
        "no_wild_on_canasta",
        "melds",
        N_(
            "No wild card may be added to a finished canasta (natural cards may). Nothing at all may be "
            "added to a finished samba."
        ),
        "001",
        (32, 34),
        "COMBINACIONES QUE PUEDEN HACERSE",
        "A una Canasta terminada no podrá añadirse ningún comodín, pero sí cartas limpias. … No puede "
        "añadirse ninguna carta a una Samba terminada.",
    ),
    Statement(
        "penalty_cards_what",
        "penalty_cards",
        N_(
            "Penalty cards are the cards of an irregularity, left face up in front of the player who made "
            "it. They count as cards in hand, may be used to take the pile or in melds (then they stop being "
            "penalty cards), and must be discarded first."
        ),
        "001",
        (106, 106),
        "PENALIDADES",
        "Las Cartas penalizadas son aquellas con las cuales se ha cometido alguna irregularidad, dejándolas "
        "sobre la mesa ante el jugador que la hizo. … y el descarte será obligatorio ir haciéndolo con las "
        "estas cartas.",
    ),
    Statement(
        "penalty_cards_which",
        "penalty_cards",
        N_(
            "They become penalty cards: cards shown by accident or seen on the table by mistake; cards laid "
            "down out of turn; an opening below the minimum; a player who took the pile without first "
            "showing the matching cards (the whole hand); cards laid down to go out without a canasta or "
            "samba."
        ),
        "001",
        (108, 112),
        "PENALIDADES",
        "Las cartas que un jugador muestre por descuido … Las cartas que se expongan fuera de turno. … Las "
        "cartas de primera salida, cuando su valor sea insuficiente … La carta o cartas que se exponen para "
        "terminar el juego sin formar ni tener Canasta o Samba.",
    ),
    Statement(
        "penalty_cards_count",
        "penalty_cards",
        CLASSIC_PENALTY_CARDS[-1].text,
        "001",
        (80, 80),
        "TANTEO DEL JUEGO",
        "Si hubiera cartas penalizadas sin utilizar, se contarán como negativas.",
    ),
    Statement(
        "lapse",
        "lapse",
        CLASSIC_LAPSE.text,
        "001",
        (114, 114),
        "PENALIDADES",
        "Las irregularidades y su penalización prescriben si no son advertidas antes que termine su "
        "jugada el "
        "jugador siguiente al que cometió la irregularidad.",
    ),
    Statement(
        "draw_partners",
        "deal",
        N_(
            "Four cards in sequence of one suit are dealt one to each player: the highest plays first, even "
            "against odd. The player before the first player deals fifteen cards each, one at a time."
        ),
        "001",
        (26, 28),
        "DISTRIBUCIÓN DE LAS CARTAS",
        "Se toman cuatro cartas correlativas de un mismo palo dándose una a cada jugador. El que recibe la "
        "carta mayor es el “mano”, jugando los que tengan carta par contra los de carta impar. … El jugador "
        "anterior al “mano”, distribuye quince cartas a cada jugador, de una en una",
    ),
    ties(),
    Statement(
        "score_accepted",
        "ties",
        N_(
            "Once a score is accepted and written down it is not disputed; the app still allows an explicit "
            "correction, which is recorded."
        ),
        "001",
        (80, 80),
        "TANTEO DEL JUEGO",
        "Una vez aceptada y anotada una puntuación, no puede luego volver a ser discutida.",
    ),
    melds_disagreement("001", (80, 80), "TANTEO DEL JUEGO"),
    Statement(
        "going_out_canastas",
        "disagreements",
        N_(
            "Going out: the book asks for one canasta or samba; many tables play two. The app asks for one; "
            "a match may ask for two as a house rule."
        ),
        "001",
        (56, 56),
        "EL JUEGO",
        "es necesario que en el juego común expuesto entre él y su compañero haya, por lo menos, una "
        "Canasta o "
        "Samba terminada.",
    ),
)
