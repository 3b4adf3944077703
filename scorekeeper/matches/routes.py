"""Match pages: the list, a new match, the scoreboard, entering, editing and deleting hands, and the
live preview of a hand's scores. Every write goes through :mod:`scorekeeper.services` and redirects
after success (post/redirect/get); a match of another account is 404."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from flask import abort, flash, jsonify, make_response, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from .. import access, page_cache, sessions, single_use
from ..access import current_club
from ..extensions import login_manager
from ..i18n import translated_errors
from ..keys import is_valid_key, new_key
from ..loaders import owned_or_404
from ..models import EditLog, Match
from ..rules import ValidationError, all_rulesets, check_new_match, parse_hand, score_hand
from ..rules.hand import MAX_HANDS, TOO_MANY_HANDS
from ..services import (
    MAX_ID,
    Conflict,
    MatchView,
    NotFound,
    add_hand,
    create_match,
    delete_last_hand,
    get_match,
    is_read_only,
    players_of,
    reopen_match,
    replace_hand,
    undoable_after,
    undoable_hand,
    view,
)
from ..services import undo_hand as services_undo_hand
from ..services.event_reads import table_of_match
from ..services.match_reads import history_page, latest_log, log_entry, scoreboard_version
from ..services.matches import unplayed_twin
from ..services.player_reads import player_names
from ..services.submission_keys import AlreadyDone, KeyReused, SubmissionKey, request_digest
from ..vocabulary import ruleset_names
from .blueprint import bp
from .edit_log import REMOVED, SCOREBOARD_ENTRIES, hand_scores, log_entries, scores_text
from .forms import (
    CorrectionReasonForm,
    DeleteHandForm,
    HandBase,
    HistoryFilterForm,
    NewMatchBase,
    ReopenForm,
    UndoForm,
    hand_form_class,
    new_match_form_class,
)
from .hand_form import (
    add_penalty,
    blank_sides,
    field_error_paths,
    form_to_hand,
    input_to_formdata,
    place_hand_errors,
)
from .match_form import band_rows, form_to_match, override_rows, place_match_errors, preset_choices
from .scoreboard import (
    etag_for,
    hand_page_context,
    history_row,
    rematch_request,
    scoreboard_context,
    side_names,
)

UNPROCESSABLE = 422
CONFLICT = 409
PER_PAGE = 20
UNDO_CONFIRMED: Final = "yes"
#: Longer numbers in a query string are no log entry's.
MAX_DIGITS: Final = 12


def _history() -> str:
    """The account's matches, newest first, filtered by the query string and paginated."""
    form = HistoryFilterForm(formdata=request.args)
    form.set_choices([(p.id, p.name) for p in players_of(current_club().id)])
    form.validate()
    asked = form.page_number()
    result = history_page(current_club().id, form.filters(), asked, PER_PAGE)
    if asked > result.page:
        form.page.errors = [
            *form.page.errors,
            _("There is no page %(page)s; here is the last page.", page=asked),
        ]
    filters = form.active()
    endpoint = request.endpoint or "matches.history"

    def page_url(number: int) -> str:
        args: dict[str, Any] = dict(filters)
        if number > 1:
            args["page"] = number
        return url_for(endpoint, **args)

    rulesets = {rs.id: rs.name for rs in all_rulesets()}
    return render_template(
        "matches/index.html",
        form=form,
        result=result,
        rows=[history_row(m, rulesets) for m in result.items],
        page_url=page_url,
        filter_errors=any(f.errors for f in form if f.name != "page"),
        filtering=bool(filters) or any(f.errors for f in form if f.name != "page"),
    )


@bp.get("/")
@login_required
def index() -> str:
    """The home page is the history."""
    return _history()


@bp.get("/history")
@login_required
def history() -> str:
    return _history()


# --- New match -------------------------------------------------------------------------------


