"""Table links (made, replaced, revoked; shown once with their QR code), the printables (seating per
round, table cards, final standings, score sheets; print CSS) and the event's CSV and JSON exports.

A link's token is stored only hashed, so its URL can be shown only when it is made: the table cards
are printed from the page that makes (or replaces) the links, answered ``no-store``."""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Sequence
from typing import Any, Final

import segno
from babel.numbers import get_decimal_symbol
from flask import abort, flash, make_response, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import login_required
from markupsafe import Markup, escape
from werkzeug.routing import BuildError
from werkzeug.wrappers import Response

from .. import single_use
from ..public_urls import external_url, tables_base
from ..rules import get_ruleset
from ..services import Conflict, NotFound, event_reads, events, view
from ..services.export_formats import Habits, iso_utc, safe_cell
from ..vocabulary import ruleset_name
from .blueprint import bp
from .console import (
    STANDING_COLUMNS,
    entry_names,
    game_hands,
    game_minutes,
    now,
    side_name,
    standings_rows,
    table_rows,
)
from .forms import FORMAT_SHORT
from .routes import acted_on, back_to_console, console_url, load_event

CSV_TYPE: Final = "text/csv; charset=utf-8"
JSON_TYPE: Final = "application/json"
#: Blank rows of a score sheet beyond the hands already entered (a game to the target).
SHEET_ROWS: Final = 12


def table_url(token: str) -> str:
    """The page behind a table link (the tables blueprint's ``/t/<token>``), absolute, as the API
    gives it."""
    try:
        return external_url("tables.page", token=token)
    except BuildError:  # the tables pages are not registered in this app: the path they will have
        return f"{tables_base()}/t/{token}"


@functools.lru_cache(maxsize=256)
def qr_svg(url: str, label: str) -> Markup:
    """The QR code of ``url`` as inline SVG, named for screen readers (segno's own SVG; the only
    text added to it is escaped)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=5, title=label, svgclass="qr", lineclass=None, light="#fff"
    )
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))  # nosec B704


def _secret(response: Response) -> Response:
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _cards(event: Any, made: Sequence[tuple[int, str]], status: int = 201) -> Response:
    """The page of links just made: each table's card (event, table, link, QR), to print."""
    label = _("QR code to open the table's page")
    cards = [{"number": n, "url": table_url(t), "qr": qr_svg(table_url(t), label)} for n, t in made]
    return _secret(make_response(render_template("events/cards.html", event=event, cards=cards), status))


@bp.post("/events/<int:event_id>/tables/<int:number>/link")
@login_required
def make_link(event_id: int, number: int) -> Response:
    """Make (or replace) table ``number``'s link and show it once, with its QR code."""
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    if not 1 <= number <= 10_000:
        abort(404)
    try:
        with single_use.claim("table_link", lambda _made: console_url(event_id) + "#links"):
            _link, token = events.create_table_link(event, number)
    except NotFound:
        abort(404)
    except Conflict as error:
        flash(_(error.message).format(**error.params), "error")
        return back_to_console(event_id, "#links")
    return _cards(event, [(number, token)])


@bp.post("/events/<int:event_id>/cards")
@login_required
def make_cards(event_id: int) -> Response:
    """New links for every table (replacing the old ones), as table cards to print."""
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    made: list[tuple[int, str]] = []
    try:
        with single_use.claim("table_cards", lambda _made: console_url(event_id) + "#links"):
            for number in range(1, event_reads.table_count(event) + 1):
                _link, token = events.create_table_link(event, number)
                made.append((number, token))
    except Conflict as error:
        flash(_(error.message).format(**error.params), "error")
        return back_to_console(event_id, "#links")
    return _cards(event, made)


@bp.post("/events/<int:event_id>/tables/<int:number>/revoke")
@login_required
def revoke_link(event_id: int, number: int) -> Response:
    event, stop = acted_on(event_id)
    if stop is not None:
        return stop
    if not 1 <= number <= 10_000:
        abort(404)
    try:
        events.revoke_table_link(event, number)
    except NotFound:
        abort(404)
    flash(_("The link of table %(number)s no longer opens anything.", number=number), "success")
    return back_to_console(event_id, "#links")


