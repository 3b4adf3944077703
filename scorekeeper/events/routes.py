"""The organiser's pages: the list of events, a new event, and the director's console with its
actions (seat the next round, close it, absent/back, a late entry, table links, correct a hand with a
reason, finish). Every write goes through :mod:`scorekeeper.services.events` and redirects after
success (post/redirect/get); an event of another account is 404. Every form that creates or changes
something carries a single-use key (:mod:`scorekeeper.single_use`): a double tap or Back then submit
changes nothing twice."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import Any, Final

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import login_required
from werkzeug.wrappers import Response

from .. import single_use, vocabulary
from ..access import current_club
from ..i18n import translated_errors
from ..keys import new_key
from ..matches.edit_log import log_entries
from ..matches.match_form import (
    MatchRequest,
    band_rows,
    house_rules_request,
    override_rows,
    place_match_errors,
    preset_choices,
)
from ..rules import ValidationError, all_rulesets, get_ruleset
from ..services import MAX_ID, Conflict, NotFound, event_reads, events, view
from ..services.match_reads import latest_log
from ..services.player_reads import player_names
from .blueprint import bp
from .chances import table_chances
from .console import (
    TableRow,
    clock_text,
    ends_at,
    entry_names,
    game_minutes,
    now,
    seconds_left,
    side_name,
    standings_rows,
    table_rows,
)
from .forms import (
    FORMAT_SHORT,
    GAME_KEYS,
    ActionForm,
    EntryForm,
    NewEventBase,
    SeatForm,
    entry_lines,
    new_event_form_class,
    parse_entries,
)
from .series_pages import series_panel

UNPROCESSABLE: Final = 422
CONFLICT: Final = 409


def load_event(event_id: int) -> Any:
    """The signed-in organiser's event. :raise 404: no such event of theirs."""
    if not 1 <= event_id <= MAX_ID:
        abort(404)
    try:
        return event_reads.get_event(current_club().id, event_id)
    except NotFound:
        abort(404)


def console_url(event_id: int) -> str:
    return url_for("events.show", event_id=event_id)


def _expired() -> Response:
    flash(_("The form has expired; please try again."), "error")
    return redirect(request.referrer or url_for("events.index"))


def _flash_conflict(error: Conflict) -> None:
    flash(_(error.message).format(**error.params), "error")


def _flash_errors(error: ValidationError) -> None:
    for messages in translated_errors(error).values():
        for message in messages:
            flash(message, "error")


# --- The list and a new event ------------------------------------------------------------------


@bp.get("/events")
@login_required
def index() -> str:
    """The organiser's events, newest first."""
    return render_template(
        "events/index.html", events=event_reads.list_events(current_club().id), formats=FORMAT_SHORT
    )


def _render_new(form: NewEventBase, status: int = 200, entry_errors: Sequence[Any] = ()) -> tuple[str, int]:
    rulesets = all_rulesets()
    page = render_template(
        "events/new.html",
        form=form,
        rulesets=rulesets,
        overrides={rs.id: override_rows(rs) for rs in rulesets},
        presets={rs.id: preset_choices(rs) for rs in rulesets},
        band_rows=band_rows,
        skip_house_keys=GAME_KEYS,
        players=player_names(current_club().id),
        entry_errors=entry_errors,
    )
    return page, status


