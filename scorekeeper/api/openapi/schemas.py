"""The OpenAPI document's schemas, built from the rules' constants, rule sets and house-rule table,
so the limits they state are the ones the app enforces."""

from __future__ import annotations

from typing import Any, Final

from ...rules import CUSTOM, LINES, RULESET_IDS, all_rulesets, house_rule_keys
from ...rules.cards import CANASTA_SIZE, CARD_GROUP_BY_CODE, POINT_STEP, deck_cards, deck_points
from ...rules.hand import MAX_CUSTOM_POINTS, MAX_DESCRIPTION, MAX_HANDS, MAX_PENALTY_COUNT
from ...rules.house_rule_table import BANDS_KEY, MAX_MINIMUMS, OPTIONS, SECTIONS, HouseRuleKey
from ...rules.house_rules import MAX_BANDS
from ...rules.match_setup import MAX_NAME, MAX_PLAYERS_PER_SIDE, MAX_SIDES, MAX_TARGET, MIN_SIDES, MIN_TARGET
from ...rules.model import OptionKind
from ...rules.sets import ALL_FLAG_CODES
from ...services.series import MAX_NIGHTS, MAX_SERIES_NAME

#: Characters no text may hold (rules.text.UNSTORABLE), as a JSON Schema character class body: NUL.
#: Lone surrogates are refused too (422), but no pattern can name them: validators compile patterns
#: with regex engines that work on Unicode scalar values, which surrogates are not.
_BAD: Final = "\\u0000"


def name_pattern(maximum: int) -> str:
    """Storable text that is not blank and, once stripped, has at most ``maximum`` characters."""
    return f"^\\s*[^\\s{_BAD}](?:[^{_BAD}]{{0,{maximum - 2}}}[^\\s{_BAD}])?\\s*$"


#: Storable text that is not blank (its length is limited apart).
NOT_BLANK: Final = f"^[^{_BAD}]*[^\\s{_BAD}][^{_BAD}]*$"


def integer(minimum: int, maximum: int, step: int | None = None, **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "maximum": maximum, **extra}
    if step:
        schema["multipleOf"] = step
    return schema


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _most_decks() -> int:
    return max(max(rs.decks.count, rs.decks.large or 0) for rs in all_rulesets())


def _codes(section: str) -> list[str]:
    """Every code of ``section`` (``canasta_kinds``...) of any rule set, in a stable order."""
    return sorted({item.code for rs in all_rulesets() for item in getattr(rs, section)})


# --- Requests ------------------------------------------------------------------------------------


def _points_schema(row: HouseRuleKey) -> dict[str, Any]:
    return integer(row.minimum, row.maximum, row.step)


def _option_schema(row: HouseRuleKey) -> dict[str, Any]:
    """One named house option, from its row of the house-rule table."""
    if row.kind is OptionKind.SWITCH:
        return {"type": "boolean", "description": row.description}
    if row.kind is OptionKind.NUMBER:
        return integer(row.minimum, row.maximum, description=row.description)
    if row.kind is OptionKind.MINIMUMS:
        return {
            "type": "array",
            "description": f"{row.description}; not together with opening_bands (422 at house_rules).",
            "minItems": 1,
            "maxItems": MAX_MINIMUMS,
            "items": integer(row.minimum, row.maximum, row.step),
        }
    return _bands_schema()


def _bands_schema() -> dict[str, Any]:
    point = _points_schema(SECTIONS[BANDS_KEY])
    return {
        "type": "array",
        "description": "The whole opening-band table: [[null, minimum], [0, minimum], [from, minimum], ...] "
        "with ascending starts (checked by the rules: 422).",
        "minItems": 2,
        "maxItems": MAX_BANDS,
        "items": {
            "type": "array",
            "prefixItems": [{"type": ["integer", "null"]}, point],
            "minItems": 2,
            "maxItems": 2,
        },
    }


