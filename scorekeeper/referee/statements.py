"""What a referee is asked at the table, per rule set, each statement with the book's words and place.

A :class:`Statement` is a short English text (a msgid, translated on the pages) with the book it comes
from (an id of :data:`~scorekeeper.referee.books.RULE_BOOKS`), the lines of the seed file it reads
(kept for checking, not shown) and the book's own words, quoted exactly in the book's language
(``…`` marks a cut). A statement without a book is the app's reading where the books are silent.

Texts may use ``%(target)s``, ``%(full)s``, ``%(size)s`` and ``%(each)s``: the pages fill them from
the match's effective rule set, so no rule number is written twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..rules.errors import N_

#: Topics in the order the pages show them, with their titles.
TOPICS: Final[Mapping[str, str]] = {
    "opening": N_("Who needs no opening minimum"),
    "taking": N_("Taking the pile; a frozen pile"),
    "pile": N_("The pile and the turn"),
    "melds": N_("Melds"),
    "penalty_cards": N_("Penalty cards"),
    "lapse": N_("When an irregularity lapses"),
    "deal": N_("Players and dealing"),
    "red_threes": N_("Red threes"),
    "ties": N_("End of the match and ties"),
    "disagreements": N_("Where the books disagree"),
}


@dataclass(frozen=True)
class Statement:
    """One rule in words (``text``, an English msgid) and where the book says it."""

    key: str
    topic: str
    text: str
    book: str | None = None
    lines: tuple[int, int] | None = None
    section: str = ""
    quote: str = ""

    @property
    def reading(self) -> bool:
        """True when no book says it: the app's reading."""
        return self.book is None


# --- Taking the pile, per book -------------------------------------------------------------------

FROZEN = N_(
    "The pile is frozen (pozo premiado) when it holds a red three or a wild card: to take it you must hold "
    "two natural cards of the same rank as its top card."
)
FIRST_TAKE = N_(
    "To take the pile for the side's first meld you need two natural cards matching its top card, and the "
    "meld, top card included, must reach the opening minimum."
)
AFTER_OPENING = N_(
    "Once the side has opened, one natural card and one wild card are enough, unless the pile is frozen. A "
    "pile that is not frozen may also be taken when its top card matches a canasta or a meld of the side."
)
NEVER_TWO_WILDS = N_("The pile can never be taken with two wild cards.")
BLACK_THREE_STOP = N_(
    "A black three discarded on the pile blocks it for one turn only, until the next discard covers it. A "
    "wild card discarded on it also stops the next player."
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
        "Cuando un jugador lance un comodín al pote se colocará atravesado y el pote quedará \"cruzado\", "
        "\"castigado\" o \"vulnerado\". A partir de ese momento y hasta que alguien se lleve el pote, serán "
        "necesarias tres cartas del mismo número que la carta que está encima para poderse llevar el pote.",
    ),
)

