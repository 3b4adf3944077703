"""Who may do what, for every route, in one table (:data:`ACCESS`).

Each endpoint names where its club comes from and the least role it needs there:

- ``match``, ``player``, ``event``, ``series``, ``job``: the resource in the URL (``match_id``,
  ``player_id``, ``event_id``, ``series_id``, ``job_id``); its club is the resource's;
- ``club``: the club whose slug is in the URL;
- ``requested``: lists and creates: ``?club=SLUG``, else the JSON body's ``"club"``, else the
  session's current club (``session["club_id"]``, still a member), else the personal club;
- ``account``: a signed-in account, no club (the account's own pages, the rule sets);
- ``token``: a share, table or wall link, checked by the route itself (no membership look-up);
- ``public``: anyone.

:func:`authorize` resolves the club and the caller's role in one statement and sets ``g.club``
(:class:`ClubAccess`). Outside the club (or no such resource) it answers 404, as another account's
match always did; below the role, 403. Pages are authorized before the view runs
(:func:`register`); the API after its bearer token is checked (``api.routes.token_required``).
Views read the club from ``g.club`` and never check ownership themselves. A test walks the URL map
with every role (tests/web/test_club_access.py); an endpoint missing here fails it, and at run time
answers 500 rather than let an undeclared route through.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from flask import Flask, abort, g, request, session

from .models import ROLES
from .services import club_reads
from .services.errors import MAX_ID
from .services.unit_of_work import ACTING

#: A role's rank: lower holds more rights (an owner may do all a director may, and so on).
RANK: Final = {role: rank for rank, role in enumerate(ROLES)}
SESSION_KEY: Final = "club_id"
#: What the API says (pages show their own error page): as for another account's match before clubs.
NOT_FOUND: Final = "Not found."
FORBIDDEN: Final = "Your role in this club does not allow this."


@dataclass(frozen=True)
class Need:
    """Where a route's club comes from, and the least role it needs there (None: no club)."""

    source: str
    role: str | None = None
    #: The view answers first from one statement that checks the membership itself (the
    #: scoreboard's 304 and kept page), then calls :func:`require` before doing anything else.
    quick: bool = False


PUBLIC, ACCOUNT, TOKEN = Need("public"), Need("account"), Need("token")


def _m(role: str) -> Need:
    return Need("match", role)


def _e(role: str) -> Need:
    return Need("event", role)


def _r(role: str) -> Need:
    return Need("requested", role)