def event_request(form: NewEventBase) -> tuple[dict[str, Any], dict[str, Any], MatchRequest | None]:
    """The API's new-event dict from a validated form, and for each API path the field it came from."""
    fields: dict[str, Any] = {
        "name": form.name,
        "held_on": form.day,
        "ruleset": form.ruleset,
        "target": form.target,
        "format": form.format,
        "rounds": form.rounds,
        "game": form.game,
        "game.hands": form.hands,
        "game.minutes": form.minutes,
        "points.win": form.win,
        "points.draw": form.draw,
        "points.loss": form.loss,
        "points.bye": form.bye,
        "entries": form.entries,
    }
    data: dict[str, Any] = {
        "name": (form.name.data or "").strip(),
        "ruleset": form.ruleset.data,
        "format": form.format.data,
        "entries": parse_entries(form.entries.data or ""),
        "house_rules": {},
    }
    day = form.day.data
    if isinstance(day, date):
        data["held_on"] = day.isoformat()
    try:
        rs = get_ruleset(str(form.ruleset.data))
    except LookupError:
        rs = None
    built = house_rules_request(form, rs) if rs is not None else None
    if built is not None:
        data["house_rules"] = built.data["house_rules"]
    target = form.target.as_int()
    if target is not None:
        data["target"] = target
    rounds = form.rounds.as_int()
    if rounds is not None:
        data["rounds"] = rounds
    game = form.game.data
    if game == "hands":
        data["game"] = {"hands": form.hands.as_int()}
    elif game == "minutes":
        data["game"] = {"minutes": form.minutes.as_int()}
    else:
        data["game"] = {}
    points = {key: form[key].as_int() for key in ("win", "draw", "loss", "bye")}
    data["points"] = {key: value for key, value in points.items() if value is not None}
    return data, fields, built


def place_event_errors(
    form: NewEventBase, fields: Mapping[str, Any], house: MatchRequest | None, errors: Mapping[str, list[str]]
) -> list[Any]:
    """Each message next to its input; messages about one entry (``entries.N...``) are returned as
    ``(line typed, messages)`` and shown under the entries' box."""
    lines = entry_lines(form.entries.data or "")
    by_line: dict[int, list[str]] = {}
    for path, messages in errors.items():
        target = fields.get(path)
        if target is None and path.startswith("entries."):
            index = path.split(".")[1]
            if index.isdigit() and int(index) < len(lines):
                by_line.setdefault(lines[int(index)], []).extend(messages)
                continue
            target = form.entries
        if target is None and path.startswith("game"):
            target = form.game
        if target is None and path.startswith("points"):
            target = form.win
        if target is None and path.startswith("house_rules") and house is not None:
            place_match_errors(form, house, {path: messages})
            continue
        if target is not None:
            target.errors = [*target.errors, *messages]
        else:
            form.form_errors.extend(messages)
    if by_line:
        form.entries.errors = [*form.entries.errors, _("Some entries need a correction (below).")]
    return sorted(by_line.items())


def made_event(_matches: Sequence[Any]) -> str:
    """The console of the event a create just made (flushed, so the newest of the account): where a
    repeat of its form is sent (:mod:`scorekeeper.single_use`)."""
    made = event_reads.list_events(current_club().id)
    return console_url(made[0].id) if made else url_for("events.index")


@bp.route("/events/new", methods=["GET", "POST"])
@login_required
def new() -> Any:
    form = new_event_form_class()()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)  # a repeat: the event the first one created
    if not valid:
        return _render_new(form, UNPROCESSABLE if form.is_submitted() else 200)
    data, fields, house = event_request(form)
    try:
        with single_use.claim("event", made_event):
            event = events.create_event(current_club().id, data)
    except ValidationError as error:
        entry_errors = place_event_errors(form, fields, house, translated_errors(error))
        return _render_new(form, UNPROCESSABLE, entry_errors)
    flash(_("The event is ready. Seat the first round when the players are there."), "success")
    return redirect(console_url(event.id))


# --- The console -----------------------------------------------------------------------------------


def _open_chances(event: Any, ev: event_reads.EventView, current: event_reads.RoundView | None) -> list[str]:
    """Each table's chances of the round in play, ``""`` for a finished game (its result is in the
    ratings already); none when no round is open."""
    if current is None or current.round.closed:
        return []
    sides = [tv.table.sides for tv in current.tables]
    texts = table_chances(event, sides, ev.entries)
    return ["" if tv.finished else text for tv, text in zip(current.tables, texts, strict=True)]


