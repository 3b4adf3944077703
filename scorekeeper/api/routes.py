"""API routes. Every route needs ``Authorization: Bearer TOKEN``; matches of other accounts are 404."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Response, current_app, g, jsonify, request, url_for

from .. import page_cache
from ..access import authorize, current_club
from ..models import as_utc
from ..rules import N_, RULESET_IDS, UnknownRuleSet, all_rulesets, get_ruleset
from ..services import (
    MAX_ID,
    MAX_PAGE,
    Conflict,
    NotFound,
    add_hand,
    create_match,
    delete_last_hand,
    delete_match,
    get_match,
    list_matches,
    rating_reads,
    replace_hand,
    view,
)
from ..services.accounts import user_for_token
from ..services.match_reads import match_version
from .blueprint import bp
from .errors import BadJson, error_response, message
from .idempotency import key_from_header
from .serialize import hand_answer, hand_created, hand_with_match, match_answer, match_resource, ruleset_json

F = TypeVar("F", bound=Callable[..., Any])


def token_required(view_function: F) -> F:
    """Let the request through only with a valid bearer token; its user is ``g.api_user``."""

    @wraps(view_function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        user = user_for_token(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
        if user is None:
            return message(
                401,
                "A valid API token is required (Authorization: Bearer TOKEN).",
                **{"WWW-Authenticate": 'Bearer realm="scorekeeper"'},
            )
        g.api_user = user
        authorize(user.id)  # the route's club and the token's account's role there (scorekeeper.access)
        return view_function(*args, **kwargs)

    return cast(F, wrapper)


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def json_body() -> Any:
    """The request body parsed as strict JSON (no NaN or Infinity). :raise BadJson: it is not JSON."""
    try:
        body = json.loads(request.get_data(cache=False) or b"", parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise BadJson() from None
    if isinstance(body, dict) and isinstance(body.get("club"), str):
        del body["club"]  # the club a create works in: scorekeeper.access has read it
    return body


@bp.get("/rulesets")
@token_required
def rulesets() -> Response:
    return jsonify([ruleset_json(rs) for rs in all_rulesets()])


@bp.get("/rulesets/<ruleset_id>")
@token_required
def ruleset(ruleset_id: str) -> Response:
    try:
        return jsonify(ruleset_json(get_ruleset(ruleset_id)))
    except UnknownRuleSet:
        return message(404, f"Unknown rule set; known: {', '.join(RULESET_IDS)}.")


@bp.get("/matches")
@token_required
def matches() -> Response:
    raw = request.args.get("page", "1")
    page = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= len(str(MAX_PAGE)) else 0
    if not 1 <= page <= MAX_PAGE:
        return error_response(422, {"page": [f"Must be a page number from 1 to {MAX_PAGE}."]})
    views, pages = list_matches(current_club().id, page, bp_page_size())
    response = jsonify([match_resource(mv, with_hands=False) for mv in views])
    last = max(1, pages.pages)
    links = [
        f'<{url_for(".matches", page=p, _external=True)}>; rel="{rel}"'
        for rel, p in (("first", 1), ("prev", page - 1), ("next", page + 1), ("last", last))
        if 1 <= p <= last
    ]
    response.headers["Link"] = ", ".join(links)
    response.headers["X-Total-Count"] = str(pages.total)
    response.headers["X-Page"] = str(page)
    return response


def bp_page_size() -> int:
    from flask import current_app

    return int(current_app.config["API_PAGE_SIZE"])


@bp.post("/matches")
@token_required
def new_match() -> tuple[Response, int, dict[str, str]]:
    match = create_match(current_club().id, json_body())
    location = url_for(".match", match_id=match.id)
    return jsonify(match_resource(view(match))), 201, {"Location": location}


@bp.get("/matches/<int:match_id>")
@token_required
def match(match_id: int) -> Response:
    """The match with its hands: folded and serialised once per version, then served from the
    process's store of answers (:mod:`scorekeeper.page_cache`) after one small query."""
    club = current_club()
    if not 1 <= match_id <= MAX_ID:
        raise NotFound(match_id)
    row = match_version(club.id, match_id)
    if row is None:
        raise NotFound(match_id)
    body = page_cache.fetch(match_key(club.id, match_id, row.revision, row.updated_at, club.roster_revision))
    if body is None:
        stored = get_match(club.id, match_id)
        response = match_answer(view(stored))
        # Kept under the version of the rows it was made from: under READ COMMITTED a change
        # committed since the query above can only make it newer than that key, never older.
        key = match_key(club.id, match_id, stored.revision, stored.updated_at, club.roster_revision)
        page_cache.store(key, response.get_data(as_text=True))
        return response
    return current_app.response_class(body, mimetype=current_app.json.mimetype)  # type: ignore[attr-defined]


