"""Hands entered offline (static/queue/main.js): the key-less hand page the service worker keeps for a
match, and the JSON endpoints a phone sends its queue to when the signal returns.

- ``GET /matches/ID/hands/template``: the hand page with the same fields as online, but no number,
  no submission key and placeholders for what moves with each hand ({n}, {total}, {minimum},
  {dealer}, {starter}); the phone fills them from the match's data and its queue, and makes the key.
- ``GET /matches/ID/hands.json``: what a send needs: a CSRF token, the account's tag (a queue is
  only sent by the account that filled it) and the next hand number.
- ``POST /matches/ID/hands.json``: a queued hand, the JSON body that ``POST /api/v1/matches/ID/hands``
  takes (docs/api.md; ``X-CSRFToken`` and ``Idempotency-Key`` headers), parsed by the same
  ``parse_hand`` through the same service call (:func:`scorekeeper.services.add_hand` with the key),
  so the key rules are the API's: 201 stored; 200 with ``"replayed": true`` when this very hand was
  sent with this key before (the answer was lost); 422 at ``Idempotency-Key`` when the key was used
  for another hand or another match (nothing is stored, and the phone says so); 409 with the
  stored hand when that number is taken; 422 with ``errors`` keyed by the API's field paths, in the
  player's language.
- ``POST /matches/ID/hands/N.json``: the queued hand as an edit of hand N (the player chose it after
  a 409), only if hand N is still at the version they saw (``X-Hand-Version``), else 409 again.

An expired session gets 401 (JSON, no redirect): the queue waits for the next login; with
``"ended": true`` when this browser's session was ended on the server (logged out from another
device), and the phone then drops what it keeps of the account (docs/architecture.md).
"""

from __future__ import annotations

from typing import Any, Final

from babel.lists import format_list
from flask import Response, abort, jsonify, make_response, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user
from flask_wtf.csrf import generate_csrf

from ..i18n import LANGUAGES, translated_errors
from ..keys import is_valid_key
from ..loaders import owned_or_404
from ..rules import ValidationError, parse_hand
from ..services import (
    Conflict,
    MatchView,
    add_hand,
    get_match,
    is_read_only,
    replace_hand,
    view,
)
from ..services.submission_keys import AlreadyDone, KeyReused, SubmissionKey, request_digest
from ..sessions import account_tag, ended_here, session_account
from .blueprint import bp
from .forms import hand_form_class
from .scoreboard import SideLine, hand_template_context, side_names

KEY_HEADER: Final = "Idempotency-Key"
VERSION_HEADER: Final = "X-Hand-Version"


def _json(status: int, **body: Any) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def _logged_out() -> Response | None:
    if current_user.is_authenticated:
        return None
    if ended_here():
        return _json(401, ended=True, message=_("Your session on this phone was ended."))
    message = _("Please log in again; the hands on this phone wait until you do.")
    return _json(401, ended=False, message=message)


@bp.get("/matches/<int:match_id>/hands/template")
def hand_template(match_id: int) -> Response:
    """The hand page for the service worker to keep: no key, no number, placeholders."""
    if not current_user.is_authenticated:
        abort(401)
    mv = view(owned_or_404(get_match, match_id))
    form = hand_form_class(mv.ruleset, side_names(mv))()
    data, context = hand_template_context(mv)
    page = render_template("pwa/hand_template.html", form=form, template_data=data, **context)
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/matches/<int:match_id>/hands.json")
def sync_state(match_id: int) -> Response:
    """A fresh CSRF token, whose queue this session may send, and the next hand number."""
    refused = _logged_out()
    if refused is not None:
        return refused
    mv = view(owned_or_404(get_match, match_id))
    return _json(
        200,
        csrf_token=generate_csrf(),
        account=account_tag(current_user.id),
        next=mv.state.next_number,
        finished=mv.state.finished,
    )


