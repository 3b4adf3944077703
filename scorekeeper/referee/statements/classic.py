"""La Canasta (004 typed, 000 scanned): what a referee is asked, with the book's words."""

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

CLASSIC_TAKING = (
    Statement(
        "frozen",
        "taking",
        FROZEN,
        "004",
        (124, 128),
        "EL JUEGO",
        "Cuando el pozo está premiado, es decir, cuando contiene algún Tres Rojo o comodín, es "
        "preciso tener en "
        "la mano dos cartas limpias iguales a la superior del mismo para poder tomarlo.",
    ),
    Statement(
        "first_take",
        "taking",
        FIRST_TAKE,
        "004",
        (92, 98),
        "EL JUEGO",
        "Para poder tomar el pozo por primera vez, son necesarias dos condiciones: … 1ª Tener dos cartas "
        "iguales, sin comodín, a la carta superior del pozo. … 2ª Que el valor de las cartas que deberán "
        "exponerse por primera vez, en una o más combinaciones, alcance los 50 puntos requeridos "
        "para la salida.",
    ),
    Statement(
        "after_opening",
        "taking",
        AFTER_OPENING,
        "004",
        (116, 124),
        "EL JUEGO",
        "Después de la primera salida, la pareja que la hizo puede tomar el pozo sin cumplir con la "
        "condición "
        "segunda, y en cuanto a la condición primera, basta con tener una carta igual a la superior "
        "del pozo, "
        "pudiendo suplir la otra con un comodín. … También es suficiente, para poder tomar el pozo, que no "
        "esté premiado o que su carta superior sea igual a la de una Canasta terminada o a la de una "
        "combinación inicial de Canasta expuesta.",
    ),
    Statement(
        "never_two_wilds",
        "taking",
        NEVER_TWO_WILDS,
        "004",
        (130, 130),
        "EL JUEGO",
        "Nunca puede tomarse el pozo con dos comodines.",
    ),
    Statement(
        "black_three_stop",
        "taking",
        BLACK_THREE_STOP,
        "004",
        (256, 268),
        "LOS TRESES NEGROS",
        "al colocarlos en el descarte sobre el pozo, evitan que el siguiente jugador pueda tomarlo. "
        "Su efecto "
        "sólo dura una jugada, hasta quedar cubierta por la carta del siguiente descarte. … Al igual que los "
        "Treses Negros, los comodines y los doses, sirven en el descarte para evitar que el jugador "
        "siguiente "
        "pueda tomar el pozo.",
    ),
    Statement(
        "whole_pile",
        "taking",
        N_("Whoever takes the top card takes the whole pile."),
        "004",
        (130, 132),
        "EL JUEGO",
        "El tomar la carta superior del pozo obliga a tomar todas las demás que hubiera.",
    ),
)


CLASSIC_OPENING = Statement(
    "abatir",
    "opening",
    N_(
        "A side that goes out all at once (abatir: every card laid down in one turn) may do so without "
        "reaching the opening minimum."
    ),
    "004",
    (204, 206),
    "EL JUEGO",
    "Si al hacer la salida se “abate”, puede hacerse aun cuando el valor de todas las cartas no llegue al "
    "mínimo.",
)