def house_rules_schema() -> dict[str, Any]:
    """Every key some rule set accepts; a key another rule set lacks answers 422 (``house_rules.KEY``)."""
    offered = {option.key for rs in all_rulesets() for option in rs.house_options}
    points = {key for rs in all_rulesets() for key in house_rule_keys(rs) if rs.house_option(key) is None}
    properties: dict[str, Any] = {key: _option_schema(OPTIONS[key]) for key in sorted(offered)}
    properties.update({key: _points_schema(SECTIONS[key.partition(".")[0]]) for key in sorted(points)})
    return {
        "type": ["object", "null"],
        "description": "Overrides of the rule set (GET /rulesets/ID lists its keys in house_rule_keys). "
        "A key the chosen rule set does not have answers 422.",
        "properties": properties,
        "additionalProperties": False,
    }


def new_match_schema() -> dict[str, Any]:
    name = {"type": "string", "pattern": name_pattern(MAX_NAME)}
    return {
        "type": "object",
        "required": ["ruleset", "sides"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
            "target": integer(MIN_TARGET, MAX_TARGET, description="Default: the rule set's target."),
            "house_rules": ref("HouseRules"),
            "first_dealer": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_SIDES * MAX_PLAYERS_PER_SIDE - 1,
                "description": "Seat in table order; must be a seat of this match (else 422).",
            },
            "sides": {
                "type": "array",
                "minItems": MIN_SIDES,
                "maxItems": MAX_SIDES,
                "description": "A player plays for one side only (else 422).",
                "items": {
                    "type": "object",
                    "required": ["name", "players"],
                    "additionalProperties": False,
                    "properties": {
                        "name": name,
                        "players": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": MAX_PLAYERS_PER_SIDE,
                            "items": name,
                        },
                    },
                },
            },
        },
    }


def penalty_schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    count = integer(1, MAX_PENALTY_COUNT, description="Default 1.")
    listed = {
        "type": "object",
        "required": ["code"],
        "additionalProperties": False,
        "properties": {"code": {"type": "string", "enum": _codes("penalties")}, "count": count},
    }
    custom = {
        "type": "object",
        "required": ["code", "points", "description"],
        "additionalProperties": False,
        "properties": {
            "code": {"const": CUSTOM},
            "count": count,
            "points": integer(POINT_STEP, MAX_CUSTOM_POINTS, POINT_STEP),
            "description": {"type": "string", "maxLength": MAX_DESCRIPTION, "pattern": NOT_BLANK},
        },
    }
    return listed, custom


def hand_input_schema() -> dict[str, Any]:
    decks = _most_decks()
    card_points = integer(0, deck_points(decks), POINT_STEP)
    most_canastas = deck_cards(decks) // CANASTA_SIZE
    side_properties: dict[str, Any] = {
        "melds": card_points,
        "hand": card_points,
        "red_threes": integer(0, decks * CARD_GROUP_BY_CODE["red_three"].per_deck),
        "black_threes": integer(
            0,
            decks * CARD_GROUP_BY_CODE["black_three"].per_deck,
            description="Black threes laid out: American Canasta only (any other rule set accepts only 0; "
            "otherwise 422 at sides.N.black_threes).",
        ),
        "canastas": {
            "type": "object",
            "properties": {code: integer(0, most_canastas) for code in _codes("canasta_kinds")},
            "additionalProperties": False,
        },
        "penalties": {"type": "array", "items": {"anyOf": [ref("Penalty"), ref("CustomPenalty")]}},
    }
    side_properties.update({code: {"type": "boolean"} for code in sorted(ALL_FLAG_CODES)})
    return {
        "type": "object",
        "required": ["number", "sides"],
        "additionalProperties": False,
        "description": "Checked against the match's rule set before anything is stored: codes it lacks, "
        "cards the decks do not hold, going out without the canastas it requires... answer 422.",
        "properties": {
            "number": integer(
                1,
                MAX_HANDS,
                description="The number this hand will have (the next one). A match holds at most "
                f"{MAX_HANDS} hands: the next after that answers 422 at number.",
            ),
            "went_out": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SIDES - 1},
            "going_out_kind": {"type": ["string", "null"], "enum": [*_codes("going_out_kinds"), None]},
            "sides": {
                "type": "array",
                "minItems": MIN_SIDES,
                "maxItems": MAX_SIDES,
                "description": "One entry for each side of the match, in order.",
                "items": {"type": "object", "additionalProperties": False, "properties": side_properties},
            },
        },
    }