def _clock(event: Any, current: event_reads.RoundView | None, at: datetime) -> dict[str, Any]:
    """The open round's time left at ``at`` (``left``, ``left_text``), its end (``ends_at``), and
    ``now``; ``None`` for each when no round is open or the game is not timed."""
    minutes = game_minutes(event.game)
    left = end = None
    if current is not None and not current.round.closed:
        left = seconds_left(current.round.seated_at, minutes, at)
        end = ends_at(current.round.seated_at, minutes) if left is not None else None
    return {
        "left": left,
        "left_text": clock_text(left) if left is not None else None,
        "ends_at": end,
        "now": at,
    }


def _console_flags(
    event: Any, ev: event_reads.EventView, current: event_reads.RoundView | None, tables: Sequence[TableRow]
) -> dict[str, Any]:
    """What the console offers (``takes_entries``, ``can_seat``) and which tables it points at
    (``unconfirmed``: finished, not confirmed by every side; ``playing``: not finished)."""
    round_open = current is not None and not current.round.closed
    return {
        "takes_entries": event.format in ("swiss", "individual") or not ev.rounds,
        "can_seat": not event.finished and not round_open and len(ev.rounds) < event.rounds,
        "unconfirmed": [t.number for t in tables if t.finished and not t.all_confirmed],
        "playing": [t.number for t in tables if not t.finished],
    }


def console_context(event_id: int) -> dict[str, Any]:
    """Everything the console shows: the current round's tables with their activity and links, the
    time left, the entries, the standings."""
    event = load_event(event_id)
    ev = event_reads.event_view(event)
    names = entry_names(ev.entries)
    links = event_reads.table_links(event)
    at = now()
    current = ev.rounds[-1] if ev.rounds else None
    tables = []
    if current is not None:
        activity = event_reads.last_hand_times([tv.match.id for tv in current.tables])
        tables = table_rows(current, names, links, at, activity)
    return {
        "event": event,
        "ev": ev,
        "current": current,
        "tables": tables,
        "chances": _open_chances(event, ev, current),
        **_clock(event, current, at),
        "names": names,
        "standings": standings_rows(ev.standings, ev.entries),
        "links": links,
        "link_tables": range(1, event_reads.table_count(event) + 1),
        "formats": FORMAT_SHORT,
        "action": ActionForm(),
        "entry_form": EntryForm(),
        **_console_flags(event, ev, current, tables),
        **series_panel(event),
    }


def _console(context: Mapping[str, Any], status: int = 200) -> Response:
    response = make_response(render_template("events/show.html", **context), status)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/events/<int:event_id>")
@login_required
def show(event_id: int) -> Response:
    """The director's console."""
    return _console(console_context(event_id))


def acted_on(event_id: int) -> tuple[Any, Response | None]:
    """The event a console button acts on, and the answer when it must not act (an expired form).
    :raise single_use.Repeated: the button's form was sent already."""
    event = load_event(event_id)
    form = ActionForm()
    if not form.validate_on_submit():
        return event, _expired()
    single_use.check(form)
    return event, None


def back_to_console(event_id: int, anchor: str = "") -> Response:
    return redirect(console_url(event_id) + anchor)


@bp.post("/events/<int:event_id>/rounds/<int:number>/close")
@login_required
def close_round(event_id: int, number: int) -> Response:
    """Close round ``number``: unfinished games are settled as they stand."""
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    try:
        with single_use.claim("close_round", lambda _made: console_url(event_id)):
            events.close_round(event, number)
    except Conflict as error:
        _flash_conflict(error)
        return back_to_console(event_id)
    except NotFound:
        abort(404)
    flash(
        _("Round %(number)s is closed; unfinished games were settled as they stand.", number=number),
        "success",
    )
    return back_to_console(event_id)


@bp.post("/events/<int:event_id>/finish")
@login_required
def finish(event_id: int) -> Response:
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    try:
        with single_use.claim("finish_event", lambda _made: console_url(event_id)):
            events.finish_event(event)
    except Conflict as error:
        _flash_conflict(error)
        return back_to_console(event_id)
    flash(_("The event is over. The final standings are ready to print."), "success")
    return back_to_console(event_id)