# --- Printables ------------------------------------------------------------------------------------


def _round_number(ev: Any) -> int | None:
    """The round a printable asks for (``?round=N``), else the latest; ``None``: none seated.
    :raise 404: no such round."""
    if not ev.rounds:
        return None
    asked = request.args.get("round", "")
    if not asked:
        return len(ev.rounds)
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 4) or not 1 <= int(asked) <= len(ev.rounds):
        abort(404)
    return int(asked)


def _printable(template: str, **context: Any) -> Response:
    response = make_response(render_template(template, **context))
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/events/<int:event_id>/print/seating")
@login_required
def print_seating(event_id: int) -> Response:
    """The seating of every round seated, one round a page (``?round=N``: that round alone)."""
    event = load_event(event_id)
    ev = event_reads.event_view(event)
    names = entry_names(ev.entries)
    asked = request.args.get("round")
    chosen = _round_number(ev)
    rounds = [rv for rv in ev.rounds if not asked or rv.round.number == chosen]
    seating = [
        {
            "number": rv.round.number,
            "tables": [
                {"number": tv.table.number, "sides": [side_name(names, s) for s in tv.table.sides]}
                for tv in rv.tables
            ],
            "byes": [names.get(int(b), "") for b in rv.round.byes],
        }
        for rv in rounds
    ]
    return _printable("events/print_seating.html", event=event, rounds=seating)


@bp.get("/events/<int:event_id>/print/standings")
@login_required
def print_standings(event_id: int) -> Response:
    event = load_event(event_id)
    ev = event_reads.event_view(event)
    return _printable(
        "events/print_standings.html",
        event=event,
        standings=standings_rows(ev.standings, ev.entries),
        rounds_played=sum(1 for rv in ev.rounds if rv.round.closed),
        formats=FORMAT_SHORT,
    )


@bp.get("/events/<int:event_id>/print/sheets")
@login_required
def print_sheets(event_id: int) -> Response:
    """A score sheet per table of a round: who sits where, a row per hand (those entered filled in)."""
    event = load_event(event_id)
    ev = event_reads.event_view(event)
    number = _round_number(ev)
    if number is None:
        flash(_("Seat a round first."), "info")
        return back_to_console(event_id)
    rv = ev.rounds[number - 1]
    rows = table_rows(rv, entry_names(ev.entries), {}, now())
    hands = game_hands(event.game)
    sheets = []
    for row, tv in zip(rows, rv.tables, strict=True):
        scores = [(h.scores, h.totals_after) for h in view(tv.match).state.hands]
        blank = (hands or max(SHEET_ROWS, len(scores) + 4)) - len(scores)
        sheets.append({"table": row, "scores": scores, "blank": max(blank, 0)})
    return _printable(
        "events/print_sheets.html",
        event=event,
        number=number,
        sheets=sheets,
        hands=hands,
        minutes=game_minutes(event.game),
    )


# --- Exports ---------------------------------------------------------------------------------------


