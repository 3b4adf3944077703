"""Jeu de la canasta, French rules of 1951 (002): what a referee is asked."""

from __future__ import annotations

from typing import Final

from ...rules.errors import N_
from .base import Statement, ties

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


STATEMENTS: Final = (
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