def _render_new(form: NewMatchBase, status: int = 200, uneven: list[int] | None = None) -> tuple[str, int]:
    rulesets = all_rulesets()
    overrides = {rs.id: override_rows(rs) for rs in rulesets}
    page = render_template(
        "matches/new.html",
        form=form,
        rulesets=rulesets,
        overrides=overrides,
        players=player_names(current_club().id),
        presets={rs.id: preset_choices(rs) for rs in rulesets},
        band_rows=band_rows,
        third_side_rulesets=ruleset_names(rs for rs in rulesets if rs.max_sides >= 3),
        uneven=uneven,
    )
    return page, status


def made_scoreboard(made: Sequence[Match]) -> str:
    """The page of the match a create made (:mod:`scorekeeper.single_use`)."""
    return url_for("matches.show", match_id=made[0].id)


def uneven_sides(form: NewMatchBase, data: dict[str, Any]) -> list[int] | None:
    """The players per side when the sides differ in size and the player has not confirmed them
    (a name not typed yet, or Enter pressed too early without the page's script); else ``None``."""
    counts = [len(side.get("players") or []) for side in data.get("sides") or []]
    if len(set(counts)) <= 1 or form.sides_confirmed.data == "y":
        return None
    return counts


@bp.route("/matches/new", methods=["GET", "POST"])
@login_required
def new() -> Any:
    form = new_match_form_class()()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)  # a repeat: the match the first one started
    if not valid:
        return _render_new(form, UNPROCESSABLE if form.is_submitted() else 200)
    built = form_to_match(form)
    try:
        if form.first_dealer.errors:
            check_new_match(built.data)  # show every other mistake too
            return _render_new(form, UNPROCESSABLE)
        uneven = uneven_sides(form, built.data)
        if uneven is not None:
            check_new_match(built.data)  # a mistake comes first
            return _render_new(form, UNPROCESSABLE, uneven)
        twin = unplayed_twin(current_club().id, built.data)
        if twin is not None:  # the same match typed again (Back, then the form filled in afresh)
            flash(str(single_use.REPEATED["match"]), "info")
            return redirect(url_for("matches.show", match_id=twin.id))
        with single_use.claim("match", made_scoreboard):
            match = create_match(current_club().id, built.data)
    except ValidationError as error:
        place_match_errors(form, built, translated_errors(error))
        return _render_new(form, UNPROCESSABLE)
    flash(_("The match has started. Good luck!"), "success")
    return redirect(url_for("matches.show", match_id=match.id))


# --- Scoreboard ------------------------------------------------------------------------------


@bp.get("/matches/<int:match_id>")
def show(match_id: int) -> Response:
    """The scoreboard. Answered from the signed session and one query, before anything else is
    loaded, when it can be: 304 without a body to a browser that has this very version (a phone on a
    weak connection coming back to the page), else the page already rendered for this version (see
    :mod:`scorekeeper.page_cache`); only a new version is rendered."""
    return quick_scoreboard(match_id) or _show(match_id)


def quick_scoreboard(match_id: int) -> Response | None:
    """304 or the stored page for the scoreboard's current version; ``None`` means: render it (also
    for anything unusual: no session, a query string, not this account's)."""
    # The signed session names a login session, trusted as load_user (scorekeeper.sessions) trusts
    # it: a live one (the join below). Flask-Login's "strong" session protection would also compare
    # the client's identifier, so it turns this path off.
    token = sessions.cookie_token()
    if request.query_string or login_manager.session_protection == "strong" or token is None:
        return None
    if not 1 <= match_id <= MAX_ID:
        return None
    row = scoreboard_version(match_id, sessions.LIVE_SESSION, sessions.live_params(token))
    if row is None:
        return None  # not theirs, no longer there, or the session ended: the full path answers
    tag = etag_for(match_id, row.revision, row.updated_at, row.user_id, row.roster_revision, row.role)
    if request.if_none_match and request.if_none_match.contains(tag) and "_flashes" not in session:
        return not_modified(tag)  # (a message waiting for this session needs the page)
    key = _page_key(tag)
    body = page_cache.fetch(key) if key is not None else None
    return cacheable(make_response(page_cache.personalise(body)), tag) if body is not None else None


def _page_key(tag: str) -> tuple[str, str, str] | None:
    """Where the scoreboard of ``tag`` is kept: with the host, since the page holds absolute links
    (the share link). ``None`` (not kept) with a query string, which the language links repeat."""
    return None if request.query_string else ("scoreboard", tag, request.host_url)


