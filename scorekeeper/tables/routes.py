"""The table's page behind its link and the wall.

**A table's page** (``/t/<token>``), for a phone with no account: the event, the round, the table,
who sits where, the time left, and the hand entry of the table's current game, nothing else. The
token is looked up hashed by the event services (:func:`scorekeeper.services.events.table_for_token`),
which confine it to its table's game in the latest seated round; a token that opens nothing gets a
page saying why (404 unknown, 410 revoked, replaced or the event ended), never another table's data.
Hands are typed in the hand page's own form and go through the phone's queue (static/queue/main.js),
whose table sender posts them to ``POST /api/v1/table/hands`` with the token and the game the phone
had: offline included, exactly once (Idempotency-Key), and a hand for a game the table has left is
refused with the reason and kept on the phone until the player drops it. Once the game is finished
the page asks each side to agree with the result (``POST /api/v1/table/confirm``); when the next
round is seated the same link shows the new game (static/table.js follows ``/t/<token>/state``).

**The wall** (``/events/<id>/wall``, the organiser's; ``/w/<wall token>`` read-only for the players'
phones): the round's seating, its countdown, the standings, with the last N rounds hidden if asked.
Both poll the fragment with ``If-None-Match`` (static/live.js); its ETag is
:func:`scorekeeper.services.event_reads.wall_version` (one aggregate query over the event's matches,
rounds and entries: no row that every table writes), so an unchanged wall answers 304 and a changed
one is rendered once per process and language (:mod:`scorekeeper.page_cache`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, Final

from flask import Response, abort, current_app, make_response, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import login_required

from .. import page_cache
from ..access import current_club
from ..extensions import csrf
from ..matches.forms import hand_form_class
from ..matches.scoreboard import hand_template_context, side_names
from ..models import Event, EventTable, Match
from ..pages import PAGES
from ..public_urls import external_url
from ..rules.publish import scoring_data
from ..rules.text import storable
from ..services import NotFound, effective_ruleset, view
from ..services.event_reads import (
    TableAccess,
    event_view,
    get_event,
    table_link_gone_reason,
    wall_event,
    wall_version,
)
from ..services.events import InvalidTableToken, table_for_token
from .blueprint import bp
from .clock import countdown, now
from .wall import (
    WALL_POLL_SECONDS,
    read_wall_token,
    side_of,
    wall_context,
    wall_qr,
    wall_token,
)

#: Table tokens are ``secrets.token_urlsafe(32)`` (43 characters); anything much longer is no token.
MAX_TOKEN: Final = 100
#: Seconds between two looks of a table's page at its table (the next round, a correction).
TABLE_POLL_SECONDS: Final = 5.0
#: A table's page shows a secret (its URL): no cache keeps it, no other site learns it, no index.
SECRET_HEADERS: Final = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
}
GONE_STATUS: Final = {"unknown": 404, "revoked": 410, "replaced": 410, "finished": 410}


def _secret(response: Response) -> Response:
    response.headers.update(SECRET_HEADERS)
    return response


def _gone(why: str) -> Response:
    """The page of a link that opens nothing (any more), in the reader's language."""
    why = why if why in GONE_STATUS else "unknown"
    response = make_response(render_template("tables/gone.html", why=why), GONE_STATUS[why])
    return _secret(response)


