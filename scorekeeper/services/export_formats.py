"""The export formats (CSV and ``.xlsx`` for spreadsheets, JSON to rebuild matches) and the reading
of an export.

Nothing here touches the database: exports are written from folded matches
(:class:`scorekeeper.services.MatchView`) and :func:`read_export` turns an uploaded file into
:class:`ImportedMatch` values, each re-validated by the rules core (the new-match checks, every hand
through ``parse_hand`` in order, then ``fold_match``) with its totals recomputed and compared with
the file's. Any problem raises :class:`ImportRejected` with every problem found, each naming the
match and hand, so that the caller stores nothing.

Messages are English format strings marked with ``N_`` (as in the core) and translated when shown.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

import xlsxwriter

from ..models import as_utc
from ..rules import (
    N_,
    FieldError,
    HandInput,
    MatchSetup,
    MatchState,
    RuleSet,
    ValidationError,
    check_new_match,
    fold_match,
    parse_hand,
)
from ..rules.hand import MAX_HANDS, TOO_MANY_HANDS

if TYPE_CHECKING:
    from .matches import MatchView

Translate = Callable[[str], str]

FORMAT: Final = "scorekeeper-export"
VERSION: Final = 1
MAX_BYTES: Final = 5 * 1024 * 1024
MAX_MATCHES: Final = 5000
#: Problems kept for the user; past this, reading stops (the file is rejected either way).
MAX_PROBLEMS: Final = 30
MAX_DATE_LENGTH: Final = 40

DOCUMENT_KEYS: Final = frozenset({"format", "version", "exported_at", "matches"})
MATCH_KEYS: Final = (
    "ruleset",
    "target",
    "house_rules",
    "first_dealer",
    "created_at",
    "sides",
    "hands",
    "totals",
)
NEW_MATCH_KEYS: Final = ("ruleset", "target", "house_rules", "sides", "first_dealer")
#: Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection").
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def _identity(text: str) -> str:
    return text


# --- Export ------------------------------------------------------------------------------------


def iso_utc(moment: datetime) -> str:
    return as_utc(moment).astimezone(UTC).isoformat()


def export_entry(mv: MatchView) -> dict[str, Any]:
    """One match, as the JSON export holds it: enough to rebuild it, and its totals to check."""
    match = mv.match
    codes = mv.ruleset.flag_codes
    return {
        "ruleset": match.ruleset,
        "target": match.target,
        "house_rules": dict(match.house_rules or {}),
        "first_dealer": match.first_dealer,
        "created_at": iso_utc(match.created_at),
        "sides": [{"name": side.name, "players": list(side.player_names)} for side in match.sides],
        "hands": [h.input.to_json(codes) for h in mv.state.hands],
        "totals": list(mv.state.totals),
    }


def entry_fingerprint(data: Mapping[str, Any]) -> str:
    """What tells one match from another when a backup comes back, from its export entry
    (:func:`export_entry`'s shape): its rules (rule set, target, house rules), sides (names and players
    in their seats), start time (to the second) and the hands as entered. Two equal fingerprints are
    the same match; an edited hand, a renamed player or another start make another."""
    document = {
        "ruleset": data["ruleset"],
        "target": data["target"],
        "house_rules": data["house_rules"],
        "sides": [{"name": side["name"], "players": list(side["players"])} for side in data["sides"]],
        "created_at": data["created_at"].astimezone(UTC).replace(microsecond=0).isoformat(),
        "hands": list(data["hands"]),
    }
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def match_fingerprint(mv: MatchView) -> str:
    """The :func:`entry_fingerprint` of a stored match."""
    return entry_fingerprint({**export_entry(mv), "created_at": as_utc(mv.match.created_at)})


def export_json(views: Iterable[MatchView], exported_at: datetime) -> str:
    """The JSON export of ``views`` (compact, UTF-8 text)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": iso_utc(exported_at),
        "matches": [export_entry(mv) for mv in views],
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def safe_cell(text: str) -> str:
    """``text`` for a spreadsheet cell: a leading apostrophe keeps it from being run as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


CSV_HEADER: Final = (
    N_("Match"),
    N_("Date ({zone})"),
    N_("UTC offset"),
    N_("Rule set"),
    N_("Target"),
    N_("Hand"),
    N_("Side"),
    N_("Side name"),
    N_("Players"),
    N_("Went out"),
    N_("Going-out kind"),
    N_("Melds"),
    N_("Cards in hand"),
    N_("Canastas"),
    N_("Red threes"),
    N_("Going out"),
    N_("Specials"),
    N_("Penalties"),
    N_("Hand total"),
    N_("Running total"),
    N_("Result"),
)

#: The title of the threes' column (``Red threes`` in :data:`CSV_HEADER`) where an exported match's
#: rule set scores black threes on that line too (American Canasta:
#: :attr:`scorekeeper.rules.model.RedThreeRule.black_threes`).
THREES: Final = N_("Threes")
RED_THREES: Final = "Red threes"

#: A spreadsheet cell: text, a number, or a date and time (the reader's local time, without zone).
Cell = str | int | float | datetime


def _ruleset_words(rs: RuleSet) -> str:
    return rs.name


def _going_out_words(rs: RuleSet, code: str) -> str:
    kind = rs.going_out_kind(code)
    return kind.description if kind is not None else code


@dataclass(frozen=True)
class Habits:
    """How the reader writes, for the spreadsheet exports: the decimal symbol of their language
    (``,`` in Spanish and French, whose spreadsheets then split CSV fields at ``;``), their time
    zone and its name, and the words for the codes (rule sets, ways of going out, the header).
    The defaults are English with UTC, as a program would read them."""

    decimal: str = "."
    zone: tzinfo = UTC
    zone_name: str = "UTC"
    translate: Translate = _identity
    ruleset_name: Callable[[RuleSet], str] = _ruleset_words
    going_out_name: Callable[[RuleSet, str], str] = _going_out_words

    @property
    def delimiter(self) -> str:
        """``;`` where the decimal symbol is a comma (as those spreadsheets expect), else ``,``."""
        return ";" if self.decimal == "," else ","

    def local(self, moment: datetime) -> datetime:
        """``moment`` in the reader's time zone."""
        return as_utc(moment).astimezone(self.zone)