FRANCAISE_TAKING = (
    Statement(
        "take_pile",
        "taking",
        N_(
            "A player may take the whole pile with two cards of the same rank as its top card; one "
            "of them may "
            "be a wild card (2 or joker), never two, unless the pile is frozen."
        ),
        "002",
        (58, 58),
        "Maniement de la pile des écarts (prise et gel)",
        "Tout joueur peut prendre la pile entière s’il détient deux cartes de même valeur que celle qui "
        "surmonte la pile, de façon à constituer un brelan au moins. Sous réserve du « gel », dont "
        "il va être "
        "question, l’une de ces cartes peut être une carte libre (2 ou J), mais une seule",
    ),
    Statement(
        "stop_card",
        "taking",
        N_("A stop card (black three) on top forbids taking the pile until the next discard covers it."),
        "002",
        (58, 58),
        "Maniement de la pile des écarts (prise et gel)",
        "Une carte d’arrêt au-dessus de la pile en interdit la prise; mais, dès que cette carte est "
        "recouverte "
        "par un nouvel écart, le jeu reprend normalement.",
    ),
    Statement(
        "frozen",
        "taking",
        N_(
            "The pile is frozen (pile gelée) when a wild card or a stop card is discarded on it: to "
            "unfreeze it "
            "a player must hold two natural cards of the same rank as its top card."
        ),
        "002",
        (64, 64),
        "Maniement de la pile des écarts (prise et gel)",
        "Une pile est gelée lorsqu’elle est surmontée d’une carte d’arrêt ou d’une carte libre. Pour la "
        "dégeler, un joueur doit avoir en main deux cartes ordinaires de même valeur que celle qui "
        "surmonte la "
        "pile.",
    ),
    Statement(
        "frozen_until_opened",
        "taking",
        N_(
            "A side that has not opened also faces a frozen pile. Once it has opened, the pile is "
            "unfrozen for "
            "it, unless a wild card or a red three in the pile keeps it frozen."
        ),
        "002",
        (65, 71),
        "L’ouverture du jeu",
        "Il en va de même pour une équipe qui n’a pas encore ouvert le jeu. … Une fois qu’un joueur "
        "a ouvert, la "
        "pile est dégelée pour son équipe, à moins qu’elle ne reste gelée d’office par la présence "
        "d’une carte "
        "libre, comme on le sait déjà, ou d’une carte de bonification.",
    ),
    Statement(
        "opening_top_card",
        "taking",
        N_(
            "The opening melds may use the top card of the pile, but the other cards of the pile do "
            "not count "
            "toward the opening points."
        ),
        "002",
        (70, 70),
        "L’ouverture du jeu",
        "Les combinaisons d’ouverture peuvent utiliser la carte supérieure de la pile, si le joueur "
        "satisfait "
        "aux conditions de la prise, mais la valeur des autres cartes de la pile n’est pas comptée dans les "
        "points d’ouverture.",
    ),
)

# --- La Canasta (004 typed, 000 scanned) ---------------------------------------------------------

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
    "En este caso, la pila ya estaría \"premiada\", por lo que sería necesario robarla con al menos un trío.",
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


def ties(key: str = "ties") -> Statement:
    """Equal highest totals at the end: the books are silent."""
    return Statement(
        key,
        "ties",
        N_(
            "When the highest totals are equal once the target (%(target)s) is reached, another hand is "
            "played. The books are silent on ties; this is the app's reading."
        ),
    )


def melds_disagreement(book_id: str, lines: tuple[int, int], section: str) -> Statement:
    return Statement(
        "whose_melds_count",
        "disagreements",
        N_(
            "Whose melded cards count: this book counts only the cards melded by the side that went out; "
            "the French code and the Spanish encyclopedia article count every side's. The app counts every "
            "side's; a match may choose the book's way as a house rule."
        ),
        book_id,
        lines,
        section,
        "se valoran todas las cartas expuestas por la pareja ganadora",
    )