# --- Answers -------------------------------------------------------------------------------------


def answer_schemas() -> dict[str, Any]:
    integers = {"type": "array", "items": {"type": "integer"}}
    breakdown = {
        "type": "object",
        "required": [*LINES, "total"],
        "properties": {line: {"type": "integer"} for line in (*LINES, "total")},
    }
    return {
        "Errors": {
            "type": "object",
            "required": ["errors"],
            "properties": {
                "errors": {
                    "type": "object",
                    "description": "Messages by field path (sides.1.melds; _ for the whole request).",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}},
                }
            },
        },
        "RuleSet": {
            "type": "object",
            "required": [
                "id",
                "name",
                "target",
                "opening_bands",
                "canasta_kinds",
                "going_out_kinds",
                "penalties",
                "house_rule_keys",
            ],
            "properties": {
                "id": {"type": "string", "enum": list(RULESET_IDS)},
                "name": {"type": "string"},
                "target": {"type": "integer"},
                "opening_bands": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["from", "minimum"],
                        "properties": {"from": {"type": ["integer", "null"]}, "minimum": {"type": "integer"}},
                    },
                },
                "canasta_kinds": {"type": "array", "items": _coded()},
                "going_out_kinds": {"type": "array", "items": _going_out()},
                "penalties": {"type": "array", "items": _coded()},
                "house_rule_keys": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Hand": {
            "type": "object",
            "required": ["number", "scores", "breakdown", "totals_after", "opening_minimums_before", "input"],
            "properties": {
                "number": {"type": "integer", "minimum": 1, "maximum": MAX_HANDS},
                "version": {"type": "integer", "description": "What If-Match names to replace the hand."},
                "scores": integers,
                "breakdown": {"type": "array", "items": breakdown},
                "totals_before": integers,
                "totals_after": integers,
                "opening_minimums_before": integers,
                "input": {"type": "object", "description": "The hand as posted, normalised."},
            },
        },
        "Match": {
            "type": "object",
            "required": ["id", "ruleset", "target", "house_rules", "sides", "finished", "winner"],
            "properties": {
                "id": {"type": "integer"},
                "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
                "target": {"type": "integer"},
                "house_rules": {"type": "object"},
                "sides": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "players", "total", "opening_minimum"],
                        "properties": {
                            "name": {"type": "string"},
                            "players": {"type": "array", "items": {"type": "string"}},
                            "total": {"type": "integer"},
                            "opening_minimum": {"type": "integer"},
                        },
                    },
                },
                "finished": {"type": "boolean"},
                "winner": {"type": ["integer", "null"]},
                "hand_count": {"type": "integer"},
                "next_hand": {"type": ["integer", "null"]},
                "created_at": {"type": "string"},
                "hands": {"type": "array", "items": ref("Hand"), "description": "Not in lists of matches."},
            },
        },
        "HandAndMatch": {
            "type": "object",
            "required": ["hand", "match"],
            "properties": {"hand": ref("Hand"), "match": ref("Match")},
        },
        "MatchOnly": {"type": "object", "required": ["match"], "properties": {"match": ref("Match")}},
    }


def _going_out() -> dict[str, Any]:
    """A way of going out: ``special`` (American Canasta's special hands), ``wins_match`` (the
    League's Dream Hands: the match ends at once with that side the winner, unless the house option
    ``dream_hands_win`` is off)."""
    coded = _coded()
    properties = {
        **coded["properties"],
        "special": {"type": "boolean"},
        "wins_match": {"type": "boolean", "description": "Going out this way wins the match at once."},
    }
    return {**coded, "properties": properties}