def utc_offset(moment: datetime) -> str:
    """The UTC offset of an aware ``moment``: ``UTC+02:00``, ``UTC-03:00``, ``UTC+05:45``, ``UTC+00:00``."""
    offset = moment.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def sheet_header(habits: Habits, views: Sequence[MatchView] = ()) -> list[str]:
    """The header of the spreadsheet exports of ``views``, in the reader's language: the threes'
    column is "Threes" when one of their rule sets scores black threes on that line too."""
    both = any(mv.ruleset.red_threes.black_threes for mv in views)
    titles = [THREES if both and title == RED_THREES else title for title in CSV_HEADER]
    return [habits.translate(title).replace("{zone}", habits.zone_name) for title in titles]


def sheet_rows(mv: MatchView, habits: Habits) -> Iterable[list[Cell]]:
    """A row per hand and side (sides numbered from 1, as at the table), as typed cells: numbers as
    numbers, the start as the reader's local time (its UTC offset in the next cell), codes in words."""
    match = mv.match
    started = habits.local(match.created_at)
    ruleset = habits.ruleset_name(mv.ruleset)
    yes, no = habits.translate(N_("yes")), habits.translate(N_("no"))
    sides = [(s.name, ", ".join(s.player_names)) for s in match.sides]
    state = mv.state
    for result in state.hands:
        over = state.finished and result.number == len(state.hands)
        went_out, kind = result.input.went_out, result.input.going_out_kind
        for i, (name, players) in enumerate(sides):
            b = result.breakdown[i]
            yield [
                match.id,
                started.replace(tzinfo=None, microsecond=0),
                utc_offset(started),
                ruleset,
                match.target,
                result.number,
                i + 1,
                name,
                players,
                yes if went_out == i else no,
                habits.going_out_name(mv.ruleset, kind) if went_out == i and kind else "",
                b.melds,
                b.hand,
                b.canastas,
                b.red_threes,
                b.going_out,
                b.specials,
                b.penalties,
                b.total,
                result.totals_after[i],
                _result_word(state, i, habits) if over else "",
            ]