#: Every endpoint of the app. Reading it is reading the permissions.
ACCESS: Final[dict[str, Need]] = {
    # Clubs: the account's list and a new one; switching to, reading and leaving a club of its own
    "clubs.index": ACCOUNT,
    "clubs.switch": Need("club", "member"),
    "clubs.members": Need("club", "member"),
    "clubs.leave": Need("club", "member"),
    # Anyone
    "static": PUBLIC,
    "i18n.switch": PUBLIC,
    "pwa.manifest": PUBLIC,
    "pwa.service_worker": PUBLIC,
    "pwa.offline": PUBLIC,
    "health.healthz": PUBLIC,
    "auth.login": PUBLIC,
    "auth.register": PUBLIC,
    "api.openapi": PUBLIC,
    # Links that carry their own token
    "share.view": TOKEN,
    "share.board": TOKEN,
    "tables.table": TOKEN,
    "tables.table_post": TOKEN,
    "tables.rules": TOKEN,
    "tables.state": TOKEN,
    "tables.wall_view": TOKEN,
    "tables.wall_view_board": TOKEN,
    "api.table": TOKEN,
    "api.table_confirm": TOKEN,
    "api.table_hand": TOKEN,
    # The account itself
    "auth.logout": ACCOUNT,
    "auth.delete_account_page": ACCOUNT,
    "auth.devices": ACCOUNT,
    "auth.change_password": ACCOUNT,
    "auth.tokens": ACCOUNT,
    "matches.queue_texts_json": ACCOUNT,
    "api.rulesets": ACCOUNT,
    "api.ruleset": ACCOUNT,
    "api.clubs": ACCOUNT,
    "api.new_club": ACCOUNT,
    # A club named in the URL: members read it, owners change it (a member may leave)
    "api.club": Need("club", "member"),
    "api.members": Need("club", "member"),
    "api.remove_member": Need("club", "member"),
    "api.change_club": Need("club", "owner"),
    "api.remove_club": Need("club", "owner"),
    "api.change_member": Need("club", "owner"),
    # Invitations: directors make and revoke them (an owner for any role); any account accepts one
    "api.new_invitation": Need("club", "director"),
    "api.list_invitations": Need("club", "director"),
    "api.revoke_invitation": Need("club", "director"),
    "api.accept_invitation": ACCOUNT,
    "clubs.invitations": Need("club", "director"),
    "clubs.revoke": Need("club", "director"),
    "clubs.log": Need("club", "director"),
    "clubs.change_role": Need("club", "owner"),
    "clubs.remove": Need("club", "owner"),
    "clubs.join": PUBLIC,
    "clubs.accept": ACCOUNT,
    # A club's lists (the requested club)
    "matches.index": _r("member"),
    "matches.history": _r("member"),
    "players.index": _r("member"),
    "players.ratings": _r("member"),
    "players.series_index": _r("member"),
    "events.index": _r("member"),
    "transfer.history_csv": _r("member"),
    "transfer.history_json": _r("member"),
    "transfer.history_xlsx": _r("member"),
    "api.matches": _r("member"),
    "api.ratings": _r("member"),
    "api.predict": _r("member"),
    "api.list_series": _r("member"),
    "api.events": _r("member"),
    # Creating in the requested club
    "matches.new": _r("scorer"),
    "matches.chances": _r("scorer"),
    "transfer.index": _r("scorer"),
    "api.new_match": _r("scorer"),
    "events.new": _r("director"),
    "events.new_series": _r("director"),
    "api.create_series": _r("director"),
    "api.new_event": _r("director"),
    # A match: members read it, scorers enter and correct hands, directors delete it
    "matches.show": Need("match", "member", quick=True),
    "matches.charts": _m("member"),
    "matches.log": _m("member"),
    "matches.hand_detail": _m("member"),
    "matches.sync_state": _m("member"),
    "matches.hand_template": _m("member"),
    "transfer.match_csv": _m("member"),
    "transfer.match_backup": _m("member"),
    "transfer.match_xlsx": _m("member"),
    "referee.opening": _m("member"),
    "referee.penalties": _m("member"),
    "referee.reference": _m("member"),
    "pwa.match_rules": _m("member"),
    "api.match": _m("member"),
    "api.hand": _m("member"),
    "matches.new_hand": _m("scorer"),
    "matches.edit_hand": _m("scorer"),
    "matches.delete_hand": _m("scorer"),
    "matches.undo_hand": _m("scorer"),
    "matches.preview": _m("scorer"),
    "matches.sync_hand": _m("scorer"),
    "matches.sync_edit": _m("scorer"),
    "matches.rematch": _m("scorer"),
    "matches.reopen": _m("scorer"),
    "share.create": _m("scorer"),
    "share.revoke": _m("scorer"),
    "api.new_hand": _m("scorer"),
    "api.edit_hand": _m("scorer"),
    "api.remove_hand": _m("scorer"),
    "matches.delete": _m("director"),
    "api.remove_match": _m("director"),
    # Players and series: members read, directors keep the roster
    "players.show": Need("player", "member"),
    "players.merge": Need("player", "director"),
    "players.rename": Need("player", "director"),
    "players.series_page": Need("series", "member"),
    "players.series_csv": Need("series", "member"),
    "api.series": Need("series", "member"),
    "api.include_event": Need("series", "director"),
    "api.exclude_event": Need("series", "director"),
    "transfer.job": Need("job", "member"),
    # Events: members watch the wall and read the standings, directors run the night
    "tables.wall": _e("member"),
    "tables.wall_board": _e("member"),
    "events.export_csv": _e("member"),
    "events.export_json": _e("member"),
    "api.event": _e("member"),
    "events.show": _e("director"),
    "events.make_cards": _e("director"),
    "events.add_entry": _e("director"),
    "events.presence": _e("director"),
    "events.finish": _e("director"),
    "events.correct": _e("director"),
    "events.print_seating": _e("director"),
    "events.print_sheets": _e("director"),
    "events.print_standings": _e("director"),
    "events.close_round": _e("director"),
    "events.new_round": _e("director"),
    "events.event_series": _e("director"),
    "events.make_link": _e("director"),
    "events.revoke_link": _e("director"),
    "api.new_entry": _e("director"),
    "api.change_entry": _e("director"),
    "api.finish_event": _e("director"),
    "api.seat_round": _e("director"),
    "api.close_round": _e("director"),
    "api.new_table_link": _e("director"),
    "api.revoke_table_link": _e("director"),
}

