"""Clubs in the API (API.md, "Clubs"): ``/clubs`` (the caller's, and a new one), ``/clubs/SLUG``
(read, change, delete) and ``/clubs/SLUG/members`` (list, change a role, remove or leave). Who may
call each is declared in :data:`scorekeeper.access.ACCESS`; the rules live in
:mod:`scorekeeper.services.clubs`."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, jsonify, url_for

from ..access import current_club
from ..models import Club, Invitation, as_utc
from ..rules import N_, FieldError, ValidationError
from ..services import clubs as service
from ..services import invitations
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
    membership = service.set_role(service.get_club(slug), username, json_body(), g.api_user.id)
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
    service.remove_member(service.get_club(slug), username, g.api_user.id)
    return current_app.response_class(status=204)


def invitation_json(invitation: Invitation, token: str | None = None) -> dict[str, Any]:
    """An invitation as API.md writes it; its ``url`` and ``token`` only when just made."""
    made = {"url": url_for("clubs.join", token=token, _external=True), "token": token} if token else {}
    return {
        "id": invitation.id, **made, "role": invitation.role, "uses_left": invitation.uses_left,
        "expires_at": as_utc(invitation.expires_at).isoformat(),
        "revoked": invitation.revoked_at is not None, "state": invitations.state(invitation),
    }


@bp.post("/clubs/<slug>/invitations")
@token_required
def new_invitation(slug: str) -> tuple[Response, int] | Response:
    club = current_club()
    try:
        invitation, token = invitations.create_invitation(
            service.get_club(slug), g.api_user.id, club.role, json_body()
        )
    except invitations.NotAllowed:
        return message(403, "A director invites scorers and members; an owner invites to any role.")
    return jsonify(invitation_json(invitation, token)), 201


@bp.get("/clubs/<slug>/invitations")
@token_required
def list_invitations(slug: str) -> Response:
    return jsonify([invitation_json(i) for i in invitations.invitations_of(current_club().id)])


@bp.delete("/clubs/<slug>/invitations/<int:invitation_id>")
@token_required
def revoke_invitation(slug: str, invitation_id: int) -> Response:
    invitations.revoke_invitation(service.get_club(slug), invitation_id, g.api_user.id)
    return current_app.response_class(status=204)


@bp.post("/invitations/accept")
@token_required
def accept_invitation() -> tuple[Response, int]:
    """Join with an invitation's token: 201 with CLUB, 200 for a member already, 410 when it cannot
    be used (``reason``: used_up, expired, revoked, unknown)."""
    data = json_body()
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(data, dict) or set(data) != {"token"}:
        raise ValidationError([FieldError("token", N_("Required."))])
    if not isinstance(token, str) or not 1 <= len(token) <= MAX_TOKEN:
        raise ValidationError([FieldError("token", N_("Must be an invitation's token."))])
    try:
        club, role, joined = invitations.accept(token, g.api_user.id)
    except invitations.Gone as gone:
        answer = message(410, GONE[gone.reason])
        return answer, 410
    return jsonify(club_json(club, role)), 201 if joined else 200


MAX_TOKEN = 100
GONE = {
    "used_up": "This invitation has been used up.",
    "expired": "This invitation has expired.",
    "revoked": "This invitation was revoked.",
    "unknown": "No such invitation.",
}