class _Gone(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _access(token: str) -> TableAccess:
    """The table ``token`` opens. :raise _Gone: it opens nothing (unknown, revoked, replaced, ended)."""
    if len(token) > MAX_TOKEN or not storable(token):
        raise _Gone("unknown")
    try:
        return table_for_token(token)
    except InvalidTableToken:
        raise _Gone(table_link_gone_reason(token)) from None


@bp.errorhandler(_Gone)
def gone(error: _Gone) -> Response:
    if request.path.endswith("/state"):
        return _secret(make_response({"version": "gone"}, GONE_STATUS.get(error.why, 404)))
    return _gone(error.why)


def _sides(access: TableAccess) -> list[dict[str, Any]]:
    """Who sits at the table: each side's name (its entry's, or its two players' in ``individual``)
    and players."""
    if access.table is None:
        return []
    entries = {entry.id: entry for entry in access.event.entries}
    return [side_of([entries[i] for i in ids if i in entries]) for ids in access.table.sides]


def _version(access: TableAccess) -> str:
    """What the page shows changes with: the round, the game and its revision, the confirmations."""
    round_part = f"{access.round.id}.{int(access.round.closed)}" if access.round is not None else "0"
    match = access.match
    game = f"{match.id}.{match.revision}" if match is not None else "0"
    confirmed = access.table.confirmed if access.table is not None else []
    return f"{round_part}-{game}-{''.join('1' if c else '0' for c in confirmed)}"


def _page(access: TableAccess) -> dict[str, Any]:
    event = access.event
    rnd = access.round
    return {
        "event_name": event.name,
        "table": access.number,
        "round": rnd.number if rnd is not None else None,
        "sides": _sides(access),
        "countdown": countdown(event.game, rnd.seated_at if rnd else None, bool(rnd and rnd.closed)),
        "version": _version(access),
    }


def _queue_tag(access: TableAccess) -> str:
    """The queue's owner on this phone: the table (of this event), whatever link opened it."""
    return f"table-{access.event.id}-{access.number}"


def _texts() -> dict[str, str]:
    """What the queue says on a table's page where the hand page's texts speak of a login."""
    return {
        "login": _(
            "This table’s link no longer works (revoked or replaced): the hands on this phone were not"
            " sent. Show them to the organiser."
        ),
        "login_link": "",
        "ended_moved": _(
            "Hand %(number)s was not accepted: this table has moved on to another game (the round was"
            " closed or the next one seated). It is kept here: show it to the organiser.",
            number="{n}",
        ),
        "ended_closed": _(
            "Hand %(number)s was not accepted: the game is over (finished, or its round was closed)."
            " It is kept here: show it to the organiser.",
            number="{n}",
        ),
    }


def _common(token: str, access: TableAccess) -> dict[str, Any]:
    return {
        "token": token,
        "page": _page(access),
        "table_page": True,
        "queue_tag": _queue_tag(access),
        "table_texts": _texts(),
        "poll_seconds": current_app.config.get("TABLE_POLL_SECONDS", TABLE_POLL_SECONDS),
        "match_id": access.match.id if access.match is not None else None,
    }


def _hand_entry(token: str, access: TableAccess, match: Match) -> str:
    """The game in play (``match``): the hand page's form, blank, with placeholders the queue fills in."""
    mv = view(match)
    form = hand_form_class(mv.ruleset, side_names(mv))(meta={"csrf": False})
    data, context = hand_template_context(mv)
    return render_template(
        "tables/table.html", form=form, template_data=data, **context, **_common(token, access)
    )


def _result(match: Match, table: EventTable | None) -> dict[str, Any]:
    return {
        "totals": list(match.totals),
        "winner": match.winner,
        "hands": match.hand_count,
        "confirmed": list(table.confirmed) if table is not None else [False] * len(match.sides),
        "settled": getattr(match, "settled_at", None) is not None,
    }


@bp.get("/t/<token>", endpoint="table")
def table_page(token: str) -> Response:
    """The table's page: the hand entry of its game, or the result to confirm, or "wait for the
    next round". :raise _Gone: the link opens nothing."""
    access = _access(token)
    if access.match is not None and not access.match.finished:
        page = _hand_entry(token, access, access.match)
    else:
        result = _result(access.match, access.table) if access.match is not None else None
        page = render_template("tables/status.html", result=result, **_common(token, access))
    return _secret(make_response(page))


@bp.get("/t/<token>/state")
def state(token: str) -> Response:
    """The table's version (static/table.js reloads the page when it changes); 404/410 once the link
    opens nothing."""
    return _secret(make_response({"version": _version(_access(token))}))


@bp.get("/t/<token>/rules.json")
def rules(token: str) -> Response:
    """The game's rule set with its house rules, for the phone's scorer (as ``/matches/ID/rules.json``)."""
    access = _access(token)
    if access.match is None:
        abort(404)
    match = access.match
    body = json.dumps(
        {
            "match": match.id,
            "target": match.target,
            "sides": len(match.sides),
            "ruleset": scoring_data(effective_ruleset(match)),
        },
        sort_keys=True,
    )
    response = current_app.response_class(body, mimetype="application/json")
    response.set_etag(hashlib.sha256(body.encode()).hexdigest()[:20])
    response.make_conditional(request)
    return _secret(response)


# --- The wall ------------------------------------------------------------------------------------


def _hide() -> int:
    raw = request.args.get("hide", "0")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 2 else 0


def _wall_tag(event_id: int, hide: int, club_id: int | None = None) -> str:
    """The wall's ETag: its version (one query) with the hidden rounds, the language and the release.
    :raise 404: no such event (of ``club_id``, when given)."""
    version = wall_version(event_id, club_id)
    if version == "0":
        abort(404)
    return f"{version}-{hide}-{get_locale()}-{PAGES}"


def _wall_response(body: str | bytes, tag: str) -> Response:
    response = make_response(body)
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    return response


def _not_modified(tag: str) -> Response:
    response = Response(status=304)
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _board(load: Callable[[], Event], hide: int, tag: str) -> Response:
    """The wall's fragment: 304 while unchanged (one query), else rendered once per version and
    language in each process and served from memory to the other walls."""
    if request.if_none_match.contains_weak(tag):
        return _not_modified(tag)
    key = ("wall board", tag, request.path)
    body = page_cache.fetch(key)
    if body is None:
        context = wall_context(event_view(load()), hide)
        fragment = render_template("tables/_wall_board.html", kept_fragment=True, **context)
        body = page_cache.store(key, fragment)
    return _wall_response(body, tag)  # (no form, no message: nothing to personalise)


def _wall_page(event: Event, hide: int, tag: str, board_url: str, phone_url: str | None) -> Response:
    context = wall_context(event_view(event), hide)
    page = render_template(
        "tables/wall.html",
        board_url=board_url,
        phone_url=phone_url,
        phone_qr=wall_qr(phone_url) if phone_url else None,
        etag=f'W/"{tag}"',
        poll_seconds=current_app.config.get("WALL_POLL_SECONDS", WALL_POLL_SECONDS),
        organiser=phone_url is not None,
        hide=hide,
        kept_fragment=True,
        now_ms=int(now().timestamp() * 1000),
        **context,
    )
    return _wall_response(page, tag)


@bp.app_template_global("wall_for_phones")
def wall_for_phones(event_id: int) -> dict[str, Any]:
    """The read-only wall link of event ``event_id`` (every round shown) and its QR code, for pages of
    other blueprints (the director's console offers both next to "Open the wall")."""
    url = url_for("tables.wall_view", token=wall_token(event_id, 0), _external=True)
    return {"url": url, "qr": wall_qr(url)}


def _own_event(event_id: int) -> Event:
    try:
        return get_event(current_club().id, event_id)
    except NotFound:
        abort(404)


@bp.get("/events/<int:event_id>/wall")
@login_required
def wall(event_id: int) -> Response:
    """The organiser's wall, with the read-only link (and its QR code) for the players' phones."""
    hide = _hide()
    tag = _wall_tag(event_id, hide, current_club().id)
    event = _own_event(event_id)
    phone_url = external_url("tables.wall_view", token=wall_token(event.id, hide))
    board_url = url_for("tables.wall_board", event_id=event.id, hide=hide or None)
    return _wall_page(event, hide, tag, board_url, phone_url)


@bp.get("/events/<int:event_id>/wall/board")
@login_required
def wall_board(event_id: int) -> Response:
    hide = _hide()
    tag = _wall_tag(event_id, hide, current_club().id)
    return _board(lambda: _own_event(event_id), hide, tag)


def _wall_of(token: str) -> tuple[int, int]:
    """The event and hidden rounds a read-only wall link names. :raise 404: a link we did not sign."""
    found = read_wall_token(token)
    if found is None:
        abort(404)
    return found


def _linked_event(event_id: int) -> Event:
    event = wall_event(event_id)
    if event is None:
        abort(404)
    return event


def _read_only(response: Response) -> Response:
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@bp.get("/w/<token>", endpoint="wall_view")
def wall_view(token: str) -> Response:
    """The wall, read-only, for a phone with no account. :raise 404: a link we did not sign, or its
    event is gone."""
    event_id, hide = _wall_of(token)
    tag = _wall_tag(event_id, hide)
    board_url = url_for("tables.wall_view_board", token=token)
    return _read_only(_wall_page(_linked_event(event_id), hide, tag, board_url, None))


@bp.get("/w/<token>/board", endpoint="wall_view_board")
def wall_view_board(token: str) -> Response:
    event_id, hide = _wall_of(token)
    tag = _wall_tag(event_id, hide)
    return _read_only(_board(lambda: _linked_event(event_id), hide, tag))


@bp.post("/t/<token>", endpoint="table_post")
def table_post(token: str) -> Response:
    """A Save sent by the browser itself (scripts off): the table's page hands go through the phone's
    queue only, so nothing is stored; the page says so, with the values lost to no one but this
    screen. (No CSRF token: nothing is written here, and the page carries none.)"""
    _access(token)
    page = render_template("tables/gone.html", why="script")
    return _secret(make_response(page, 400))


csrf.exempt(table_post)