@bp.delete("/matches/<int:match_id>")
@token_required
def remove_match(match_id: int) -> Response:
    """Delete the match with everything of it (404 from then on); 409 for a match that must stay."""
    delete_match(get_match(current_club().id, match_id))
    return current_app.response_class(status=204)


def match_key(
    club_id: int, match_id: int, revision: int, updated_at: Any, roster_revision: int
) -> tuple[Any, ...]:
    """Where the answer for a match is kept: every change to the match bumps its ``revision`` (and
    ``updated_at``) in its own transaction, and renaming or merging the account's players bumps the
    ``roster_revision`` (the answer holds their names); so a change reaches a new key, and nothing
    needs forgetting. The store is per process, and so is the serialiser's code."""
    return ("api-match", club_id, match_id, revision, as_utc(updated_at), roster_revision)


@bp.post("/matches/<int:match_id>/hands")
@token_required
def new_hand(match_id: int) -> Response:
    """Store the next hand; the answer is rendered after the service committed it (and rendered so
    again for a repeat of an ``Idempotency-Key``: :mod:`.idempotency`)."""
    stored, data = get_match(current_club().id, match_id), json_body()
    result, mv = add_hand(stored, data, g.api_user.id, key_from_header(match_id, data))
    return hand_created(mv, result.number)


def expected_version() -> int | None:
    """The hand version named by ``If-Match`` (``"3"``, ``W/"3"`` or ``3``), if the client sent one.

    :raise Conflict: the header is there but names no version (it can never match).
    """
    raw = request.headers.get("If-Match")
    if raw is None or raw.strip() == "*":
        return None
    value = raw.strip().removeprefix("W/").strip('"')
    if not (value.isascii() and value.isdigit()):
        raise Conflict(N_("If-Match must name the hand's version, as given in its ETag."))
    return int(value)


@bp.get("/matches/<int:match_id>/hands/<int:number>")
@token_required
def hand(match_id: int, number: int) -> Response:
    mv = view(get_match(current_club().id, match_id))
    if not 1 <= number <= len(mv.state.hands):
        return message(404, "Not found.")
    return hand_answer(mv, number)


@bp.put("/matches/<int:match_id>/hands/<int:number>")
@token_required
def edit_hand(match_id: int, number: int) -> Response:
    """Replace a hand; with ``If-Match: "VERSION"`` only if nobody changed it meanwhile (else 409)."""
    stored = get_match(current_club().id, match_id)
    version = expected_version()
    _result, mv = replace_hand(stored, number, json_body(), g.api_user.id, expected_version=version)
    return hand_with_match(mv, number)


@bp.delete("/matches/<int:match_id>/hands/<int:number>")
@token_required
def remove_hand(match_id: int, number: int) -> Response:
    mv = delete_last_hand(get_match(current_club().id, match_id), number, g.api_user.id)
    return jsonify({"match": match_resource(mv)})


@bp.get("/ratings")
@token_required
def ratings() -> Response:
    """The account's rated players, best first; ``?ruleset=ID`` that rule set's matches alone (404
    for an unknown one)."""
    raw = request.args.get("ruleset")
    if raw is not None and raw not in RULESET_IDS:  # an empty value names no rule set either
        return message(404, f"Unknown rule set; known: {', '.join(RULESET_IDS)}.")
    scope = rating_reads.scope_of(raw)
    return jsonify(
        [
            {"player": s.name, "mu": s.mu, "sigma": s.sigma, "ordinal": s.ordinal, "matches": s.matches}
            for s in rating_reads.ladder(current_club().id, scope)
        ]
    )


@bp.post("/ratings/predict")
@token_required
def predict() -> Response:
    """Each side's chance to win, by the model, from the ratings of ``ruleset`` (every rule set if
    null); unknown names at the default. 422: a name in two sides, an unknown rule set."""
    sides, scope = rating_reads.parse_prediction(json_body())
    return jsonify({"win": rating_reads.predict(current_club().id, sides, scope)})
