"""The rules of Canasta and its variants: pure data and functions, no web or database code.

Typical use::

    rs = get_ruleset("classic", house_rules={})
    hand = parse_hand(rs, data, players=[2, 2])       # raises ValidationError with field paths
    breakdown = score_hand(rs, hand)                  # one Breakdown per side
    state = fold_match(rs, target=5000, sides=2, hands=[hand])
"""

from .cards import CARD_GROUPS, count_points, deck_points
from .errors import N_, FieldError, UnknownRuleSet, ValidationError
from .hand import CUSTOM, HandInput, PenaltyEntry, SideHand, check_sides, load_hand, parse_hand
from .house_rules import apply_house_rules, house_rule_keys
from .match import HandResult, MatchState, decide, fold_match, opening_minimum
from .model import RuleSet
from .registry import RULESET_IDS, all_rulesets, get_ruleset
from .scoring import LINES, Breakdown, score_hand

__all__ = [
    "CARD_GROUPS",
    "CUSTOM",
    "LINES",
    "N_",
    "RULESET_IDS",
    "Breakdown",
    "FieldError",
    "HandInput",
    "HandResult",
    "MatchState",
    "PenaltyEntry",
    "RuleSet",
    "SideHand",
    "UnknownRuleSet",
    "ValidationError",
    "all_rulesets",
    "apply_house_rules",
    "check_sides",
    "count_points",
    "decide",
    "deck_points",
    "fold_match",
    "get_ruleset",
    "house_rule_keys",
    "load_hand",
    "opening_minimum",
    "parse_hand",
    "score_hand",
]
