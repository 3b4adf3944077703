"""Rule sets, matches and hands as the API's JSON, and the answers that carry a hand (the shapes of
docs/api.md and of the OpenAPI document, ``/api/v1/openapi.json``)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any, Final

from flask import Response, current_app, jsonify, url_for
from flask.json.provider import DefaultJSONProvider

from ..models import as_utc
from ..rules import HandResult, RuleSet, house_rule_keys
from ..services import MatchView, hand_results


def ruleset_json(rs: RuleSet) -> dict[str, Any]:
    return {
        "id": rs.id,
        "name": rs.name,
        "description": rs.description,
        "source": rs.source,
        "target": rs.target,
        "target_source": rs.target_source,
        "players": rs.players,
        "deal": rs.deal,
        "decks": asdict(rs.decks),
        "opening_bands": [
            {"from": b.start, "minimum": b.minimum, "source": b.source} for b in rs.opening_bands
        ],
        "canasta_kinds": [
            {
                "code": k.code,
                "points": k.points,
                "description": k.description,
                "source": k.source,
                "escala": k.escala,
                "wins_match": k.wins_match,
            }
            for k in rs.canasta_kinds
        ],
        "going_out_kinds": [
            {
                "code": k.code,
                "points": k.points,
                "description": k.description,
                "source": k.source,
                "special": k.special,
                "wins_match": k.wins_match,
            }
            for k in rs.going_out_kinds
        ],
        "going_out_requirement": {
            "min_canastas": rs.going_out_requirement.min_canastas,
            "kinds": dict(rs.going_out_requirement.kinds),
            "source": rs.going_out_requirement.source,
        },
        "red_threes": {
            "per_card": rs.red_threes.per_card,
            "full_set_size": rs.red_threes.full_set_size,
            "full_set_value": rs.red_threes.full_set_value,
            "condition": rs.red_threes.condition.value,
            "min_canastas": rs.red_threes.min_canastas,
            "source": rs.red_threes.source,
            "table": list(rs.red_threes.table),
            "black_threes": rs.red_threes.black_threes,
        },
        "signs_by_canastas": [
            {"min_canastas": s.min_canastas, "melds": s.melds, "threes": s.threes, "source": s.source}
            for s in rs.signs_by_canastas
        ],
        "flags": [
            {
                "code": f.code,
                "points": f.points,
                "description": f.description,
                "source": f.source,
                "went_out_only": f.went_out_only,
                "negative_without_canasta": f.negative_without_canasta,
            }
            for f in rs.flags
        ],
        "many_canastas": [
            {"min_canastas": t.min_canastas, "points": t.points, "source": t.source} for t in rs.many_canastas
        ],
        "melds_negative_without_canasta": rs.melds_negative_without_canasta,
        "melds_only_went_out": rs.melds_only_went_out,
        "penalties": [
            {
                "code": p.code,
                "points": p.points,
                "description": p.description,
                "source": p.source,
                "quote": p.quote,
            }
            for p in rs.penalties
        ],
        "card_values": [
            {"code": g.code, "label": g.label, "points": g.points, "source": g.source} for g in rs.card_groups
        ],
        "house_options": [
            {
                "key": o.key,
                "kind": o.kind.value,
                "default": o.default,
                "description": o.description,
                "source": o.source,
                **({"minimum": o.minimum, "maximum": o.maximum} if o.maximum else {}),
            }
            for o in rs.house_options
        ],
        "house_rule_keys": house_rule_keys(rs),
        "notes": list(rs.notes),
        "discrepancies": [asdict(d) for d in rs.discrepancies],
    }


def hand_json(result: HandResult, flag_codes: Sequence[str], version: int | None = None) -> dict[str, Any]:
    """A hand; ``version`` (when known) is what ``If-Match`` must name to replace it. (Its fields are
    :func:`.hand_results.served`'s, which the hands' stored results hold as JSON.)"""
    fields = hand_results.served(result, flag_codes)
    return {"number": fields["number"], **({"version": version} if version is not None else {}), **fields}


def match_resource(mv: MatchView, with_hands: bool = True) -> dict[str, Any]:
    """The API's Match object (docs/api.md), its hands included unless ``with_hands`` is false."""
    match, state = mv.match, mv.state
    flag_codes = mv.ruleset.flag_codes
    data: dict[str, Any] = {
        "id": match.id,
        "ruleset": match.ruleset,
        "target": match.target,
        "house_rules": dict(match.house_rules),
        "sides": [
            {"name": side.name, "players": side.player_names, "total": total, "opening_minimum": minimum}
            for side, total, minimum in zip(match.sides, state.totals, state.opening_minimums, strict=True)
        ],
        "finished": state.finished,
        "winner": state.winner,
        "hand_count": len(state.hands),
        "next_hand": None if state.finished else state.next_number,
        "created_at": as_utc(match.created_at).isoformat(),
    }
    if with_hands:
        versions = mv.hand_versions()
        data["hands"] = [hand_json(h, flag_codes, v) for h, v in zip(state.hands, versions, strict=True)]
    return data