def _result_word(state: MatchState, side: int, habits: Habits) -> str:
    """A finished match's result for ``side``, on the rows of its last hand: won, lost or draw."""
    if state.winner is None:
        return habits.translate(N_("draw"))
    return habits.translate(N_("won") if state.winner == side else N_("lost"))


def csv_cell(value: Cell, habits: Habits) -> str | int:
    """A cell as the CSV writes it: whole numbers as digits (no grouping, which spreadsheets would
    misread), other numbers with the reader's decimal symbol, dates as ``2024-05-01 20:30:15`` (which
    every spreadsheet reads as a date), text kept from being run as a formula (:func:`safe_cell`)."""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, bool):
        raise TypeError("a cell is never a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return repr(value).replace(".", habits.decimal)
    return safe_cell(value)


def csv_rows(mv: MatchView, habits: Habits | None = None) -> Iterable[list[str | int]]:
    """The rows of :func:`sheet_rows` as the CSV writes them."""
    habits = habits or Habits()
    for row in sheet_rows(mv, habits):
        yield [csv_cell(value, habits) for value in row]


def export_csv(
    views: Iterable[MatchView], translate: Translate = _identity, habits: Habits | None = None
) -> bytes:
    """The CSV export: UTF-8 with a byte-order mark (spreadsheets then read accents right), a header,
    fields split as the reader's spreadsheet expects (:attr:`Habits.delimiter`). ``translate`` is
    used when no ``habits`` are given (English words otherwise)."""
    habits = habits or Habits(translate=translate)
    views = list(views)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=habits.delimiter, lineterminator="\r\n")
    writer.writerow(sheet_header(habits, views))
    for mv in views:
        writer.writerows(csv_rows(mv, habits))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


#: The width of the ``.xlsx`` export's wider columns, in characters, by their title in :data:`CSV_HEADER`.
XLSX_WIDTHS: Final = {
    "Date ({zone})": 19,
    "UTC offset": 11,
    "Rule set": 18,
    "Side name": 18,
    "Players": 22,
    "Going-out kind": 16,
}
XLSX_WIDTH: Final = 9
#: Excel's built-in date-and-time format, which spreadsheets show the way their reader's system does.
XLSX_DATE_FORMAT: Final = 22


def export_xlsx(
    views: Iterable[MatchView], habits: Habits | None = None, sheet: str = "Scorekeeper"
) -> bytes:
    """The rows of the CSV export as an Excel workbook: numbers as number cells, the start as a date
    cell (local time, its offset beside it), text as text (never a formula), the header frozen.
    Written row by row through temporary files (a whole history does not sit in memory as cells)."""
    habits = habits or Habits()
    views = list(views)
    out = io.BytesIO()
    workbook = xlsxwriter.Workbook(out, {"constant_memory": True})
    worksheet = workbook.add_worksheet(sheet[:31])
    bold = workbook.add_format({"bold": True, "text_wrap": True, "valign": "top"})
    when = workbook.add_format({"num_format": XLSX_DATE_FORMAT})
    for column, (code, title) in enumerate(zip(CSV_HEADER, sheet_header(habits, views), strict=True)):
        worksheet.write_string(0, column, title, bold)
        worksheet.set_column(column, column, XLSX_WIDTHS.get(code, XLSX_WIDTH))
    worksheet.freeze_panes(1, 0)
    rows = (cells for mv in views for cells in sheet_rows(mv, habits))
    for row, cells in enumerate(rows, start=1):
        for column, value in enumerate(cells):
            if isinstance(value, datetime):
                worksheet.write_datetime(row, column, value, when)
            elif isinstance(value, int | float):
                worksheet.write_number(row, column, value)
            else:
                worksheet.write_string(row, column, value)
    workbook.close()
    return out.getvalue()


