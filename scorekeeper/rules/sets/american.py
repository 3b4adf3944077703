"""Modern American Canasta, as US clubs and tournaments play it.

Not in the seeds. Sources (RULES.md, "Rule set ``american``"): the Canasta League of America's rules
("CLA"), Pagat's "American Canasta" ("P"), Wikipedia's "Canasta", section "US American Canasta" ("WP"),
and NVSO's canasta event rules for the tournament preset. Where CLA and P disagree the default is
CLA's and P's value is a house value (see ``discrepancies`` and the presets).
"""

from __future__ import annotations

import dataclasses

from ..cards import CARD_GROUPS, with_points
from ..errors import N_
from ..house_rule_table import DREAM_HANDS_WIN, SPECIAL_HANDS_FIRST_FOUR, house_option
from ..model import (
    CanastaKind,
    CanastaLimit,
    CardLimit,
    Decks,
    Discrepancy,
    GoingOutKind,
    GoingOutRequirement,
    OpeningBand,
    Penalty,
    RedThreeCondition,
    RedThreeRule,
    RuleSet,
    SignStep,
    frozen_map,
)
from .common import every_ruleset_options

CLA = "Canasta League of America rules"
P = 'Pagat "American Canasta"'
WP = 'Wikipedia "Canasta" (US American Canasta)'
NVSO = 'NVSO "Canasta" event rules'

CLA_CARDS = f"{CLA}, The cards and the deal"
CLA_MELDS = f"{CLA}, Melds and canastas"
CLA_SCORING = f"{CLA}, Scoring"
CLA_SPECIAL = f"{CLA}, Special hands"
CLA_PENALTIES = f"{CLA}, Penalties at the end of a hand"
CLA_MELD = f"{CLA}, Initial meld requirements"
#: The League's page read by the strongest peer app on 2026-09-19 (RULES.md, "Correction of 2026-11-28").
CLA_MODERN = (
    f'{CLA}, "Modern American Canasta: How to Play, Meld, and Score", Special hands (read 2026-09-19)'
)
CLA_SPECIAL_MODERN = f"{CLA_SPECIAL}; {CLA_MODERN}"
P_SCORING = f"{P}, Scoring"
P_SPECIAL = f"{P}, Special hands"
P_PENALTIES = f"{P}, Penalties for incomplete canastas and unmelded aces and sevens"
WP_MELDING = f"{WP}, Melding rules"

#: Both sources give the same wild canastas and the same unfinished-meld penalties.
KINDS = f"{CLA_MELDS}; {P_SCORING}; {WP_MELDING}"