PUMBA = Statement(
    "pumba",
    "pile",
    N_(
        "A player left with one card must say so aloud (“Pumba”) and may not take the pile, unless the "
        "stock is finished."
    ),
    "004",
    (132, 136),
    "EL JUEGO",
    "El jugador que sólo tiene una carta en la mano, está obligado a avisarlo diciendo en voz alta “Pumba” "
    "y no puede tomar una carta el pozo, a menos que el mazo se haya terminado.",
)
PILE_OBLIGES = Statement(
    "pile_obliges_opening",
    "pile",
    N_(
        "Drawing from the stock never obliges a side to meld; taking the pile obliges it to open "
        "(lay down its first meld)."
    ),
    "004",
    (138, 140),
    "EL JUEGO",
    "Si se toma la carta superior del mazo, no es obligatorio exponer cartas, en cambio, si se toma la "
    "superior del pozo, la salida es obligatoria.",
)
RED_THREE_IN_PILE = Statement(
    "red_three_in_pile",
    "pile",
    N_(
        "A red three taken with the pile is laid on the table, but it gets no replacement card from "
        "the stock."
    ),
    "004",
    (248, 250),
    "LOS TRESES ROJOS",
    "Cuando un jugador tome un pozo que contenga algún Tres Rojo por haber salido al inicio del mismo, lo "
    "expondrá sobre la mesa, pero sin poder tomar una carta del mazo.",
)
STOCK_OUT = Statement(
    "stock_out",
    "pile",
    N_(
        "When the stock runs out: after the last card is drawn and discarded, the next player must take "
        "the pile if its top card fits the side's melds; if nobody can, the hand ends."
    ),
    "004",
    (186, 192),
    "EL JUEGO",
    "Cuando un jugador toma la última carta del mazo y se descarta sin terminar el juego, el jugador "
    "siguiente deberá tomar el pozo forzosamente si la carta superior liga con las suyas expuestas. Si no "
    "pudiese tomar el pozo, el juego termina.",
)
LAST_RED_THREE = Statement(
    "last_card_red_three",
    "pile",
    N_(
        "If the last card of the stock is a red three, the player lays it down, finishes the turn without "
        "discarding, and the hand ends."
    ),
    "004",
    (250, 254),
    "LOS TRESES ROJOS",
    "Si la última carta del mazo es un Tres Rojo, el jugador que lo tome lo expondrá sobre la mesa y hará "
    "el resto de su jugada, sin tener que descartarse, y terminando entonces el juego.",
)
UPCARD = Statement(
    "upcard",
    "pile",
    N_(
        "If the card turned up to start the pile is a joker, a two or a three, the next card is turned "
        "over it, until it is none of these."
    ),
    "004",
    (51, 55),
    "DISTRIBUCIÓN DE LAS CARTAS",
    "Si dicha carta fuera un comodín, un dos, un Tres Negro o un Tres Rojo, se volverá la carta siguiente, "
    "colocándose sobre la anterior hasta que dicha carta no sea ninguna de las mencionadas.",
)
UPCARD_FROZEN = Statement(
    "upcard_frozen",
    "pile",
    N_(
        "Such a pile starts frozen (premiado): it takes at least three cards of a kind, that is two from "
        "the hand with the top card."
    ),
    "003",
    (146, 146),
    "Variante",
    'En este caso, la pila ya estaría "premiada", por lo que sería necesario robarla con al menos un trío.',
)

CLASSIC_BLACK_THREES = Statement(
    "black_threes_meld",
    "melds",
    N_("Black threes may be melded only when going out, and never with wild cards."),
    "004",
    (262, 264),
    "LOS TRESES NEGROS",
    "Los Treses Negros pueden exponerse solamente para terminar el juego, no pudiendo emplearse comodines.",
)

CLASSIC_PENALTY_CARDS = (
    Statement(
        "penalty_cards_what",
        "penalty_cards",
        N_(
            "Penalty cards are the cards of an irregularity: they stay face up on the table in front of "
            "the player who made it."
        ),
        "004",
        (346, 348),
        "PENALIDADES",
        "Las Cartas penalizadas son aquellas con las cuales se ha cometido alguna irregularidad, dejándolas "
        "sobre la mesa ante el jugador que hizo la falta.",
    ),
    Statement(
        "penalty_cards_which",
        "penalty_cards",
        N_(
            "They become penalty cards: cards shown by accident or put on the table by mistake and seen by "
            "the others; cards laid down out of turn; the cards of an opening below the minimum, or those "
            "left over when correcting it."
        ),
        "004",
        (358, 366),
        "PENALIDADES",
        "Las cartas que un jugador muestre por descuido o las que ponga sobre la mesa equivocadamente y sean "
        "vistas por los demás jugadores. … Las cartas que se expongan fuera de turno. … Las cartas "
        "de primera "
        "salida, cuando su valor sea insuficiente, o las que le sobraron al rectificar su salida defectuosa.",
    ),
    Statement(
        "penalty_cards_going_out",
        "penalty_cards",
        N_("So do the cards laid down to go out when the side neither has nor makes a canasta."),
        "004",
        (441, 441),
        "PENALIDADES",
        "La carta o cartas que se exponen para terminar el juego sin formar ni tener Canasta.",
    ),
    Statement(
        "penalty_cards_use",
        "penalty_cards",
        N_(
            "They count as cards in the player's hand: they may be used to take the pile or in melds "
            "(then they stop being penalty cards), and they must be discarded first."
        ),
        "004",
        (348, 354),
        "PENALIDADES",
        "Se las considera como si fueran cartas en manos del jugador y se pueden utilizar para tomar el pozo "
        "o para utilizarlas en las combinaciones expuestas, y el descarte será obligatorio ir haciéndolo con "
        "las cartas penalizadas.",
    ),
    Statement(
        "penalty_cards_count",
        "penalty_cards",
        N_(
            "Penalty cards not used by the end of the hand count against the side: enter them with the "
            "cards left in hand."
        ),
        "004",
        (286, 286),
        "TANTEO DEL JUEGO",
        "Si hubiera cartas penalizadas sin utilizar, se contarán como negativas.",
    ),
)