# --- Import ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """What is wrong, and where: ``match`` and ``hand`` count from 1 (``None``: the whole file/match)."""

    error: ValidationError
    match: int | None = None
    hand: int | None = None


def problems_json(problems: Sequence[Problem]) -> list[dict[str, Any]]:
    """``problems`` as JSON values, to be shown later in the reader's language
    (:func:`problems_from_json`)."""
    return [
        {
            "match": problem.match,
            "hand": problem.hand,
            "errors": [
                {"path": e.path, "message": e.message, "params": dict(e.params), "plural": e.plural}
                for e in problem.error.errors
            ],
        }
        for problem in problems
    ]


def problems_from_json(values: Sequence[Mapping[str, Any]]) -> list[Problem]:
    """The problems :func:`problems_json` wrote."""
    return [
        Problem(
            ValidationError(
                FieldError(e["path"], e["message"], e["params"], e["plural"]) for e in value["errors"]
            ),
            value["match"],
            value["hand"],
        )
        for value in values
    ]


class ImportRejected(Exception):
    """The file cannot be imported; nothing may be stored. ``truncated``: more problems were not read."""

    def __init__(self, problems: list[Problem], truncated: bool = False) -> None:
        self.problems = problems
        self.truncated = truncated
        super().__init__(len(problems))

    def __str__(self) -> str:
        return "; ".join(render_problems(self.problems))


@dataclass(frozen=True)
class ImportedMatch:
    """One match of an export, checked by the rules: what to store, and its folded state."""

    ruleset: RuleSet
    target: int
    house_rules: dict[str, Any]
    first_dealer: int
    created_at: datetime
    sides: list[dict[str, Any]]
    hands: tuple[HandInput, ...]
    state: MatchState

    def stored_hands(self) -> list[dict[str, Any]]:
        """The hands as the database stores them (fresh dicts: the caller may change them)."""
        return [dict(hand) for hand in self._stored_hands]

    @cached_property
    def _stored_hands(self) -> tuple[dict[str, Any], ...]:
        codes = self.ruleset.flag_codes
        return tuple(hand.to_json(codes) for hand in self.hands)

    @cached_property
    def fingerprint(self) -> str:
        """The match's :func:`entry_fingerprint`, equal to the one of the match it was exported from."""
        return entry_fingerprint(
            {
                "ruleset": self.ruleset.id,
                "target": self.target,
                "house_rules": self.house_rules,
                "sides": self.sides,
                "created_at": as_utc(self.created_at),
                "hands": list(self._stored_hands),
            }
        )


@dataclass(frozen=True)
class ImportedExport:
    """A checked export file: its matches, in the file's order, and when it was exported."""

    matches: list[ImportedMatch]
    exported_at: datetime | None


def _error(message: str, path: str = "_", **params: Any) -> ValidationError:
    return ValidationError([FieldError(path, message, params)])


def render_problems(
    problems: Sequence[Problem],
    errors_of: Callable[[ValidationError], dict[str, list[str]]] | None = None,
    translate: Translate = _identity,
) -> list[str]:
    """One line per message: ``Match 2, hand 5: sides.1.melds: Must be a multiple of 5.``

    ``errors_of`` gives a validation error's messages by path in the user's language
    (``scorekeeper.i18n.translated_errors``); ``translate`` translates the place.
    """
    lines = []
    for problem in problems:
        if problem.match is not None and problem.hand is not None:
            where = translate(N_("Match {match}, hand {hand}")).format(match=problem.match, hand=problem.hand)
        elif problem.match is not None:
            where = translate(N_("Match {match}")).format(match=problem.match)
        else:
            where = ""
        messages = errors_of(problem.error) if errors_of else problem.error.as_dict()
        for path, texts in messages.items():
            for text in texts:
                parts = [p for p in (where, "" if path == "_" else path, text) if p]
                lines.append(": ".join(parts))
    return lines