def hand_answer(mv: MatchView, number: int, body: dict[str, Any] | None = None) -> Response:
    """Hand ``number`` (or ``body`` built around it) with its version as the ETag."""
    version = mv.hand_version(number)
    hand = hand_json(mv.state.hands[number - 1], mv.ruleset.flag_codes, version)
    response = jsonify(hand if body is None else {"hand": hand, **body})
    response.set_etag(str(version))
    return response


def hand_with_match(mv: MatchView, number: int) -> Response:
    """``{"hand": HAND, "match": MATCH}``: hand ``number`` and the whole match, with the hand's
    version as the ETag."""
    if not _spliceable():
        return hand_answer(mv, number, {"match": match_resource(mv)})
    body = f'{{"hand":{_hand_text(mv, number - 1)},"match":{match_text(mv)}}}\n'
    response = _json_response(body)
    response.set_etag(str(mv.hand_version(number)))
    return response


def hand_created(mv: MatchView, number: int) -> Response:
    """201: hand ``number`` just stored, with the match (``mv``, as the hand left it)."""
    response = hand_with_match(mv, number)
    response.status_code = 201
    response.headers["Location"] = url_for(".hand", match_id=mv.match.id, number=number)
    return response


def match_answer(mv: MatchView) -> Response:
    """200: the API's Match object with its hands, as :func:`flask.jsonify` writes it."""
    if not _spliceable():
        return jsonify(match_resource(mv))
    return _json_response(f"{match_text(mv)}\n")


def _json_response(body: str) -> Response:
    response: Response = current_app.response_class(body, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]
    return response


# --- The match's JSON from each hand's, kept -----------------------------------------------------------
#
# A 60-hand match is 40 KB of JSON, which every hand added answers with (API.md): building it anew
# for each answer cost more than storing the hand. Each hand's JSON depends on that hand's result and
# version alone, so it is written once and kept in the hand's memo (:mod:`..services.match_states`,
# carried by the writes to the hands they leave unchanged); the match's JSON is put together from the
# kept pieces, byte for byte what ``jsonify`` writes of :func:`match_resource` (compact, keys sorted;
# ``tests/api/test_match_json.py``). An app that writes JSON another way gets ``jsonify``'s.

#: Where a hand's memo keeps its JSON.
HAND_MEMO = "api-hand-json"


def _spliceable() -> bool:
    """Whether the app writes JSON as :func:`match_text` puts it together: Flask's provider, keys
    sorted, compact."""
    provider = current_app.json
    if not isinstance(provider, DefaultJSONProvider) or not provider.sort_keys:
        return False
    return not (provider.compact is False or (provider.compact is None and current_app.debug))


def _dumps(value: Any) -> str:
    """``value`` as the app's provider writes it, compact (:func:`_spliceable`): by one encoder kept
    per provider, not one made for each call as ``json.dumps`` does."""
    provider = current_app.json
    encoder = _ENCODERS.get(id(provider))
    if encoder is None or encoder[0] is not provider:
        made = json.JSONEncoder(
            separators=(",", ":"),
            sort_keys=True,
            ensure_ascii=getattr(provider, "ensure_ascii", True),
            default=getattr(provider, "default", None),
        )
        encoder = _ENCODERS[id(provider)] = (provider, made)
    return encoder[1].encode(value)


#: The encoder of each app's JSON provider (the provider kept with it, so that an id is not reused).
_ENCODERS: dict[int, tuple[Any, json.JSONEncoder]] = {}
#: Stands for the hands in the match's JSON until they are put in (:func:`match_text`).
_HANDS_HERE: Final = f"hands-{secrets.token_hex(16)}"


def _hand_text(mv: MatchView, index: int) -> str:
    """The JSON of hand ``index + 1`` with its version, kept in its memo when the view has one: from
    the hand's stored JSON when the view was read from the stored results (and the app writes ASCII,
    as they are stored), else written here."""
    memo = mv.memos[index] if mv.memos is not None else None
    text = memo.get(HAND_MEMO) if memo is not None else None
    if text is None:
        version = mv.hand_versions()[index]
        stored = memo.get(hand_results.SERVED_MEMO) if memo is not None else None
        if stored is not None and getattr(current_app.json, "ensure_ascii", True) is True:
            text = hand_results.with_version(stored, version)
        else:
            text = _dumps(hand_json(mv.state.hands[index], mv.ruleset.flag_codes, version))
        if memo is not None:
            memo[HAND_MEMO] = text
    return str(text)


def match_text(mv: MatchView) -> str:
    """The JSON of :func:`match_resource` with the hands, from each hand's kept JSON: the match's
    other fields written at once around a placeholder, which the hands then replace."""
    hands = f"[{','.join(_hand_text(mv, i) for i in range(len(mv.state.hands)))}]"
    text = _dumps({**match_resource(mv, with_hands=False), "hands": _HANDS_HERE})
    placeholder = _dumps(_HANDS_HERE)
    if text.count(placeholder) == 1:
        return text.replace(placeholder, hands)
    # (a name holding the placeholder, however unlikely: each field written on its own)
    pieces = {key: _dumps(value) for key, value in match_resource(mv, with_hands=False).items()}
    pieces["hands"] = hands
    return "{" + ",".join(f"{_dumps(key)}:{pieces[key]}" for key in sorted(pieces)) + "}"