RULESET = RuleSet(
    id="american",
    name="American Canasta",
    description="Modern American Canasta: canastas of sevens, aces and wild cards, special hands.",
    source=f"{CLA}; {P}; {WP}",
    decks=Decks(2, f"{CLA_CARDS}; {P}, Players and cards"),
    players="4 in two pairs; 2 players, one a side, also allowed",
    max_sides=2,
    max_sides_source=f"{CLA_CARDS}; {P}, Two players",
    deal="13 cards each, draw 1 (bonus piles of 4 and 3 cards on the first meld)",
    target=8500,
    target_source=f"{CLA_SCORING}; {NVSO}, A) Game strategy",
    opening_bands=(
        OpeningBand(None, 125, f"{CLA_MELD}; {P}, The initial meld"),
        OpeningBand(0, 125, f"{CLA_MELD}; {P}, The initial meld"),
        OpeningBand(3000, 155, f"{CLA_MELD}; {P}, The initial meld"),
        OpeningBand(5000, 180, f"{CLA_MELD}; {P}, The initial meld"),
    ),
    canasta_kinds=(
        CanastaKind("clean", 500, "Natural canasta: seven cards of one rank, no wild card", KINDS),
        CanastaKind(
            "dirty",
            300,
            "Mixed canasta: at most two wild cards",
            KINDS,
            consumes=frozen_map({"wild": 1}),
        ),
        CanastaKind(
            "sevens",
            2500,
            "Canasta of sevens, never with a wild card",
            KINDS,
            consumes=frozen_map({"seven": 7}),
            least_points=35,
        ),
        CanastaKind("aces", 2500, "Natural canasta of aces", KINDS, consumes=frozen_map({"ace": 7})),
        CanastaKind(
            "wild_twos",
            3000,
            "Wild canasta of seven twos",
            KINDS,
            consumes=frozen_map({"wild": 7}),
            least_points=140,
        ),
        CanastaKind(
            "wild_jokers",
            2500,
            "Wild canasta holding the four jokers (and three twos)",
            KINDS,
            consumes=frozen_map({"wild": 7, "joker": 4}),
            least_points=260,
        ),
        CanastaKind(
            "wild_mixed",
            2000,
            "Wild canasta of any other seven wild cards (at least one joker, not all four)",
            KINDS,
            consumes=frozen_map({"wild": 7, "joker": 1}),
            least_points=170,
        ),
    ),
    going_out_kinds=(
        GoingOutKind("normal", 100, "Going out with two canastas and a final discard", CLA_SCORING),
        GoingOutKind(
            "special_straight",
            3000,
            "Straight: one card of every rank, a three included, and both kinds of wild card "
            "(a joker and a two)",
            f"{CLA_SPECIAL_MODERN}; {P_SPECIAL}",
            special=True,
        ),
        GoingOutKind(
            "special_pairs",
            2500,
            "Seven natural pairs",
            f"{CLA_SPECIAL}; {P_SPECIAL}",
            special=True,
        ),
        GoingOutKind(
            "special_wild_pairs",
            2000,
            "Wild pairs: seven pairs holding aces, sevens and one wild pair",
            f"{CLA_SPECIAL_MODERN}; {P_SPECIAL}",
            special=True,
        ),
        GoingOutKind(
            "special_garbage",
            3000,
            "Garbage: 4-4-3-3 (two fours and two threes of a kind), no wild card",
            f"{CLA_SPECIAL_MODERN}; {P_SPECIAL}",
            special=True,
        ),
        GoingOutKind(
            "special_zip_code",
            2500,
            "Zip code: 2-2-3-3-4 (two pairs, two threes and a four of a kind), matching wild cards allowed",
            CLA_SPECIAL_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
        ),
        GoingOutKind(
            "special_blast_off",
            3000,
            "Blast off: 5-4-3-2 (five, four, three and two of a kind), matching wild cards allowed",
            CLA_SPECIAL_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
        ),
        GoingOutKind(
            "special_triples",
            3500,
            "Triples: four three-of-a-kinds and a matching wild pair",
            CLA_SPECIAL_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
        ),
        GoingOutKind(
            "special_quads",
            3500,
            "Quads: three four-of-a-kinds and a matching wild pair",
            CLA_SPECIAL_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
        ),
        GoingOutKind(
            "special_miami_pairs",
            2500,
            "Miami pairs: seven pairs holding aces, sevens and both wild pairs (two jokers and two twos)",
            CLA_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
        ),
        GoingOutKind(
            "special_dream_4",
            8500,
            "Dream Hand plus 4: two five-of-a-kinds and four matching wild cards; wins the match at once",
            CLA_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
            wins_match=True,
        ),
        GoingOutKind(
            "special_dream_5",
            8500,
            "Dream Hand plus 5: a five-of-a-kind, a four-of-a-kind and five wild cards; "
            "wins the match at once",
            CLA_MODERN,
            special=True,
            removed_by=SPECIAL_HANDS_FIRST_FOUR,
            wins_match=True,
        ),
    ),
    going_out_requirement=GoingOutRequirement(2, frozen_map({}), f"{CLA_SCORING}; {P}, Going out"),
    red_threes=RedThreeRule(
        per_card=0,
        full_set_size=4,
        full_set_value=1000,
        condition=RedThreeCondition.CANASTAS,
        min_canastas=2,
        source=f"{CLA_SCORING}; {P_SCORING}",
        table=(100, 300, 500, 1000),
        black_threes=True,
    ),
    signs_by_canastas=(
        SignStep(0, -1, -1, f"{CLA_SCORING}; {P_SCORING}"),
        SignStep(1, 1, 0, f"{CLA_SCORING}; {P_SCORING}"),
        SignStep(2, 1, 1, f"{CLA_SCORING}; {P_SCORING}"),
    ),
    penalties=(
        Penalty(
            "unfinished_sevens",
            2500,
            "A meld of sevens not completed when the hand ends",
            f"{CLA_PENALTIES}; {P_PENALTIES}; {WP_MELDING}",
            "if the hand ends without your team completing this canasta, your team loses 2,500 points",
            frozen_map({"seven": 3}),
        ),
        Penalty(
            "unfinished_aces",
            2500,
            "A natural meld of aces not completed when the hand ends",
            f"{CLA_PENALTIES}; {P_PENALTIES}; {WP_MELDING}",
            "all the same rules, including the potential penalties, apply to aces as to sevens",
            frozen_map({"ace": 3}),
        ),
        Penalty(
            "unfinished_wild",
            2000,
            "A meld of wild cards not completed when the hand ends",
            f"{CLA_PENALTIES}; {P_PENALTIES}; {WP_MELDING}",
            "failing to complete a canasta once such a meld is made carries a 2,000 point penalty",
            frozen_map({"wild": 3}),
        ),
        Penalty(
            "unfinished_wild_jokers",
            2000,
            "A meld of wild cards holding the four jokers, not completed (League: as any wild meld; "
            "Pagat: 2,500)",
            f"{CLA_PENALTIES}; {P_PENALTIES}",
            consumes=frozen_map({"wild": 4, "joker": 4}),
        ),
        Penalty(
            "sevens_in_hand",
            1500,
            "Each player holding three or more sevens when the hand ends",
            f"{CLA_PENALTIES}; {P_PENALTIES}; {WP_MELDING}",
            "Retaining three or more sevens in your hand is nearly as bad, carrying a penalty of 1,500",
            frozen_map({"seven": 3}),
            per_player=True,
        ),
        Penalty(
            "aces_in_hand",
            1500,
            "Each player holding three or more aces when the hand ends",
            f"{CLA_PENALTIES}; {P_PENALTIES}; {WP_MELDING}",
            consumes=frozen_map({"ace": 3}),
            per_player=True,
        ),
    ),
    # Threes are bonus cards only: a black three has no card value either, and no card counter asks
    # for it.
    card_groups=tuple(
        dataclasses.replace(g, bonus_only=True) if g.code == "black_three" else g
        for g in with_points(CARD_GROUPS, "black_three", 0, f"{CLA_SCORING} (threes have no card value)")
    ),
    card_limits=(
        CardLimit("seven", N_("sevens"), 4, CLA_CARDS),
        CardLimit("ace", N_("aces"), 4, CLA_CARDS),
        CardLimit("wild", N_("wild cards"), 6, CLA_CARDS),
        CardLimit("joker", N_("jokers"), 2, CLA_CARDS),
    ),
    canasta_limits=(
        CanastaLimit(
            ("clean", "dirty"),
            9,
            N_("clean or dirty canastas"),
            f"{CLA_MELDS} (a rank completed is closed for both sides: 4, 5, 6, 8, 9, 10, J, Q, K)",
        ),
    ),
    house_options=(
        house_option(SPECIAL_HANDS_FIRST_FOUR, P_SPECIAL),
        house_option(DREAM_HANDS_WIN, CLA_MODERN),
        *(
            option
            for option in every_ruleset_options(
                going_out_min_canastas=2, going_out_source=f"{CLA_SCORING}; {P}, Going out"
            )
            # Threes follow the sign table by canastas, never "once the side has melded".
            if option.key != "red_threes_when_opened"
        ),
    ),
    notes=(
        "Threes of both colours are laid out on the table and have no card value: each colour is scored "
        "on its own scale (one to four threes), the two colours apart.",
        "The side's canastas at the end of the hand set the signs: none, melds and threes count against "
        "it; one, melds count for it and threes count nothing; two or more, both count for it.",
        "Canasta bonuses, going out and penalties count whatever the canastas.",
        "Going out needs two canastas of any kind; there is no bonus for going out concealed.",
        "A special hand ends the hand at once; the side that declares it has melded nothing and scores "
        "only the special hand's value and its penalties.",
        "A Dream Hand (plus 4 or plus 5) scores 8,500 and wins the match at once, whatever the totals "
        "(house option: it only scores).",
        "A canasta has at most seven cards; a rank completed is closed for both sides.",
        "No exemption from the opening minimum.",
    ),
    discrepancies=(
        Discrepancy("Garbage special hand", "CLA: 3000; Pagat: 2000", "3000 (house value 2000)"),
        Discrepancy(
            "Special hands offered",
            "CLA: eleven (zip code, blast off, triples, quads, Miami pairs and the two Dream Hands too); "
            "Pagat: straight, pairs, wild pairs, garbage",
            "CLA's eleven (house option: Pagat's four)",
        ),
        Discrepancy(
            "Unfinished wild meld holding the four jokers",
            "Pagat: 2,500; CLA: 2,000, as any unfinished wild meld",
            "2000 (CLA first; house value 2500, the Pagat preset)",
        ),
    ),
)