@login_required
def _show(match_id: int) -> Response:
    access.require()
    match = owned_or_404(get_match, match_id)
    club = access.current_club()
    tag = etag_for(match.id, match.revision, match.updated_at, current_user.id, club.roster_revision,
                   club.role)
    mv = view(match)
    context = scoreboard_context(mv)
    entries = latest_log(match_id, SCOREBOARD_ENTRIES + 1)
    page = render_template(
        "matches/show.html",
        reopen_form=ReopenForm(),
        undo_number=undoable_after(entries[0] if entries else None, len(match.hands)),
        undone=_just_undone(entries[0] if entries else None, mv),
        log=log_entries(entries[:SCOREBOARD_ENTRIES], mv.ruleset, side_names(mv)),
        log_more=len(entries) > SCOREBOARD_ENTRIES,
        flash_slot=page_cache.FLASH_SLOT,
        **context,
    )
    # Under READ COMMITTED a hand committed while this renders may show in a page kept under the
    # revision read first: newer than its key, never older, and revisions only grow.
    body = page_cache.store(_page_key(tag), page, generate_csrf())
    return cacheable(make_response(page_cache.personalise(body)), tag)


def not_modified(tag: str) -> Response:
    response = Response(status=304)
    return cacheable(response, tag)


def cacheable(response: Response, tag: str) -> Response:
    """Kept by the browser, but always checked with the server before it is shown again."""
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Cookie")
    return response


@bp.get("/matches/<int:match_id>/log")
@login_required
def log(match_id: int) -> str:
    """The whole edit log of a match, newest first."""
    mv = view(owned_or_404(get_match, match_id))
    entries = log_entries(latest_log(match_id), mv.ruleset, side_names(mv))
    again = None if mv.state.finished else mv.match
    return render_template("matches/log.html", match=mv.match, rs=mv.ruleset, log=entries, again_match=again)


@bp.post("/matches/<int:match_id>/reopen")
@login_required
def reopen(match_id: int) -> Response:
    """Let the owner correct a match that was closed by mistake (recorded in the edit log)."""
    match = owned_or_404(get_match, match_id)
    back = redirect(url_for("matches.show", match_id=match_id))
    if not ReopenForm().validate_on_submit():
        flash(_("The form has expired; please try again."), "error")
        return back
    try:
        reopen_match(match, current_user.id)
    except Conflict as error:
        flash(_(error.message).format(**error.params), "info")
        return back
    flash(_("The match is open for editing again. Correct the hands, then check the result."), "success")
    return back


@bp.post("/matches/<int:match_id>/rematch")
@login_required
def rematch(match_id: int) -> Response:
    """Start a new match like this finished one (see :func:`.scoreboard.rematch_request`)."""
    mv = view(owned_or_404(get_match, match_id))
    back = redirect(url_for("matches.show", match_id=match_id))
    form = FlaskForm()
    if not form.validate_on_submit():
        flash(_("The form has expired; please try again."), "error")
        return back
    single_use.check(form)  # Rematch again (a double tap, Back): the rematch the first one started
    if not mv.state.finished:
        flash(_("The match is still being played: finish it first."), "info")
        return back
    try:
        with single_use.claim("rematch", made_scoreboard):
            match = create_match(current_club().id, rematch_request(mv))
    except ValidationError as error:
        for messages in translated_errors(error).values():
            for message in messages:
                flash(message, "error")
        return back
    flash(_("The rematch has started. Good luck!"), "success")
    return redirect(url_for("matches.show", match_id=match.id))


def _read_only_redirect(match: Match) -> Response | None:
    """A finished match is not changed until its owner chooses "Continue editing"."""
    if not is_read_only(match):
        return None
    flash(
        _(
            "This match is finished, so its hands are locked."
            " If it was closed by mistake, use “Continue editing”."
        ),
        "info",
    )
    return redirect(url_for("matches.show", match_id=match.id))