@bp.post("/events/<int:event_id>/entries/<int:entry_id>/presence")
@login_required
def presence(event_id: int, entry_id: int) -> Response:
    """Mark an entry absent (``present=0``) or back (``present=1``), from the next round seated."""
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    present = request.form.get("present") == "1"
    if not 1 <= entry_id <= MAX_ID:
        abort(404)
    try:
        with single_use.claim("presence", lambda _made: console_url(event_id) + "#entries"):
            entry = events.set_present(event, entry_id, present)
    except NotFound:
        abort(404)
    except Conflict as error:
        _flash_conflict(error)
        return back_to_console(event_id, "#entries")
    if present:
        flash(_("%(name)s is back and plays from the next round.", name=entry.name), "success")
    else:
        flash(_("%(name)s is absent from the next round on (no bye).", name=entry.name), "success")
    return back_to_console(event_id, "#entries")


@bp.post("/events/<int:event_id>/entries")
@login_required
def add_entry(event_id: int) -> Any:
    """A late entry (Swiss, individual), or one added before the first round."""
    event = load_event(event_id)
    form = EntryForm()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)
    if not valid:
        return _console({**console_context(event_id), "entry_form": form}, UNPROCESSABLE)
    parsed = parse_entries(form.players.data or "")
    entry: dict[str, Any] = parsed[0] if parsed else {"players": []}
    if (form.name.data or "").strip():
        entry["name"] = (form.name.data or "").strip()
    try:
        with single_use.claim("entry", lambda _made: console_url(event_id) + "#entries"):
            events.add_entry(event, entry)
    except ValidationError as error:
        for path, messages in translated_errors(error).items():
            target = form.name if path == "name" else form.players
            target.errors = [*target.errors, *messages]
        return _console({**console_context(event_id), "entry_form": form}, UNPROCESSABLE)
    except Conflict as error:
        form.players.errors = [*form.players.errors, _(error.message).format(**error.params)]
        return _console({**console_context(event_id), "entry_form": form}, CONFLICT)
    flash(_("Entry added; it plays from the next round seated."), "success")
    return back_to_console(event_id, "#entries")


# --- Seating the next round ------------------------------------------------------------------------


def _shape(seating: Any) -> list[list[list[int]]]:
    return [[[int(e) for e in side] for side in table] for table in seating.tables]


def sent_tables(shape: list[list[list[int]]]) -> tuple[list[list[list[int]]], list[int]]:
    """The tables as the organiser left the selects (``t{table}-s{side}-{seat}``, entry ids) in the
    proposal's shape, and the checked ``bye`` boxes; a value that is not an id is left out (the
    service then names the entry left out)."""
    tables: list[list[list[int]]] = []
    for t, table in enumerate(shape):
        sides = []
        for s, side in enumerate(table):
            seats = []
            for k in range(len(side)):
                value = request.form.get(f"t{t}-s{s}-{k}", "")
                if value.isascii() and value.isdigit() and 0 < len(value) <= 10:
                    seats.append(int(value))
            sides.append(seats)
        tables.append(sides)
    byes = [int(v) for v in request.form.getlist("bye") if v.isascii() and v.isdigit() and 0 < len(v) <= 10]
    return tables, byes


def _spare_table(
    event: Any, proposed: list[list[list[int]]], byes: list[int], numbers: list[int]
) -> int | None:
    """The number of a table the director may add to the proposal, for two entries it leaves sitting
    out (a Mitchell with an absent pair: its opponents and the odd pair), or ``None``: fewer than two
    byes, players rather than pairs, or no table number left."""
    if len(byes) < 2 or event.format == "individual" or any(len(side) != 1 for t in proposed for side in t):
        return None
    free = [n for n in range(1, event_reads.table_count(event) + 1) if n not in numbers]
    return free[0] if free else None