CLASSIC: Final = (
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

# --- La Samba (001) -------------------------------------------------------------------------------

SAMBA: Final = (
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

# --- Canastón (003, sections "Variante española" to "Fin del juego") ----------------------------

CANASTON: Final = (
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
        "La otra manera de tener los puntos además de con naipes es teniendo una \"canasta oculta\".",
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
        "boca arriba. Estas 7 cartas configuran el \"pote\" inicial.",
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
        "Si saca un joker, un 2(comodín) o un 3 rojo podrá quedárselo, sin que esta carta \"cuente\" "
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
        CLASSIC[-1].text,
    ),
)

# --- Jeu de la canasta, French rules of 1951 (002) ----------------------------------------------

FRANCAISE: Final = (
    *FRANCAISE_TAKING,
    Statement(
        "no_exemption",
        "opening",
        N_(
            "No exemption: the French code asks every opening to reach the minimum, even going out at once. "
            "Cards laid down short of it become penalty cards."
        ),
        "002",
        (72, 72),
        "L’ouverture du jeu",
        "Lorsque, après avoir commencé à étaler des cartes, un joueur s’aperçoit qu’il n’a pas les points "
        "requis pour l’ouverture (voir plus loin à la marque), les cartes indûment exposées restent "
        "devant lui "
        "(cartes de pénalisation)",
    ),
    Statement(
        "one_card",
        "pile",
        N_("A player down to one card must say so."),
        "002",
        (38, 38),
        "Le coup",
        "Quand un jeu est réduit à une carte, son possesseur doit le déclarer.",
    ),
    Statement(
        "one_card_pile",
        "pile",
        N_(
            "A player holding one card may not take a pile of only one card, unless the stock is exhausted; "
            "a larger pile may be taken."
        ),
        "002",
        (61, 61),
        "Maniement de la pile des écarts (prise et gel)",
        "Tout joueur n’ayant plus qu’une carte dans son jeu ne peut s’emparer d’une pile qui ne comprend "
        "qu’une carte, excepté si le talon est « épuisé »",
    ),
    Statement(
        "red_three_in_pile",
        "pile",
        N_("A red three is replaced by a card from the stock, unless it was taken with the pile."),
        "002",
        (40, 40),
        "Le coup",
        "A moins que l’une de ces cartes n’ait été prise en même temps que la pile, elle est immédiatement "
        "remplacée dans le jeu par une carte prélevée au talon.",
    ),
    Statement(
        "stock_out",
        "pile",
        N_(
            "When the stock runs out: the next player must take the pile if it is not frozen and its top "
            "card fits a meld of the side, and so must the following players; if nobody can, the hand ends "
            "with no going-out bonus."
        ),
        "002",
        (76, 77),
        "L’épuisement du talon",
        "le joueur suivant est obligé de ramasser la pile, à la double condition que celle-ci ne soit pas "
        "gelée et que la carte du dessus puisse être jointe à une combinaison déjà étalée par l’équipe. … "
        "Dans le cas, enfin, où aucun joueur ne peut s’adjuger la pile, le coup s’achève automatiquement, et "
        "il n’est pas attribué de prime de sortie.",
    ),
    Statement(
        "penalty_cards_opening",
        "penalty_cards",
        N_(
            "Cards laid down for an opening short of the minimum stay in front of the player as penalty "
            "cards: they must be discarded first, and become usable in a meld once the player or the partner "
            "opens."
        ),
        "002",
        (72, 72),
        "L’ouverture du jeu",
        "les cartes indûment exposées restent devant lui (cartes de pénalisation) : elles doivent être "
        "écartées par priorité toutes les fois que le joueur aura un écart à faire. Toutefois, si un joueur "
        "ou son partenaire ouvre avant l’épuisement des cartes de pénalisation, celles-ci (libres ou "
        "ordinaires) sont utilisables dans une combinaison.",
    ),
    Statement(
        "penalty_cards_going_out",
        "penalty_cards",
        N_(
            "If the side cannot go out after the partner said yes, the cards laid down that fit no meld "
            "become penalty cards, discarded first."
        ),
        "002",
        (82, 82),
        "La sortie (ou fin de coup)",
        "les cartes étalées et non capables de participer à une combinaison deviennent cartes de "
        "pénalisation, qui, ainsi qu’à l’ordinaire, seront écartées par priorité.",
    ),
    Statement(
        "penalty_cards_count",
        "penalty_cards",
        N_(
            "The code does not say how unused penalty cards are scored; the app's reading: they count "
            "against the side, with the cards left in hand."
        ),
    ),
    Statement(
        "draw_seats",
        "deal",
        N_(
            "Seats are drawn by lot (ace highest, two lowest). The highest card plays first and the player "
            "before them deals, after a cut, eleven cards each, one at a time, clockwise."
        ),
        "002",
        (20, 26),
        "La donne",
        "Les places des joueurs sont établies par tirage au sort … Après avoir mêlé et fait couper "
        "par II, le "
        "joueur IV distribue les cartes une à une dans le sens des aiguilles d’une montre",
    ),
    ties(),
    Statement(
        "below_zero",
        "disagreements",
        N_(
            "Opening below 0: the French code asks for no minimum, the Spanish books for 15. The app follows "
            "the French code here."
        ),
        "002",
        (100, 100),
        "La marque II. Points requis pour ouvrir",
        "Moins de 0 (par suite de pénalités). ……….. 0 point",
    ),
)

STATEMENTS: Final[Mapping[str, tuple[Statement, ...]]] = {
    "classic": CLASSIC,
    "samba": SAMBA,
    "canaston": CANASTON,
    "francaise": FRANCAISE,
}


def statements(ruleset_id: str) -> tuple[Statement, ...]:
    """The statements of ``ruleset_id``: none for a rule set this module does not know."""
    return STATEMENTS.get(ruleset_id, ())