def _just_undone(latest: EditLog | None, mv: MatchView) -> dict[str, Any] | None:
    """The hand undone last, while that is the last thing done to the match (its number, scores
    and log entry, for "Enter it again" on the scoreboard); else ``None``."""
    if latest is None or latest.action != "hand_undone" or not latest.before or mv.state.finished:
        return None
    scores = hand_scores(mv.ruleset, side_names(mv), latest.before)
    return {"number": latest.hand_number, "scores": scores, "entry": latest.id}


@bp.get("/matches/<int:match_id>/charts")
@login_required
def charts(match_id: int) -> str:
    """The match's charts on their own page, so the scoreboard stays light on a phone."""
    mv = view(owned_or_404(get_match, match_id))
    return render_template("matches/charts.html", **scoreboard_context(mv))


@bp.get("/matches/<int:match_id>/hands/<int:number>")
@login_required
def hand_detail(match_id: int, number: int) -> str:
    """One hand's breakdown on its own page. :raise 404: no such hand in the user's match."""
    context = scoreboard_context(view(owned_or_404(get_match, match_id)))
    hands = context["mv"].state.hands
    if not 1 <= number <= len(hands):
        abort(404)
    return render_template("matches/hand_detail.html", h=hands[number - 1], **context)


# --- Hands -----------------------------------------------------------------------------------


def _hand_form(mv: MatchView, **kwargs: Any) -> HandBase:
    return hand_form_class(mv.ruleset, side_names(mv))(**kwargs)