def _hand_body() -> tuple[Any, Response | None]:
    """The JSON hand of the request, or the 422 a phone shows for a body that is not one (a page of
    an older release still open, sending the form's fields)."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        message = _(
            "This page is from an older version of the app: reload it to send the hands on this phone."
        )
        return None, _json(422, errors={"_": [message]})
    return data, None


def _stored(mv: MatchView, number: int) -> dict[str, Any] | None:
    """Hand ``number`` as stored (input and scores), to show beside the queued one."""
    if not 1 <= number <= len(mv.state.hands):
        return None
    result = mv.state.hands[number - 1]
    return {
        "number": number,
        "version": mv.match.hands[number - 1].version,
        "input": result.input.to_json(mv.ruleset.flag_codes),
        "scores": [b.total for b in result.breakdown],
    }


def _conflict(match_id: int, error: Conflict, number: int) -> Response:
    """409: hand ``number`` is taken (``stored``: the hand saved meanwhile), or the match had ended
    before it (``ended``: true, and no hand to show; the phone says so, never "another phone")."""
    mv = view(owned_or_404(get_match, match_id))
    message = _(error.message).format(**error.params)
    stored = _stored(mv, number)
    ended = mv.state.finished and stored is None
    return _json(409, message=message, stored=stored, next=mv.state.next_number, ended=ended)


def _done(mv: MatchView, number: int, status: int, **extra: Any) -> Response:
    """The answer to a stored (or replayed) hand: its ``scores`` as the server scored them (the page
    that drew the hand in place compares them with its own), the match's ``totals`` and ``next``."""
    stored = _stored(mv, number)
    scores = stored["scores"] if stored is not None else None
    return _json(
        status, number=number, scores=scores, totals=list(mv.state.totals), next=mv.state.next_number, **extra
    )


@bp.post("/matches/<int:match_id>/hands.json")
def sync_hand(match_id: int) -> Response:
    """Store a queued hand at most once for its key (see the module's docstring)."""
    refused = _logged_out()
    if refused is not None:
        return refused
    match = owned_or_404(get_match, match_id)
    key = request.headers.get(KEY_HEADER, "")
    if not is_valid_key(key):
        return _json(422, errors={KEY_HEADER: [_("Must be 1 to 100 printable characters.")]})
    data, bad = _hand_body()
    if bad is not None:
        return bad
    mv = view(match)
    submission = SubmissionKey(current_user.id, key, request_digest(match_id, data))
    try:
        result, after = add_hand(match, data, current_user.id, submission, current=mv)
    except AlreadyDone as repeat:  # sent before (the answer was lost): this hand is stored
        return _done(view(owned_or_404(get_match, match_id)), repeat.done.number, 200, replayed=True)
    except KeyReused:  # another hand, or another match, under this key: the API's 422
        reused = _(
            "This phone sent a different hand %(number)s under the same key before, and the server"
            " kept that one. Check the scoreboard, then correct this hand or drop it.",
            number=data.get("number", "?"),
        )
        return _json(422, errors={KEY_HEADER: [reused]})
    except Conflict as error:
        number = data.get("number")
        return _conflict(match_id, error, number if isinstance(number, int) else 0)
    except ValidationError as error:
        return _json(422, errors=translated_errors(error))
    return _done(after, result.number, 201)


@bp.post("/matches/<int:match_id>/hands/<int:number>.json")
def sync_edit(match_id: int, number: int) -> Response:
    """A queued hand sent as an edit of hand ``number``, if that hand is still as the player saw it.
    Sent again after a lost answer it finds its own input stored, and answers 200 again."""
    refused = _logged_out()
    if refused is not None:
        return refused
    match = owned_or_404(get_match, match_id)
    mv = view(match)
    if not 1 <= number <= len(mv.state.hands):
        abort(404)
    if is_read_only(match):  # as on the hand pages: locked until "Continue editing"
        message = _(
            "This match is finished, so its hands are locked."
            " If it was closed by mistake, use “Continue editing”."
        )
        return _json(409, message=message, stored=_stored(mv, number), next=mv.state.next_number)
    data, bad = _hand_body()
    if bad is not None:
        return bad
    raw = request.headers.get(VERSION_HEADER, "")
    if not (raw.isascii() and raw.isdigit() and len(raw) < 10):
        return _json(422, errors={VERSION_HEADER: [_("Must be the version of the hand you saw.")]})
    version = int(raw)
    stored = _stored(mv, number)
    try:
        _result, after = replace_hand(
            match, number, data, current_user.id, expected_version=version, current=mv
        )
    except Conflict as error:
        again = _stored(view(owned_or_404(get_match, match_id)), number)
        if again is not None and stored is not None and _same_input(mv, again["input"], data):
            return _done(view(owned_or_404(get_match, match_id)), number, 200, replayed=True)
        return _conflict(match_id, error, number)
    except ValidationError as error:
        return _json(422, errors=translated_errors(error))
    return _done(after, number, 200)


