"""The OpenAPI operations and schemas of clubs and their members (API.md, "Clubs")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...models import ROLES
from ...services.clubs import LANGUAGES, PUBLIC_NAMES
from .schemas import ref

SLUG = {"type": "string", "pattern": "^[a-z0-9-]{3,40}$"}
NAME = {"type": "string", "minLength": 1, "maxLength": 80}
ZONE = {"type": "string", "minLength": 1, "maxLength": 64, "description": "An IANA time zone."}


def club_schemas() -> dict[str, Any]:
    return {
        "Club": {
            "type": "object",
            "required": [
                "id",
                "slug",
                "name",
                "personal",
                "public",
                "public_names",
                "role",
                "language",
                "time_zone",
            ],
            "properties": {
                "id": {"type": "integer"},
                "slug": {"type": "string"},
                "name": {"type": "string"},
                "personal": {"type": "boolean"},
                "public": {"type": "boolean"},
                "public_names": {"enum": list(PUBLIC_NAMES)},
                "role": {"enum": list(ROLES)},
                "language": {"enum": list(LANGUAGES)},
                "time_zone": {"type": "string"},
            },
        },
        "Invitation": {
            "type": "object",
            "required": ["id", "role", "uses_left", "expires_at", "revoked", "state"],
            "properties": {
                "id": {"type": "integer"},
                "url": {"type": "string", "description": "Only when just made."},
                "token": {"type": "string", "description": "Only when just made: never shown again."},
                "role": {"enum": list(ROLES)},
                "uses_left": {"type": "integer"},
                "expires_at": {"type": "string", "format": "date-time"},
                "revoked": {"type": "boolean"},
                "state": {"enum": ["valid", "used_up", "expired", "revoked"]},
            },
        },
        "Member": {
            "type": "object",
            "required": ["username", "role", "player", "joined_at"],
            "properties": {
                "username": {"type": "string"},
                "role": {"enum": list(ROLES)},
                "player": {"type": ["string", "null"]},
                "joined_at": {"type": "string", "format": "date-time"},
            },
        },
    }


def club_paths(answers: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """``answers`` is :func:`.paths._answers` (success answers, then the error statuses)."""
    slug = {"name": "slug", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
    username = {
        "name": "username",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "maxLength": 40},
    }

    def body(schema: dict[str, Any]) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": schema}}}

    settings: dict[str, Any] = {"name": NAME, "language": {"enum": list(LANGUAGES)}, "time_zone": ZONE}
    club = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            **settings,
            "public": {"type": "boolean"},
            "public_names": {"enum": list(PUBLIC_NAMES)},
        },
    }
    new_club = {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "slug"],
        "properties": {**settings, "slug": SLUG},
    }
    return {
        "/clubs": {
            "get": {
                "operationId": "listClubs",
                "summary": "The caller's clubs, the personal one first.",
                "responses": answers({200: ("The clubs.", {"type": "array", "items": ref("Club")}, None)}),
            },
            "post": {
                "operationId": "createClub",
                "summary": "A new club; the caller is its owner.",
                "requestBody": body(new_club),
                "responses": answers(
                    {201: ("The club.", ref("Club"), None)},
                    422,
                    c422="A field missing or wrong, or the slug taken (at slug).",
                ),
            },
        },
        "/clubs/{slug}": {
            "get": {
                "operationId": "getClub",
                "summary": "The club, with the caller's role.",
                "parameters": [slug],
                "responses": answers({200: ("The club.", ref("Club"), None)}, 404),
            },
            "patch": {
                "operationId": "changeClub",
                "summary": "Change the club's settings (owner).",
                "parameters": [slug],
                "requestBody": body(club),
                "responses": answers(
                    {200: ("The club.", ref("Club"), None)},
                    403,
                    404,
                    409,
                    422,
                    c409="A personal club cannot be published.",
                ),
            },
            "delete": {
                "operationId": "deleteClub",
                "summary": "Delete the club and all it holds (owner).",
                "parameters": [slug],
                "responses": answers(
                    {204: ("Deleted.", None, None)},
                    403,
                    404,
                    409,
                    c409="A personal club goes only with its account.",
                ),
            },
        },
        "/clubs/{slug}/members": {
            "get": {
                "operationId": "listMembers",
                "summary": "The club's members and their roles.",
                "parameters": [slug],
                "responses": answers(
                    {200: ("The members.", {"type": "array", "items": ref("Member")}, None)}, 404
                ),
            },
        },
        "/clubs/{slug}/members/{username}": {
            "patch": {
                "operationId": "changeRole",
                "summary": "Give a member another role (owner).",
                "parameters": [slug, username],
                "requestBody": body(
                    {
                        "type": "object",
                        "required": ["role"],
                        "additionalProperties": False,
                        "properties": {"role": {"enum": list(ROLES)}},
                    }
                ),
                "responses": answers(
                    {200: ("The member.", ref("Member"), None)},
                    403,
                    404,
                    409,
                    422,
                    c409="The last owner cannot be demoted.",
                ),
            },
            "delete": {
                "operationId": "removeMember",
                "summary": "Remove a member (owner), or leave the club (the member itself).",
                "parameters": [slug, username],
                "responses": answers(
                    {204: ("Removed.", None, None)},
                    403,
                    404,
                    409,
                    c409="The last owner, or the personal club, cannot be left.",
                ),
            },
        },
        "/clubs/{slug}/invitations": {
            "get": {
                "operationId": "listInvitations",
                "summary": "The club's invitations, newest first, without their tokens (director).",
                "parameters": [slug],
                "responses": answers(
                    {200: ("The invitations.", {"type": "array", "items": ref("Invitation")}, None)}, 403, 404
                ),
            },
            "post": {
                "operationId": "createInvitation",
                "summary": "An invitation: its url and token are shown in this answer only (director: scorer"
                " or member; owner: any role).",
                "parameters": [slug],
                "requestBody": body(
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "role": {"enum": list(ROLES)},
                            "uses": {"type": "integer", "minimum": 1, "maximum": 500},
                            "expires_in_days": {"type": "integer", "minimum": 1, "maximum": 90},
                        },
                    }
                ),
                "responses": answers({201: ("The invitation.", ref("Invitation"), None)}, 403, 404, 422),
            },
        },
        "/clubs/{slug}/invitations/{invitation_id}": {
            "delete": {
                "operationId": "revokeInvitation",
                "summary": "Revoke the invitation: its link answers 410 from now on (director).",
                "parameters": [
                    slug,
                    {
                        "name": "invitation_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 1, "maximum": 2147483647},
                    },
                ],
                "responses": answers({204: ("Revoked.", None, None)}, 403, 404),
            }
        },
        "/invitations/accept": {
            "post": {
                "operationId": "acceptInvitation",
                "summary": "Join the invitation's club with its role (201); a member already: 200.",
                "requestBody": body(
                    {
                        "type": "object",
                        "required": ["token"],
                        "additionalProperties": False,
                        "properties": {"token": {"type": "string", "maxLength": 100}},
                    }
                ),
                "responses": {
                    **answers(
                        {201: ("Joined.", ref("Club"), None), 200: ("A member already.", ref("Club"), None)},
                        422,
                    ),
                    "410": {
                        "description": "The invitation is used up, expired, revoked, or unknown.",
                        "content": {"application/json": {"schema": ref("Errors")}},
                    },
                },
            }
        },
    }