def _download(body: str | bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, content_type=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-store"
    return response


def event_document(event: Any, ev: Any) -> dict[str, Any]:
    """The event as JSON: API.md's EVENT (entries, rounds with tables and results, byes, standings)
    with each table's final totals and winner."""
    rounds = []
    for rv in ev.rounds:
        tables = [
            {
                "number": tv.table.number,
                "match": tv.match.id,
                "sides": [list(s) for s in tv.table.sides],
                "finished": bool(tv.finished),
                "confirmed": [bool(c) for c in tv.table.confirmed],
                "hands": tv.hands,
                "totals": list(tv.totals),
                "winner": tv.match.winner,
            }
            for tv in rv.tables
        ]
        rounds.append(
            {
                "number": rv.round.number,
                "closed": rv.round.closed,
                "seated_at": iso_utc(rv.round.seated_at),
                "tables": tables,
                "byes": list(rv.round.byes),
            }
        )
    return {
        "id": event.id,
        "name": event.name,
        "held_on": event.held_on.isoformat() if event.held_on else None,
        "ruleset": event.ruleset,
        "target": event.target,
        "house_rules": event.house_rules,
        "format": event.format,
        "rounds_planned": event.rounds,
        "game": event.game,
        "points": event.points,
        "finished": event.finished,
        "entries": [
            {"id": e.id, "name": e.name, "players": list(e.players), "present": e.present} for e in ev.entries
        ],
        "rounds": rounds,
        "standings": [
            {key: row[key] for key in ("rank", "entry", *STANDING_COLUMNS[2:])}
            for row in standings_rows(ev.standings, ev.entries)
        ],
    }


def _filename(event: Any, ext: str) -> str:
    return f"event-{event.id}.{ext}"


@bp.get("/events/<int:event_id>/export.json")
@login_required
def export_json(event_id: int) -> Response:
    event = load_event(event_id)
    document = event_document(event, event_reads.event_view(event))
    return _download(json.dumps(document, ensure_ascii=False, indent=1), JSON_TYPE, _filename(event, "json"))


def _delimiter() -> str:
    """The reader's spreadsheet's: ``;`` where the decimal symbol is a comma (es, fr), as the app's
    other CSV exports split (:class:`~scorekeeper.services.export_formats.Habits`)."""
    return Habits(decimal=get_decimal_symbol(get_locale())).delimiter


def standings_header() -> list[str]:
    return [
        _("Rank"),
        _("Entry"),
        _("Players"),
        _("Played"),
        _("Won"),
        _("Drawn"),
        _("Lost"),
        _("Byes"),
        _("Match points"),
        _("Points for"),
        _("Points against"),
        _("Difference"),
    ]


@bp.get("/events/<int:event_id>/export.csv")
@login_required
def export_csv(event_id: int) -> Response:
    """The standings, then every game (round, table, sides, totals, result), in the reader's
    spreadsheet habits (UTF-8 with a byte-order mark; ``;`` in es and fr)."""
    event = load_event(event_id)
    ev = event_reads.event_view(event)
    names = entry_names(ev.entries)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=_delimiter(), lineterminator="\r\n")

    def row(values: Sequence[Any]) -> None:
        writer.writerow([safe_cell(v) if isinstance(v, str) else v for v in values])

    row([event.name])
    row([ruleset_name(get_ruleset(event.ruleset)), str(FORMAT_SHORT.get(event.format, event.format))])
    row([])
    row(standings_header())
    for s in standings_rows(ev.standings, ev.entries):
        row([s["rank"], s["name"], " & ".join(s["players"]), *[s[k] for k in STANDING_COLUMNS[2:]]])
    row([])
    row(
        [
            _("Round"),
            _("Table"),
            _("Side 1"),
            _("Side 2"),
            _("Total 1"),
            _("Total 2"),
            _("Hands"),
            _("Result"),
        ]
    )
    for rv in ev.rounds:
        for tv in rv.tables:
            sides = [side_name(names, s) for s in tv.table.sides]
            totals = list(tv.totals) + [""] * (2 - len(tv.totals))
            row([rv.round.number, tv.table.number, *sides[:2], *totals[:2], tv.hands, _result(tv, sides)])
        for bye in rv.round.byes:
            row([rv.round.number, "", names.get(int(bye), ""), _("Bye"), "", "", "", ""])
    body = ("\ufeff" + out.getvalue()).encode("utf-8")
    return _download(body, CSV_TYPE, _filename(event, "csv"))


def _result(tv: Any, sides: Sequence[str]) -> str:
    if not tv.finished:
        return _("Playing")
    winner = tv.match.winner
    if winner is None:
        return _("Draw")
    return _("%(side)s won", side=sides[winner]) if 0 <= winner < len(sides) else ""


@bp.app_template_global("event_iso")
def event_iso(moment: Any) -> str:
    return iso_utc(moment) if moment is not None else ""
