"""Modern American Canasta: what a referee is asked, with the public sources' own words.

The sources are web pages, not seed files (RULES.md, "Rule set `american`"): the quotes are short and
exact, ``lines`` stays ``None``; where no source we could read says a thing in these words, the
statement is the app's reading of RULES.md's reconciliation and says so.
"""

from __future__ import annotations

from typing import Final

from ...rules.errors import N_
from .base import Statement, ties

WP_MELDING = "Melding rules"
#: The League's page the strongest peer app quotes value by value (read 2026-09-19; RULES.md,
#: "Correction of 2026-11-28").
CLA_MODERN = (
    "Modern American Canasta: How to Play, Meld, and Score, Special hands "
    "(as the strongest peer app quotes it, read 2026-09-19)"
)

STATEMENTS: Final = (
    # --- opening -----------------------------------------------------------------------------------
    Statement(
        "no_exemption",
        "opening",
        N_(
            "Nobody is exempt from the opening minimum: %(band_1)s below %(from_2)s points (negative totals "
            "included), %(band_2)s from %(from_2)s, %(band_3)s from %(from_3)s. The side's first meld must "
            "also hold a natural meld of three or more cards."
        ),
    ),
    Statement(
        "tournament_openings",
        "opening",
        N_(
            "In a tournament game of three hands the minimum goes by the hand, not by the score: 125 in the "
            "first hand, 155 in the second, 180 in the third."
        ),
        "nvso",
        None,
        "B) Game Rules",
        "Each games consists of 3 hands starting with a meld of 125, followed by a meld of 155, and ending "
        "with the last hand of 180.",
    ),
    # --- taking the pile ---------------------------------------------------------------------------
    Statement(
        "pile_always_frozen",
        "taking",
        N_(
            "The pile is always frozen: to take it a player needs a natural pair matching its top card, and "
            "may not take it with a card matching a completed canasta. A pile of one card cannot be taken "
            "by a player left with one card."
        ),
    ),
    Statement(
        "no_duplicate_melds",
        "taking",
        N_(
            "A side may not start a second meld of a rank it already has, and a meld never grows beyond "
            "seven cards: a pair that matches a meld of five of the side cannot take the pile."
        ),
        "wp",
        None,
        WP_MELDING,
        "Melds of more than seven cards are strictly forbidden, as are duplicate melds of the same rank by "
        "the same team.",
    ),
    # --- the pile and the turn ---------------------------------------------------------------------
    Statement(
        "bonus_piles",
        "pile",
        N_(
            "The first side to meld takes a bonus pile of four cards, the second side one of three (the "
            "app does not count the cards dealt)."
        ),
        "pagat",
        None,
        "Bonus cards",
        "If your team is the first to meld you draw four bonus cards; if the other team has already melded "
        "you draw only three bonus cards.",
    ),
    Statement(
        "going_out_two_canastas",
        "pile",
        N_(
            "To go out a side needs two canastas of any kind, and the last card is a discard. There is no "
            "bonus for going out concealed."
        ),
    ),
    # --- melds -------------------------------------------------------------------------------------
    Statement(
        "two_wilds",
        "melds",
        N_("A meld of any rank but sevens and aces holds at most two wild cards."),
        "wp",
        None,
        WP_MELDING,
        "such melds can include at most two wild cards rather than three",
    ),
    Statement(
        "sevens",
        "melds",
        N_(
            "Sevens are never melded with a wild card. A canasta of sevens is worth %(canasta_sevens)s; a "
            "meld of sevens left unfinished when the hand ends costs %(penalty_unfinished_sevens)s."
        ),
        "wp",
        None,
        WP_MELDING,
        "Melds of sevens cannot include wild cards. A canasta of sevens is worth 2,500 points",
    ),
    Statement(
        "aces",
        "melds",
        N_(
            "Aces are treated as sevens (canasta %(canasta_aces)s, unfinished meld "
            "−%(penalty_unfinished_aces)s), except that aces melded with wild cards in the side's first "
            "meld make an ordinary meld."
        ),
        "wp",
        None,
        WP_MELDING,
        "If your team's initial meld includes aces, wild cards may be added at that time",
    ),
    Statement(
        "wild_canastas",
        "melds",
        N_(
            "A meld of wild cards alone is allowed: seven twos make %(canasta_wild_twos)s, a wild canasta "
            "with the four jokers %(canasta_wild_jokers)s, any other %(canasta_wild_mixed)s; one left "
            "unfinished costs %(penalty_unfinished_wild)s."
        ),
        "wp",
        None,
        WP_MELDING,
        "A canasta consisting of wild cards is worth 3,000 points if it consists entirely of twos, 2,500 "
        "points if it contains all four jokers, or 2,000 points for any other combination.",
    ),
    Statement(
        "no_sequences",
        "melds",
        N_("Sequences are not melds; the nearest thing is a special hand."),
        "wp",
        None,
        WP_MELDING,
        "Sequences (such as those that define Samba, described below) are not legal melds",
    ),
    # --- special hands -----------------------------------------------------------------------------
    Statement(
        "special_how",
        "special_hands",
        N_(
            "A special hand is held by a player whose side has melded nothing: the player lays the whole "
            "hand down at once and the hand ends. That side scores the special hand's value and its "
            "penalties only: no melds, no canastas, no threes, and the partner's cards are not counted."
        ),
    ),
    Statement(
        "special_list",
        "special_hands",
        N_(
            "Straight (%(out_special_straight)s): one card of every rank, a three included, and both kinds "
            "of wild card, a joker and a two. Pairs (%(out_special_pairs)s): seven natural pairs. Wild pairs "
            "(%(out_special_wild_pairs)s): seven pairs holding aces, sevens and one wild pair. Garbage "
            "(%(out_special_garbage)s): two fours of a kind and two threes of a kind (4-4-3-3), no wild card."
        ),
        "cla",
        None,
        CLA_MODERN,
        second_hand=True,
    ),
    Statement(
        "special_more",
        "special_hands",
        N_(
            "The Canasta League of America adds zip code (%(out_special_zip_code)s: 2-2-3-3-4 of a kind) and "
            "blast off (%(out_special_blast_off)s: 5-4-3-2 of a kind), both of which may use matching wild "
            "cards; triples (%(out_special_triples)s): four three-of-a-kinds and a matching wild pair; quads "
            "(%(out_special_quads)s): three four-of-a-kinds and a matching wild pair. A table playing "
            "Pagat's list uses the house option with the first four only."
        ),
        "cla",
        None,
        CLA_MODERN,
        second_hand=True,
    ),
    Statement(
        "special_miami",
        "special_hands",
        N_(
            "Miami pairs (%(out_special_miami_pairs)s): seven pairs holding aces, sevens and both wild "
            "pairs, two jokers and two twos."
        ),
        "cla",
        None,
        CLA_MODERN,
        second_hand=True,
    ),
    Statement(
        "special_dream",
        "special_hands",
        N_(
            "Dream Hand plus 4 (%(out_special_dream_4)s): two five-of-a-kinds and four matching wild cards. "
            "Dream Hand plus 5 (%(out_special_dream_5)s): a five-of-a-kind, a four-of-a-kind and five wild "
            "cards. Either wins the match at once, whatever the totals; with the house option off it only "
            "scores its value."
        ),
        "cla",
        None,
        CLA_MODERN,
        second_hand=True,
    ),
    # --- penalty cards -----------------------------------------------------------------------------
    Statement(
        "sevens_aces_in_hand",
        "penalty_cards",
        N_(
            "Cards left in hand count against their side. Besides, each player holding three or more sevens "
            "when the hand ends costs the side %(penalty_sevens_in_hand)s, and three or more aces "
            "%(penalty_aces_in_hand)s."
        ),
        "wp",
        None,
        WP_MELDING,
        "Retaining three or more sevens in your hand is nearly as bad, carrying a penalty of 1,500.",
    ),
    # --- deal --------------------------------------------------------------------------------------
    Statement(
        "deal",
        "deal",
        N_(
            "Two decks with four jokers (108 cards); four players in two pairs, or two players alone; "
            "thirteen cards each, one card drawn each turn."
        ),
    ),
    # --- threes ------------------------------------------------------------------------------------
    Statement(
        "threes",
        "red_threes",
        N_(
            "Threes of both colours are laid out when drawn and have no card value. Each colour scores "
            "apart: one %(threes_1)s, two %(threes_2)s, three %(threes_3)s, four %(threes_4)s. With no "
            "canasta they count against the side; "
            "with one they count nothing; with two or more they count for it. Melded cards count against a "
            "side with no canasta."
        ),
    ),
    # --- end ---------------------------------------------------------------------------------------
    Statement(
        "target",
        "ties",
        N_("The game is played to %(target)s points."),
        "nvso",
        None,
        "A) Game Strategy",
        "Hands are continually played until one team reaches 8,500 points, which wins the game.",
    ),
    ties(),
    Statement(
        "garbage_disagreement",
        "disagreements",
        N_(
            "Pagat values garbage lower than the Canasta League of America does, and knows only four "
            "special hands. The app follows the League; the Pagat preset sets Pagat's value and list."
        ),
    ),
)