CLASSIC_LAPSE = Statement(
    "lapse",
    "lapse",
    N_(
        "An irregularity and its penalty lapse if nobody points it out before the next player finishes "
        "their turn."
    ),
    "004",
    (443, 445),
    "PENALIDADES",
    "Las irregularidades y su penalización prescriben si no son advertidas antes que termine su jugada el "
    "jugador siguiente al que cometió la irregularidad.",
)

CLASSIC_DEAL = (
    Statement(
        "players",
        "deal",
        N_("From two to six players; the usual game, and the book's rules, are four players in two pairs."),
        "000",
        (19, 20),
        "Número de jugadores",
        "Puede jugarse entre dos o mds jugadores hasta un mdximo de seis, pero el mds interesante es el de "
        "cuatro jugadores, jugando por parejas",
    ),
    Statement(
        "individual_cards",
        "deal",
        N_(
            "An encyclopedia note gives 13 cards each when playing individually and 11 with more than four "
            "players. The app's two-player preset follows Pagat's two-player rules instead (15 cards each, "
            "draw 2); the book itself deals 11."
        ),
        "003",
        (163, 163),
        "Mira otros diccionarios (Enciclopedia Universal)",
        "Cuando se juega en forma individual se reparten 13 cartas y cuando juegan mas de 4 se dan "
        "11 cartas.",
    ),
    Statement(
        "draw_partners",
        "deal",
        N_(
            "Each player draws a card: the two highest play against the other two. The player to the left "
            "of the highest card deals; the player to the dealer's left cuts; eleven cards each, one at a "
            "time, counter-clockwise."
        ),
        "004",
        (41, 49),
        "DISTRIBUCIÓN DE LAS CARTAS",
        "Cada jugador toma una carta, jugando los dos jugadores que tengan las dos cartas mayores contra los "
        "otros dos. … Éste barajará las cartas, ofreciéndolas a cortar al jugador de su izquierda, y "
        "distribuirá a cada jugador once cartas, de una en una, en sentido contrario a las agujas del reloj",
    ),
)


STATEMENTS: Final = (
    CLASSIC_OPENING,
    *CLASSIC_TAKING,
    PUMBA,
    PILE_OBLIGES,
    RED_THREE_IN_PILE,
    STOCK_OUT,
    LAST_RED_THREE,
    UPCARD,
    UPCARD_FROZEN,
    CLASSIC_BLACK_THREES,
    *CLASSIC_PENALTY_CARDS,
    CLASSIC_LAPSE,
    *CLASSIC_DEAL,
    ties(),
    Statement(
        "drew_two_cards_points",
        "disagreements",
        N_(
            "Drawing two cards instead of one: the scanned copy of the book says 100 points, the typed copy "
            "50. The app uses 50; a match may set 100 as a house rule."
        ),
        "000",
        (256, 256),
        "PENALIDADES",
        "Por tomar dos cartas en vez de una 100 puntos",
    ),
    Statement(
        "match_end",
        "disagreements",
        N_(
            "End of the match: the scanned copy says reaching the target, the typed copy passing it. The "
            "app ends the match when a side is at or above the target."
        ),
        "004",
        (270, 272),
        "TANTEO DEL JUEGO",
        "necesarios para que una de las parejas llegue a sobrepasar 5.000 puntos.",
    ),
    melds_disagreement("004", (276, 278), "TANTEO DEL JUEGO"),
    Statement(
        "many_canastas_add_up",
        "disagreements",
        N_(
            "The bonuses for five and for seven canastas are both listed, without saying whether they add "
            "up. The app gives only the higher one."
        ),
    ),
)