#: The resource sources: the URL argument that names the resource.
RESOURCE_ARGS: Final = {
    "match": "match_id",
    "player": "player_id",
    "event": "event_id",
    "series": "series_id",
    "job": "job_id",
}


@dataclass(frozen=True)
class ClubAccess:
    """The club a request works in, and the caller's role there."""

    id: int
    slug: str
    name: str
    personal: bool
    #: Grows with every rename or merge of the club's players (pages that show names key on it).
    roster_revision: int
    role: str

    def allows(self, role: str) -> bool:
        """Whether the caller's role holds ``role``'s rights."""
        return RANK[self.role] <= RANK[role]


def need_of(endpoint: str | None) -> Need:
    """The declared need of ``endpoint``. :raise LookupError: it declares none (a programming error)."""
    if endpoint is None:  # no route matched: the 404 or 405 answers by itself
        return PUBLIC
    try:
        return ACCESS[endpoint]
    except KeyError:
        raise LookupError(f"route {endpoint!r} declares no access in scorekeeper.access.ACCESS") from None


def _requested_slug() -> str | None:
    """``?club=SLUG``, else a JSON body's ``"club"`` (read once and kept for the view)."""
    slug = request.args.get("club")
    if slug is None and request.is_json and request.method in ("POST", "PUT", "PATCH"):
        try:
            body = json.loads(request.get_data(cache=True) or b"null")
        except (ValueError, RecursionError):
            return None  # the view answers the bad JSON
        found = body.get("club") if isinstance(body, dict) else None
        slug = found if isinstance(found, str) else None
    return slug


def resolve(need: Need, user_id: int, view_args: dict[str, object]) -> ClubAccess:
    """The club of a request and the caller's role there, in one statement.

    :raise 404: no such resource or club, or the caller is not a member. :raise 403: the role is
        too low for ``need``.
    """
    if need.source == "club":
        slug = view_args.get("slug")
        row = club_reads.slug_club(slug, user_id) if isinstance(slug, str) else None
    elif need.source == "requested":
        current = session.get(SESSION_KEY)
        usable = isinstance(current, int) and not isinstance(current, bool)
        row = club_reads.requested_club(user_id, _requested_slug(), current if usable else None)
    else:
        object_id = view_args.get(RESOURCE_ARGS[need.source])
        if not isinstance(object_id, int) or not 0 < object_id <= MAX_ID:
            abort(404, NOT_FOUND)
        row = club_reads.resource_club(need.source, object_id, user_id)
    if row is None or row.role is None:
        abort(404, NOT_FOUND)
    found = ClubAccess(row.id, row.slug, row.name, row.personal, row.roster_revision, row.role)
    if need.role is not None and not found.allows(need.role):
        abort(403, FORBIDDEN)
    return found


def authorize(user_id: int | None) -> None:
    """Check the current request against :data:`ACCESS` for the account ``user_id`` (None: nobody
    signed in, for whom the route's own login check answers) and set ``g.club``."""
    need = need_of(request.endpoint)
    if need.role is None or user_id is None:
        return
    g.club = resolve(need, user_id, request.view_args or {})
    ACTING.set(user_id)


def require() -> None:
    """Authorize the current request now, for the signed-in account (a ``quick`` route's slow path)."""
    from flask_login import current_user

    authorize(current_user.id if current_user.is_authenticated else None)


def table_club(club_id: int) -> ClubAccess:
    """The club of a table link's request: the link is a scorer of its event's club, for that
    table's game only (the route checks the token; no membership is looked up)."""
    return ClubAccess(club_id, "", "", False, 0, "scorer")


def current_club() -> ClubAccess:
    """The club this request works in (set by :func:`authorize`)."""
    found: ClubAccess = g.club
    return found


def can(role: str) -> bool:
    """Whether the request's role in its club holds ``role``'s rights (templates: ``can('scorer')``);
    true where no club is in play."""
    found: ClubAccess | None = g.get("club")
    return found is None or found.allows(role)


def register(app: Flask) -> None:
    """Authorize every page request before its view (the API does it after its token check), and
    give the templates :func:`can`."""
    from flask_login import current_user

    app.jinja_env.globals["can"] = can

    @app.before_request
    def _authorize_page() -> None:
        ACTING.set(None)  # (a worker's thread serves many requests)
        need = need_of(request.endpoint)  # an undeclared route fails here, for pages and API alike
        if need.role is None or need.quick or (request.endpoint or "").startswith("api."):
            return  # (no account is loaded for a link's or a public route)
        authorize(current_user.id if current_user.is_authenticated else None)