def _render_hand(mv: MatchView, form: HandBase, number: int, status: int = 200, **extra: Any) -> Response:
    """The hand form, never kept by the browser: Back shows it afresh, not with old values."""
    context = hand_page_context(mv, number)
    response = make_response(render_template("matches/hand.html", form=form, **context, **extra), status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _conflict_page(match_id: int, form: HandBase, number: int, error: Conflict, **extra: Any) -> Response:
    mv = view(owned_or_404(get_match, match_id))
    message = _(error.message).format(**error.params)
    return _render_hand(mv, form, number, CONFLICT, conflict=message, **extra)


def _changeable_hand(match_id: int, number: int, correction: bool = False) -> tuple[Match, MatchView]:
    """The user's match and its fold, for changing hand ``number``.

    :raise 404: no such match or hand. Stops with the scoreboard redirect if the match is read-only
        (unless ``correction``: a club night's director corrects a finished game directly).
    """
    match = owned_or_404(get_match, match_id)
    mv = view(match)
    if not 1 <= number <= len(mv.state.hands):
        abort(404)
    locked = None if correction else _read_only_redirect(match)
    if locked is not None:
        abort(locked)
    return match, mv


def _event_game(match_id: int) -> bool:
    """Whether the match is a table's game of a club night: its corrections need a reason."""
    return 1 <= match_id <= MAX_ID and table_of_match(match_id) is not None


@bp.route("/matches/<int:match_id>/hands/new", methods=["GET", "POST"])
@login_required
def new_hand(match_id: int) -> Any:
    match = owned_or_404(get_match, match_id)
    mv = view(match)
    form = _hand_form(mv)
    if not form.is_submitted():
        if mv.state.finished:
            flash(_("The match is over; no more hands can be entered."), "info")
            return redirect(url_for("matches.show", match_id=match_id))
        if mv.state.next_number > MAX_HANDS:
            flash(_(TOO_MANY_HANDS).format(maximum=MAX_HANDS), "info")
            return redirect(url_for("matches.show", match_id=match_id))
        again = _entered_again(mv, request.args.get("again", ""))
        if again is not None:
            form = _hand_form(mv, formdata=again[1])
        form.number.data = str(mv.state.next_number)
        form.key.data = new_key()
        added = add_penalty(form, mv.ruleset, request.args)  # "Add to this hand" on the penalty page
        return _render_hand(mv, form, mv.state.next_number, added=added, again_of=again[0] if again else None)
    number = mv.state.next_number
    if not form.validate_on_submit():
        return _render_hand(mv, form, number, UNPROCESSABLE)
    blank = blank_sides(form, mv.ruleset)
    if blank:
        return _render_hand(mv, form, number, UNPROCESSABLE, blank_asked=blank)
    built = form_to_hand(form, mv.ruleset)
    key = (form.key.data or "").strip()
    digest = request_digest(match_id, built.data)
    submission = SubmissionKey(current_user.id, key, digest) if is_valid_key(key) else None
    try:
        # One look-up of the key, one transaction, and only the new hand scored on top of ``mv``.
        result, _after = add_hand(match, built.data, current_user.id, submission, current=mv)
    except AlreadyDone as repeat:  # the same form again (a double tap, a reload): nothing more
        return _already_saved(match_id, repeat.done.number)
    except KeyReused as reused:  # Back, then changed: the new values are offered, never dropped
        return _offer_correction(match_id, reused.done.number)
    except Conflict as error:
        return _conflict_page(match_id, form, number, error)
    except ValidationError as error:
        place_hand_errors(form, built, translated_errors(error))
        return _render_hand(mv, form, number, UNPROCESSABLE)
    flash(_("Hand %(number)s saved.", number=result.number), "success")
    return redirect(url_for("matches.show", match_id=match_id))


def _entered_again(mv: MatchView, entry_id: str) -> tuple[int, Any] | None:
    """The number and the form values of the hand that the match's log entry ``entry_id`` undid or
    deleted, for "Enter it again" (``None`` if it names no such entry of this match)."""
    if not (entry_id.isascii() and entry_id.isdigit() and len(entry_id) <= MAX_DIGITS):
        return None
    entry = log_entry(mv.match.id, int(entry_id))
    if entry is None or entry.action not in REMOVED or not entry.before:
        return None
    try:
        return entry.hand_number or 0, input_to_formdata(entry.before, mv.ruleset)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # an entry written by an older version in another shape: an empty form


def _offer_correction(match_id: int, number: int) -> Response:
    """This form saved hand ``number`` before, with other values: the values sent now, as an edit of
    that hand (409; nothing is stored until the player saves them as a correction)."""
    mv = view(owned_or_404(get_match, match_id))
    if not 1 <= number <= len(mv.state.hands) or is_read_only(mv.match):
        return _already_saved(match_id, number)
    formdata = request.form.copy()
    formdata["number"] = str(number)
    formdata["version"] = str(mv.hand_version(number))
    message = _("This page saved hand %(number)s before, with other values.", number=number)
    action = url_for("matches.edit_hand", match_id=match_id, number=number)
    form = _hand_form(mv, formdata=formdata)
    return _render_hand(mv, form, number, CONFLICT, editing=True, conflict=message, action=action)


def _already_saved(match_id: int, number: int) -> Response:
    """The scoreboard, saying that this form's hand was saved before (nothing was stored now)."""
    flash(_("Hand %(number)s is already saved.", number=number), "info")
    return redirect(url_for("matches.show", match_id=match_id))


@bp.route("/matches/<int:match_id>/hands/<int:number>/undo", methods=["GET", "POST"])
@login_required
def undo_hand(match_id: int, number: int) -> Any:
    """Take back the hand just entered (see services.undo_hand), after asking once, with the hand's
    scores; recorded in the edit log with everything the hand held. A POST that did not come from
    the question (an older page's button) is asked the question."""
    match = owned_or_404(get_match, match_id)
    back = redirect(url_for("matches.show", match_id=match_id))
    form = UndoForm()
    if form.is_submitted() and not form.validate_on_submit():
        flash(_("The form has expired; please try again."), "error")
        return back
    if number != undoable_hand(match):
        flash(_("Hand %(number)s can no longer be undone.", number=number), "info")
        return back
    if form.confirm.data != UNDO_CONFIRMED:
        mv = view(match)
        scores = scores_text(side_names(mv), mv.state.hands[number - 1].scores)
        form.confirm.data = UNDO_CONFIRMED
        return render_template("matches/undo.html", form=form, match=match, number=number, scores=scores)
    try:
        services_undo_hand(match, number, current_user.id)
    except Conflict as error:
        flash(_(error.message).format(**error.params), "info")
        return back
    flash(_("Hand %(number)s undone; enter it again when ready.", number=number), "success")
    return back


@bp.route("/matches/<int:match_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@login_required
def edit_hand(match_id: int, number: int) -> Any:
    event_game = _event_game(match_id)
    match, mv = _changeable_hand(match_id, number, correction=event_game)
    # A club night's game: the director says why (kept in the edit log with the change).
    reason = CorrectionReasonForm(request.form if request.method == "POST" else None) if event_game else None
    if request.method != "POST":
        stored = mv.state.hands[number - 1].input.to_json(mv.ruleset.flag_codes)
        formdata = input_to_formdata(stored, mv.ruleset)
        formdata["version"] = str(match.hands[number - 1].version)
        form = _hand_form(mv, formdata=formdata)
        added = add_penalty(form, mv.ruleset, request.args)  # "Add to this hand" on the penalty page
        return _render_hand(mv, form, number, editing=True, added=added, reason_form=reason)
    form = _hand_form(mv)
    valid = form.validate_on_submit()
    if reason is not None and not reason.validate():
        valid = False
    if not valid:
        return _render_hand(mv, form, number, UNPROCESSABLE, editing=True, reason_form=reason)
    built = form_to_hand(form, mv.ruleset, number)
    because = (reason.reason.data or "").strip() if reason is not None else None
    try:
        replace_hand(
            match,
            number,
            built.data,
            current_user.id,
            expected_version=form.version_number(),
            current=mv,
            reason=because,
        )
    except Conflict as error:
        return _conflict_page(match_id, form, number, error, editing=True, reason_form=reason)
    except ValidationError as error:
        place_hand_errors(form, built, translated_errors(error))
        mv = view(owned_or_404(get_match, match_id))
        return _render_hand(mv, form, number, UNPROCESSABLE, editing=True, reason_form=reason)
    except NotFound:
        abort(404)
    flash(_("Hand %(number)s changed; the totals after it were recomputed.", number=number), "success")
    return redirect(_after_correction(match_id))


def _after_correction(match_id: int) -> str:
    """Where a saved correction lands: a club night's game goes back to the director's console, at
    its table (its new score and "not confirmed" are there); an ordinary match to its scoreboard."""
    table = table_of_match(match_id) if 1 <= match_id <= MAX_ID else None
    if table is None:
        return url_for("matches.show", match_id=match_id)
    return url_for("events.show", event_id=table.round.event_id, _anchor=f"table-{table.number}")


@bp.post("/matches/<int:match_id>/hands/preview")
@login_required
def preview(match_id: int) -> Any:
    """A hand's scores from the form as it stands, without storing anything (JSON, for hand.js)."""
    mv = view(owned_or_404(get_match, match_id))
    form = _hand_form(mv)
    if not form.validate_on_submit():
        return jsonify(errors=field_error_paths(form)), UNPROCESSABLE
    built = form_to_hand(form, mv.ruleset)
    if not built.data["number"]:
        built.data["number"] = mv.state.next_number
    try:
        hand = parse_hand(mv.ruleset, built.data, mv.seat_counts)
    except ValidationError as error:
        return jsonify(errors=translated_errors(error)), UNPROCESSABLE
    breakdown = score_hand(mv.ruleset, hand)
    return jsonify(scores=[b.total for b in breakdown], breakdown=[b.to_json() for b in breakdown])


@bp.route("/matches/<int:match_id>/hands/<int:number>/delete", methods=["GET", "POST"])
@login_required
def delete_hand(match_id: int, number: int) -> Any:
    match, mv = _changeable_hand(match_id, number)
    back = redirect(url_for("matches.show", match_id=match_id))
    if number != len(mv.state.hands):
        flash(_("Only the last hand (%(last)s) can be deleted.", last=len(mv.state.hands)), "error")
        return back
    form = DeleteHandForm()
    if form.validate_on_submit():
        try:
            delete_last_hand(match, number, current_user.id, current=mv)
        except Conflict as error:
            flash(_(error.message).format(**error.params), "error")
            return back
        flash(_("Hand %(number)s deleted.", number=number), "success")
        return back
    context = scoreboard_context(mv)
    return render_template(
        "matches/delete.html", form=form, number=number, result=mv.state.hands[number - 1], **context
    )