def _coded() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["code", "points"],
        "properties": {"code": {"type": "string"}, "points": {"type": "integer"}},
    }


def rating_schemas() -> dict[str, Any]:
    """The ratings (docs/api.md, "Ratings"): a player's rating, a prediction asked and answered."""
    name = {"type": "string", "pattern": name_pattern(MAX_NAME)}
    number = {"type": "number"}
    return {
        "Rating": {
            "type": "object",
            "required": ["player", "mu", "sigma", "ordinal", "matches"],
            "properties": {
                "player": {"type": "string"},
                "mu": number,
                "sigma": number,
                "ordinal": {**number, "description": "mu − 3 × sigma: the order of the list."},
                "matches": {"type": "integer", "minimum": 1},
            },
        },
        "PredictionRequest": {
            "type": "object",
            "required": ["sides"],
            "additionalProperties": False,
            "properties": {
                "sides": {
                    "type": "array",
                    "minItems": MIN_SIDES,
                    "maxItems": MAX_SIDES,
                    "items": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": MAX_PLAYERS_PER_SIDE,
                        "items": name,
                    },
                    "description": "Each side's player names; a name in two sides is a 422.",
                },
                "ruleset": {
                    "enum": [None, *RULESET_IDS],
                    "description": "Whose ratings: that rule set's, or every rule set's (null).",
                },
            },
        },
        "SeriesSummary": {
            "type": "object",
            "required": ["id", "name", "best", "minimum"],
            "properties": {
                "id": {"type": "integer"},
                "name": {"type": "string"},
                "best": {"type": "integer"},
                "minimum": {"type": "integer"},
            },
        },
        "NewSeries": {
            "type": "object",
            "required": ["name", "best"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string", "pattern": name_pattern(MAX_SERIES_NAME)},
                "best": {**integer(1, MAX_NIGHTS), "description": "The nights of each player that count."},
                "minimum": {**integer(0, MAX_NIGHTS), "description": "Nights to be ranked (default 1)."},
            },
        },
        "Series": {
            "type": "object",
            "required": ["id", "name", "best", "minimum", "nights", "pending", "standings"],
            "properties": {
                "id": {"type": "integer"},
                "name": {"type": "string"},
                "best": {"type": "integer"},
                "minimum": {"type": "integer"},
                "nights": {
                    "type": "array",
                    "description": "The finished events counted, in the order held.",
                    "items": {
                        "type": "object",
                        "required": ["event", "name", "held_on", "entries"],
                        "properties": {
                            "event": {"type": "integer"},
                            "name": {"type": "string"},
                            "held_on": {"type": "string", "format": "date"},
                            "entries": {"type": "integer"},
                        },
                    },
                },
                "pending": {"type": "integer", "description": "Events of the series not finished yet."},
                "standings": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["rank", "player", "total", "nights", "points", "counted", "rating"],
                        "properties": {
                            "rank": {"type": ["integer", "null"], "description": "null: under the minimum."},
                            "player": {"type": "string"},
                            "total": number,
                            "nights": {"type": "integer"},
                            "points": {"type": "array", "items": {"type": ["number", "null"]}},
                            "counted": {"type": "array", "items": {"type": "integer"}},
                            "rating": {"type": ["number", "null"]},
                        },
                    },
                },
            },
        },
        "Prediction": {
            "type": "object",
            "required": ["win"],
            "properties": {
                "win": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}},
            },
        },
    }


def components() -> dict[str, Any]:
    """Every schema the paths name, by name."""
    listed, custom = penalty_schemas()
    return {
        **rating_schemas(),
        "NewMatch": new_match_schema(),
        "HouseRules": house_rules_schema(),
        "HandInput": hand_input_schema(),
        "Penalty": listed,
        "CustomPenalty": custom,
        **answer_schemas(),
    }
