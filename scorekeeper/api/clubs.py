"""Clubs in the API (API.md, "Clubs"): ``/clubs`` (the caller's, and a new one), ``/clubs/SLUG``
(read, change, delete) and ``/clubs/SLUG/members`` (list, change a role, remove or leave). Who may
call each is declared in :data:`scorekeeper.access.ACCESS`; the rules live in
:mod:`scorekeeper.services.clubs`."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, jsonify, url_for

from ..access import current_club
from ..models import Club, as_utc
from ..services import clubs as service
from .blueprint import bp
from .errors import message
from .routes import json_body, token_required


def club_json(club: Club, role: str) -> dict[str, Any]:
    """CLUB: the club as API.md writes it, with the caller's ``role``."""
    return {
        "id": club.id,
        "slug": club.slug,
        "name": club.name,
        "personal": club.personal,
        "public": club.public,
        "public_names": club.public_names,
        "role": role,
        "language": club.language,
        "time_zone": club.time_zone,
    }


@bp.get("/clubs")
@token_required
def clubs() -> Response:
    return jsonify([club_json(club, role) for club, role in service.clubs_of(g.api_user.id)])


@bp.post("/clubs")
@token_required
def new_club() -> tuple[Response, int, dict[str, str]]:
    club = service.create_club(g.api_user.id, json_body())
    return jsonify(club_json(club, "owner")), 201, {"Location": url_for(".club", slug=club.slug)}


@bp.get("/clubs/<slug>")
@token_required
def club(slug: str) -> Response:
    return jsonify(club_json(service.get_club(slug), current_club().role))


@bp.patch("/clubs/<slug>")
@token_required
def change_club(slug: str) -> Response:
    changed = service.update_club(service.get_club(slug), json_body())
    return jsonify(club_json(changed, current_club().role))


@bp.delete("/clubs/<slug>")
@token_required
def remove_club(slug: str) -> Response:
    service.delete_club(service.get_club(slug))
    return current_app.response_class(status=204)


@bp.get("/clubs/<slug>/members")
@token_required
def members(slug: str) -> Response:
    return jsonify(
        [
            {"username": username, "role": role, "player": None, "joined_at": as_utc(joined).isoformat()}
            for username, role, joined in service.members(current_club().id)
        ]
    )


@bp.patch("/clubs/<slug>/members/<username>")
@token_required
def change_member(slug: str, username: str) -> Response:
    membership = service.set_role(service.get_club(slug), username, json_body())
    return jsonify(
        {
            "username": membership.user.username,
            "role": membership.role,
            "player": None,
            "joined_at": as_utc(membership.joined_at).isoformat(),
        }
    )


@bp.delete("/clubs/<slug>/members/<username>")
@token_required
def remove_member(slug: str, username: str) -> Response:
    """An owner removes a member; any member may remove itself (leave)."""
    if username.casefold() != g.api_user.username and not current_club().allows("owner"):
        return message(403, "Only an owner removes another member; a member may leave.")
    service.remove_member(service.get_club(slug), username)
    return current_app.response_class(status=204)
