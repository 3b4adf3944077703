"""The rules of Canasta and its variants: pure data and functions, no web or database code.

Typical use::

    rs = get_ruleset("classic", house_rules={})
    hand = parse_hand(rs, data, players=[2, 2])       # raises ValidationError with field paths
    breakdown = score_hand(rs, hand)                  # one Breakdown per side
    state = fold_match(rs, target=5000, sides=2, hands=[hand])
    setup = check_new_match(data)                     # a new match: rule set, target, sides, seats
"""

from .cards import CARD_GROUPS, count_points, deck_points
from .errors import N_, FieldError, UnknownRuleSet, ValidationError
from .hand import CUSTOM, HandInput, PenaltyEntry, SideHand, load_hand, parse_hand
from .house_rules import apply_house_rules, house_rule_keys
from .match import HandResult, MatchState, decide, fold_match, leader, opening_minimum
from .match_setup import MatchSetup, SideSetup, check_new_match, check_sides
from .model import RuleSet
from .presets import PRESETS, Preset, preset_of, presets_for
from .registry import RULESET_IDS, all_rulesets, get_ruleset
from .scoring import LINES, Breakdown, score_hand

__all__ = [
    "CARD_GROUPS",
    "CUSTOM",
    "LINES",
    "N_",
    "PRESETS",
    "RULESET_IDS",
    "Breakdown",
    "FieldError",
    "HandInput",
    "HandResult",
    "MatchSetup",
    "MatchState",
    "PenaltyEntry",
    "Preset",
    "RuleSet",
    "SideHand",
    "SideSetup",
    "UnknownRuleSet",
    "ValidationError",
    "all_rulesets",
    "apply_house_rules",
    "check_new_match",
    "check_sides",
    "count_points",
    "decide",
    "deck_points",
    "fold_match",
    "get_ruleset",
    "house_rule_keys",
    "leader",
    "load_hand",
    "opening_minimum",
    "parse_hand",
    "preset_of",
    "presets_for",
    "score_hand",
]