class _Reader:
    """Collects problems; stops reading once there are too many to show."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, error: ValidationError, match: int | None = None, hand: int | None = None) -> None:
        self.problems.append(Problem(error, match, hand))
        if len(self.problems) >= MAX_PROBLEMS:
            raise ImportRejected(self.problems, truncated=True)

    def reject(self, message: str, **params: Any) -> ImportRejected:
        return ImportRejected([Problem(_error(message, **params))])


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _json_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:20]


#: Matches checked between two calls of :func:`read_export`'s ``progress``.
PROGRESS_EVERY: Final = 250


def read_export(raw: bytes, progress: Callable[[int, int], None] | None = None) -> ImportedExport:
    """The matches of an uploaded export, every one checked by the rules, totals recomputed.
    ``progress(checked, total)`` is called every :data:`PROGRESS_EVERY` matches, once the list of
    matches is read (a background import shows it).

    :raise ImportRejected: with every problem found (up to :data:`MAX_PROBLEMS`).
    """
    reader = _Reader()
    document = _document(reader, raw)
    for key in sorted(set(document) - DOCUMENT_KEYS, key=str):
        reader.add(_error(N_("Unknown field."), str(key)))
    exported_at = None if document.get("exported_at") is None else _moment(document["exported_at"])
    if document.get("exported_at") is not None and exported_at is None:
        reader.add(_error(N_("Must be a date and time (ISO 8601)."), "exported_at"))
    matches = _match_list(reader, document.get("matches"))
    imported = []
    for number, data in enumerate(matches, start=1):
        if progress is not None and (number - 1) % PROGRESS_EVERY == 0:
            progress(number - 1, len(matches))
        match = _read_match(reader, number, data)
        if match is not None:
            imported.append(match)
    if reader.problems:
        raise ImportRejected(reader.problems)
    return ImportedExport(imported, exported_at)


def _document(reader: _Reader, raw: bytes) -> Mapping[str, Any]:
    """The file as a JSON document of Scorekeeper's format and version.

    :raise ImportRejected: it is too large, empty, not UTF-8 JSON, or not an export this app reads.
    """
    if len(raw) > MAX_BYTES:
        raise reader.reject(N_("The file is larger than {maximum} MB."), maximum=MAX_BYTES // (1024 * 1024))
    if not raw.strip():
        raise reader.reject(N_("The file is empty."))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise reader.reject(N_("The file is not UTF-8 text; choose a JSON export of Scorekeeper.")) from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise reader.reject(
            N_("The file is not valid JSON (line {line}, column {column})."),
            line=error.lineno,
            column=error.colno,
        ) from None
    except (ValueError, RecursionError):
        raise reader.reject(N_("The file is not valid JSON.")) from None
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise reader.reject(
            N_("This is not a Scorekeeper export (its format should be {format})."), format=FORMAT
        )
    version = document.get("version")
    if version != VERSION or isinstance(version, bool):
        raise reader.reject(
            N_("Export version {version} cannot be read; this app reads version {supported}."),
            version=_json_value(version),
            supported=VERSION,
        )
    return document


def _match_list(reader: _Reader, matches: Any) -> list[Any]:
    """The document's list of matches, one at least and at most :data:`MAX_MATCHES`.

    :raise ImportRejected: no list, or too long a one, with the problems so far.
    """
    if not isinstance(matches, list):
        reader.add(_error(N_("Must be a list of matches."), "matches"))
        raise ImportRejected(reader.problems)
    if not matches:
        reader.add(_error(N_("The file holds no match.")))
    if len(matches) > MAX_MATCHES:
        reader.add(
            _error(
                N_("At most {maximum} matches can be imported at once; this file holds {count}."),
                maximum=MAX_MATCHES,
                count=len(matches),
            )
        )
        raise ImportRejected(reader.problems)
    return matches


def _moment(value: Any) -> datetime | None:
    """An ISO 8601 date and time, in UTC (a time without zone is taken as UTC); ``None`` if not one."""
    if not isinstance(value, str) or len(value) > MAX_DATE_LENGTH:
        return None
    try:
        return as_utc(datetime.fromisoformat(value)).astimezone(UTC)
    except (ValueError, OverflowError):  # in UTC the year would be 0 or 10000
        return None


def _read_match(reader: _Reader, number: int, data: Any) -> ImportedMatch | None:
    """Match ``number`` of the file, checked as a new match, then hand by hand, then folded, its
    totals compared with the file's; ``None`` once a problem is noted."""
    if not _has_match_keys(reader, number, data):
        return None
    try:
        # A match already played is taken as it was played, even with more sides than its rule set
        # allows today (a three-side Samba made before the rule).
        setup = check_new_match({key: data[key] for key in NEW_MATCH_KEYS}, sides_of_ruleset=False)
    except ValidationError as error:
        reader.add(error, number)
        return None
    created_at = _moment(data["created_at"])
    if created_at is None:
        reader.add(_error(N_("Must be a date and time (ISO 8601)."), "created_at"), number)
    hands = _read_hands(reader, number, setup, data["hands"])
    if hands is None:
        return None
    try:
        state = fold_match(setup.ruleset, setup.target, len(setup.sides), hands)
    except ValidationError as error:
        reader.add(error, number)
        return None
    if not _totals_agree(reader, number, data["totals"], state) or created_at is None:
        return None
    sides = [{"name": side.name, "players": list(side.players)} for side in setup.sides]
    return ImportedMatch(
        setup.ruleset,
        setup.target,
        dict(setup.house_rules),
        setup.first_dealer,
        created_at,
        sides,
        tuple(hands),
        state,
    )