def _same_input(mv: MatchView, stored_input: dict[str, Any], data: dict[str, Any]) -> bool:
    """Whether ``data`` (a hand as sent) is what is stored, once normalised by the rules."""
    try:
        hand = parse_hand(mv.ruleset, data, mv.seat_counts)
    except ValidationError:
        return False
    return bool(hand.to_json(mv.ruleset.flag_codes) == stored_input)


@bp.app_template_global()
def queue_account() -> str:
    """The tag of the logged-in account, that static/queue/main.js keeps with each queued hand: the same
    for every login of the account (a scoreboard page is shared by its phones, scorekeeper.page_cache,
    and a queue waits through a new login)."""
    return account_tag(current_user.id) if current_user.is_authenticated else ""


@bp.app_template_global()
def session_ended_account() -> str:
    """The tag of the account whose session this browser had until it was ended on the server
    (logged out from another device), for the login page to drop that account's queued hands."""
    if current_user.is_authenticated or not ended_here():
        return ""
    return session_account() or ""


def queue_texts() -> dict[str, str]:
    """What static/queue/main.js says, in the user's language ({n}: a hand number, {m}: an opening
    minimum)."""
    return {
        "heading": _("On this phone, not sent yet"),
        "hand": _("Hand %(number)s", number="{n}"),
        "not_sent": _("not sent yet"),
        "totals": _("Totals if they are accepted"),
        # A side's provisional total ({side}, {total}), as the language punctuates it.
        "total_line": _("%(side)s: %(total)s", side="{side}", total="{total}"),
        "minimum": _("opening minimum %(minimum)s", minimum="{m}"),
        "waiting": _("They will be sent by themselves when there is signal."),
        "unsent": _(
            "No signal: the hand was not sent. It is still here; Save keeps it on this phone until"
            " there is signal."
        ),
        "corrected": _(
            "The server scored hand %(number)s differently: %(scores)s. Its figures are shown.",
            number="{n}",
            scores="{scores}",
        ),
        "not_kept": _("This phone could not keep the hand: it is still here. Try Save again."),
        "saved": _(
            "Hand %(number)s is saved on this phone; it will be sent when there is signal.", number="{n}"
        ),
        "login": _(
            "Your session has ended. Log in again to send them: they stay on this phone until you do."
        ),
        "login_link": _("Log in"),
        "conflict": _(
            "Hand %(number)s was saved meanwhile from another phone. Which one is right?", number="{n}"
        ),
        "ended": _("Hand %(number)s was not accepted: the match had already ended.", number="{n}"),
        "unreadable": _(
            "Hand %(number)s was saved on this phone by an older version of the app and cannot be"
            " read any more; it was not sent. Enter it again, then drop this one.",
            number="{n}",
        ),
        # {side}: a side's name; "one" for a named side ("Nosotros wins"), "many" for a side called
        # after its players ("Lucía and Pablo win").
        "wins_one": ngettext(
            "%(side)s wins if this is accepted.", "%(side)s win if this is accepted.", 1, side="{side}"
        ),
        "wins_many": ngettext(
            "%(side)s wins if this is accepted.", "%(side)s win if this is accepted.", 2, side="{side}"
        ),
        "draw": _("A draw if this is accepted: equal top totals."),
        "no_more": _("No more hands: the match ends with the hands on this phone, if they are accepted."),
        "stored": _("Saved on the server"),
        "queued": _("On this phone"),
        "keep": _("Keep the saved one"),
        "replace": _("Send this phone’s as a correction"),
        "drop": _("Drop this phone’s hand"),
        "refused": _("Hand %(number)s was not accepted:", number="{n}"),
        "open": _("Open hand %(number)s to correct it", number="{n}"),
    }


bp.add_app_template_global(queue_texts)


@bp.app_template_filter("queue_plural")
def queue_plural(side: SideLine) -> bool:
    """Whether a side's name takes a plural verb: a side called after its players ("Lucía y
    Pablo", as any of the app's languages joins names), not one with a name of its own."""
    if len(side.players) < 2:
        return False
    return any(side.name == format_list(side.players, locale=code) for code in LANGUAGES)


@bp.get("/queue/texts.json")
def queue_texts_json() -> Response:
    """The queue's texts, for a scoreboard (which does not carry them: it stays light); the service
    worker keeps them for offline use."""
    response = jsonify(queue_texts())
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    return response