def _sent_extra(spare: int | None) -> tuple[int | None, int | None] | None:
    """The entries chosen for the extra table (``None``: none chosen, or no extra table offered)."""
    if spare is None:
        return None
    chosen = []
    for side in (0, 1):
        value = request.form.get(f"extra-s{side}", "")
        chosen.append(int(value) if value.isascii() and value.isdigit() and 0 < len(value) <= 10 else None)
    return None if chosen == [None, None] else (chosen[0], chosen[1])


def _render_round(context: dict[str, Any], status: int = 200) -> Response:
    response = make_response(render_template("events/round.html", **context), status)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def seating_errors(error: ValidationError, names: Mapping[int, str]) -> dict[str, list[str]]:
    """A hand-made seating's problems in the user's language, each entry named as the page names it
    (the API names it by its id)."""

    return error.as_dict(_, _entry_words(names), vocabulary.plural)


def _error_places(
    entry: Any, table: Any, tables: list[list[list[int]]], extra: tuple[int | None, int | None] | None
) -> list[str]:
    """The fields a seating problem is about: the table it names (``table-{t}``, or ``extra`` for the
    extra table), else each select holding the entry it names, else the byes (an entry left out, or
    given a bye it cannot have)."""
    if isinstance(table, int):
        return [f"table-{table - 1}" if table <= len(tables) else "extra"]
    if not isinstance(entry, int):
        return []
    places = [
        f"t{t}-s{s}-{k}"
        for t, sides in enumerate(tables)
        for s, side in enumerate(sides)
        for k, chosen in enumerate(side)
        if chosen == entry
    ]
    places += [f"extra-s{s}" for s, chosen in enumerate(extra or ()) if chosen == entry]
    return places or ["byes"]


def placed_errors(
    error: ValidationError,
    tables: list[list[list[int]]],
    extra: tuple[int | None, int | None] | None,
    byes: list[int],
    names: Mapping[int, str],
) -> dict[str, list[str]]:
    """A refused seating's problems by the field they are about (see :func:`_error_places`), in the
    user's language, to show next to those fields (one not placed stays in the summary only)."""
    placed: dict[str, list[str]] = {}
    for problem in error.errors:
        message = ValidationError([problem]).as_dict(_, _entry_words(names), vocabulary.plural)
        text = next(iter(message.values()))[0]
        entry, table = problem.params.get("entry"), problem.params.get("table")
        places = _error_places(entry, table, tables, extra)
        if entry in byes and not isinstance(table, int):
            places.append("byes")
        for place in dict.fromkeys(places):
            placed.setdefault(place, []).append(text)
    return placed


def _entry_words(names: Mapping[int, str]) -> Callable[[str, Any], Any]:
    def words(name: str, value: Any) -> Any:
        if name == "entry" and isinstance(value, int) and value in names:
            return names[value]
        return vocabulary.message_words(name, value)

    return words


@bp.route("/events/<int:event_id>/rounds/new", methods=["GET", "POST"])
@login_required
def new_round(event_id: int) -> Any:
    """The next round's proposal with its repeats, seated as it is or with entries swapped by hand."""
    event = load_event(event_id)
    form = SeatForm()
    if form.is_submitted():
        if not form.validate_on_submit():
            return _expired()
        single_use.check(form)  # a repeat: the round the first one seated
    try:
        seating = event_reads.next_round_proposal(event)
    except Conflict as error:
        _flash_conflict(error)
        return back_to_console(event_id)
    context = _proposal_context(event, form, seating)
    if not form.is_submitted():
        return _render_round(context)
    return _seat_as_sent(event_id, event, context)