def _has_match_keys(reader: _Reader, number: int, data: Any) -> bool:
    """Whether match ``number`` is an object with every field of an exported match and no other."""
    if not isinstance(data, Mapping):
        reader.add(_error(N_("Each match must be a JSON object.")), number)
        return False
    good = True
    for key in MATCH_KEYS:
        if key not in data:
            reader.add(_error(N_("This field is missing."), key), number)
            good = False
    for key in sorted(set(data) - set(MATCH_KEYS), key=str):
        reader.add(_error(N_("Unknown field."), str(key)), number)
        good = False
    return good


def _read_hands(reader: _Reader, number: int, setup: MatchSetup, raw_hands: Any) -> list[HandInput] | None:
    """Every hand of match ``number``, each checked in order; ``None`` if any is not good."""
    if not isinstance(raw_hands, list):
        reader.add(_error(N_("Must be a list of hands."), "hands"), number)
        return None
    if len(raw_hands) > MAX_HANDS:  # said at the first hand too many, before checking any
        reader.add(_error(TOO_MANY_HANDS, "number", maximum=MAX_HANDS), number, MAX_HANDS + 1)
        return None
    hands: list[HandInput] = []
    for position, raw in enumerate(raw_hands, start=1):
        try:
            hands.append(parse_hand(setup.ruleset, raw, setup.seat_counts, expected_number=position))
        except ValidationError as error:
            reader.add(error, number, position)
    return hands if len(hands) == len(raw_hands) else None


def _totals_agree(reader: _Reader, number: int, totals: Any, state: MatchState) -> bool:
    """Whether the file's ``totals`` of match ``number`` are those its hands add up to."""
    valid_totals = (
        isinstance(totals, list)
        and len(totals) == len(state.totals)
        and all(isinstance(t, int) and not isinstance(t, bool) for t in totals)
    )
    if not valid_totals:
        reader.add(_error(N_("Must list one whole-number total per side."), "totals"), number)
        return False
    if list(state.totals) != totals:
        reader.add(
            _error(
                N_(
                    "The totals in the file ({stored}) differ from those its hands add up to ({computed}): "
                    "the file was changed or is damaged."
                ),
                "totals",
                stored=", ".join(str(t) for t in totals),
                computed=", ".join(str(t) for t in state.totals),
            ),
            number,
        )
        return False
    return True
