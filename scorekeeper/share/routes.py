"""Share routes: the owner makes or revokes a match's read-only link (with a QR code on the scoreboard);
anyone with the link follows the scoreboard at ``/s/<token>``, which updates itself by polling
``/s/<token>/board``.

The poll is a conditional request: its ETag is the match's version (the owner's scoreboard's, see
:func:`scorekeeper.matches.scoreboard.etag_for`), read with one small query, so an unchanged match
answers 304 without loading or folding anything; a changed one is rendered once per process and
language, and served from memory to the other phones.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import segno
from flask import (
    Response,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_login import current_user, login_required
from markupsafe import Markup, escape

from .. import page_cache, single_use
from ..loaders import owned_or_404
from ..matches.scoreboard import etag_for, scoreboard_context
from ..models import Match, as_utc
from ..rules.text import storable
from ..security import shows_secret
from ..services import (
    NotFound,
    active_share_link,
    create_share_link,
    get_match,
    revoke_share_link,
    shared_match,
    view,
)
from ..services.share_reads import shared_version
from .blueprint import bp

#: Seconds between two polls of the shared page (the tests make it shorter): a saved hand reaches
#: the table within two seconds. An unchanged board costs one small query (docs/performance.md).
DEFAULT_POLL_SECONDS: Final = 1.5
#: Share tokens are ``secrets.token_urlsafe(24)`` (32 characters); anything much longer is no token.
MAX_TOKEN: Final = 64
#: The shared pages must not be indexed, and their URL (the token) must not leak to other sites.
PUBLIC_HEADERS: Final = {
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "Cache-Control": "no-cache",
    "Vary": "Cookie, Accept-Language",  # the board is rendered in the reader's language
}


# --- The owner's panel on the scoreboard -------------------------------------------------------


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG (no ``style`` attribute), named for screen readers."""
    return _qr_svg(url, str(_("QR code to open the live scoreboard")))


@functools.lru_cache(maxsize=512)
def _qr_svg(url: str, label: str) -> Markup:
    """Encoding a QR code is the dearest part of the scoreboard, and a link's code never changes."""
    svg = segno.make(url, error="m").svg_inline(
        scale=5, title=label, svgclass="qr", lineclass=None, light="#fff"
    )
    named = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    # segno's own SVG; the only text added to it is escaped.
    return Markup(named)  # nosec B704


def share_panel(match: Match) -> dict[str, Any]:
    """What ``share/_panel.html`` shows: the active link of ``match`` (its URL and QR code) or none.
    A page that shows the link shows a secret: it is answered ``no-store``."""
    link = active_share_link(match)
    if link is None:
        return {"url": None, "qr": None}
    shows_secret()
    url = url_for("share.view", token=link.token, _external=True)
    return {"url": url, "qr": qr_svg(url)}


@bp.app_context_processor
def share_helpers() -> dict[str, Any]:
    return {"share_panel": share_panel}


def _share_panel_of(match_id: int) -> single_use.Target:
    return lambda _made: url_for("matches.show", match_id=match_id, _anchor="share")


@bp.post("/matches/<int:match_id>/share")
@login_required
def create(match_id: int) -> Any:
    match = owned_or_404(get_match, match_id)
    had_link = active_share_link(match) is not None
    try:
        single_use.check()  # Share again (a double tap, Back): the link the first one made
    except single_use.Repeated:
        if had_link:
            raise
        revoked = _("That link was made before and revoked since; “Share with the table” makes a new one.")
        flash(revoked, "info")
        return redirect(url_for("matches.show", match_id=match_id, _anchor="share"))
    with single_use.claim("share", _share_panel_of(match_id), match_id=match_id):
        create_share_link(match, current_user.id)
    if not had_link:
        flash(_("The link is ready: show the QR code to the table."), "success")
    return redirect(url_for("matches.show", match_id=match_id, _anchor="share"))


@bp.post("/matches/<int:match_id>/share/revoke")
@login_required
def revoke(match_id: int) -> Any:
    match = owned_or_404(get_match, match_id)
    if revoke_share_link(match, current_user.id):
        flash(_("The link was revoked; it no longer opens the scoreboard."), "success")
    return redirect(url_for("matches.show", match_id=match_id, _anchor="share"))


# --- The public, read-only scoreboard ----------------------------------------------------------


def could_be_token(text: str) -> bool:
    """Whether ``text`` may be looked up as a token: not too long, and storable (a NUL in a URL
    would make PostgreSQL refuse the query)."""
    return len(text) <= MAX_TOKEN and storable(text)


def _shared(token: str) -> Match:
    if not could_be_token(token):
        abort(404)
    try:
        return shared_match(token)
    except NotFound:
        abort(404)


def _public(response: Response, tag: str) -> Response:
    response.set_etag(tag, weak=True)
    for name, value in PUBLIC_HEADERS.items():
        response.headers[name] = value
    return response


def _board_context(token: str, match: Match, tag: str) -> dict[str, Any]:
    return {
        **scoreboard_context(view(match)),
        "token": token,
        "updated_at": as_utc(match.updated_at),
        "etag": f'W/"{tag}"',
        "poll_seconds": current_app.config.get("SHARE_POLL_SECONDS", DEFAULT_POLL_SECONDS),
    }


def _version(token: str) -> str:
    """The shared board's version, from one small query: what the owner's scoreboard ETag is made
    of (the match's revision and last change, its players' names, the reader's language, this
    release). :raise NotFound: (404) no active link with this token."""
    if not could_be_token(token):
        abort(404)
    found = shared_version(token)
    if found is None:
        abort(404)
    return etag_for(found.id, found.revision, found.updated_at, found.club_id, found.roster_revision, "share")


@bp.get("/s/<token>", endpoint="view")
def view_page(token: str) -> Response:
    tag = _version(token)
    page = render_template("share/view.html", **_board_context(token, _shared(token), tag))
    return _public(make_response(page), tag)


@bp.get("/s/<token>/board")
def board(token: str) -> Response:
    """The board fragment of the shared page: 304 while the version is unchanged, else the fragment
    rendered once per version and language and then served from memory (scorekeeper.page_cache) to
    every phone that follows the match."""
    tag = _version(token)
    if request.if_none_match.contains_weak(tag):
        return _public(Response(status=304), tag)
    key = ("shared board", token, tag)
    body = page_cache.fetch(key)
    if body is None:
        fragment = render_template("share/_board.html", **_board_context(token, _shared(token), tag))
        body = page_cache.store(key, fragment)
    return _public(make_response(body), tag)