def _proposal_context(event: Any, form: SeatForm, seating: Any) -> dict[str, Any]:
    """The round page's context for the proposal ``seating``: its tables, numbers, byes, the spare
    table, the chances and no error."""
    proposed = _shape(seating)
    proposed_byes = sorted(int(b) for b in seating.byes)
    proposed_numbers = [number for number, _table in seating.numbered()]
    ev = event_reads.event_view(event)
    return {
        "event": event,
        "form": form,
        "tables": proposed,
        "table_numbers": proposed_numbers,
        "byes": proposed_byes,
        "seating": seating,
        "names": entry_names(ev.entries),
        "entries": [e for e in ev.entries if e.present],
        "absent": [e.name for e in ev.entries if not e.present],
        "errors": [],
        "number": len(ev.rounds) + 1,
        "spare": _spare_table(event, proposed, proposed_byes, proposed_numbers),
        "chances": table_chances(event, proposed, ev.entries),
        "refused": False,
        "field_errors": {},
        "extra": None,
    }


def _seat_as_sent(event_id: int, event: Any, context: dict[str, Any]) -> Any:
    """Seat the round as the form sent it (the proposal, or entries swapped by hand, perhaps two at
    an extra table): back to the console, or the page again (422) with the values sent and each
    problem at its field."""
    proposed, proposed_byes = context["tables"], context["byes"]
    tables, byes = sent_tables(proposed)
    numbers = list(context["table_numbers"])
    extra = _sent_extra(context["spare"])
    if extra is not None:  # two entries who would sit out, seated at a table of their own
        first, second = extra
        if first is None or second is None:
            message = _("Choose both sides of the extra table, or neither.")
            return _refused(context, tables, byes, extra, {"extra": [message]}, [message])
        tables.append([[first], [second]])
        numbers.append(context["spare"])
        byes = [b for b in byes if b not in (first, second)]
    manual = tables != proposed or sorted(byes) != proposed_byes
    body = {"tables": [{"sides": t} for t in tables], "byes": byes} if manual else None
    try:
        with single_use.claim("round", lambda _made: console_url(event_id)):
            seated = events.seat_round(event, body, numbers=numbers)
    except ValidationError as error:
        shown = tables[: len(proposed)]  # the extra table is shown in its own card, as chosen
        placed = placed_errors(error, shown, extra, byes, context["names"])
        errors = [m for messages in seating_errors(error, context["names"]).values() for m in messages]
        return _refused(context, shown, byes, extra, placed, errors)
    except Conflict as error:
        _flash_conflict(error)
        return back_to_console(event_id)
    flash(_("Round %(number)s is seated. Good games!", number=seated.number), "success")
    return back_to_console(event_id)


def _refused(
    context: dict[str, Any],
    tables: list[list[list[int]]],
    byes: list[int],
    extra: tuple[int | None, int | None] | None,
    field_errors: dict[str, list[str]],
    errors: list[str],
) -> Response:
    """The round page again (422) with the seating sent and its problems; without the proposal's
    chances, which belong to another seating."""
    context.update(
        tables=tables,
        byes=byes,
        extra=extra,
        refused=True,
        chances=[],
        field_errors=field_errors,
        errors=errors,
    )
    return _render_round(context, UNPROCESSABLE)


@bp.app_template_global("fresh_key")
def fresh_key() -> str:
    """A new single-use key for one of the console's button forms (each button its own)."""
    return new_key()


# --- Corrections -----------------------------------------------------------------------------------


@bp.get("/events/<int:event_id>/games/<int:match_id>")
@login_required
def correct(event_id: int, match_id: int) -> Response:
    """A game of the event, hand by hand, each with its correction (the match's own edit page, which
    asks an event game's director for the reason and keeps it in the edit log).
    :raise 404: not a game of this event."""
    event = load_event(event_id)
    if not 1 <= match_id <= MAX_ID:
        abort(404)
    table = event_reads.table_of_match(match_id)
    if table is None or table.round.event_id != event.id:
        abort(404)
    mv = view(table.match)
    names = entry_names(event.entries)
    sides = [side_name(names, side) for side in table.sides]
    hands = [(h.number, h.scores, h.totals_after) for h in mv.state.hands]
    log = log_entries(latest_log(match_id), mv.ruleset, [s.name for s in mv.match.sides])
    response = make_response(
        render_template(
            "events/game.html", event=event, table=table, sides=sides, hands=hands, match=mv.match, log=log
        )
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response
