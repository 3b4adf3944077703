"""The spreadsheet exports in the reader's habits: the CSV split at ";" with decimal commas where the
language writes them (es, fr) and at "," in English; times in the reader's time zone (the ``tz``
cookie that static/offline.js sets) with their UTC offset, UTC when the cookie is absent or not a
zone; rule sets and ways of going out in words, not codes. The ``.xlsx`` download read back with
openpyxl, as a spreadsheet reads it: number cells, a date cell, text that is never a formula. The
JSON export keeps its codes."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook

from scorekeeper.services.export_formats import Habits, csv_cell
from tests.helpers import CLASSIC_2
from tests.web.helpers import CLASSIC_1, MAY_1, MAY_3, logged_in, page, seed

# A French-rules hand: Ana went out by surprise (melds 400 + clean 500 + surprise 200 = 1100);
# Eva 50 − 30 = 20 (tests/web/test_matches_hands.py works the same hand out).
SURPRISE = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "surprise",
    "sides": [{"melds": 400, "canastas": {"clean": 1}}, {"melds": 50, "hand": 30}],
}
SOLOS = [{"name": "Ana", "players": ["Ana"]}, {"name": "Eva", "players": ["Eva"]}]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def two(app: Flask, user_client: FlaskClient) -> list[int]:
    """Ana's classic match of two hands (1 May 2024, 18:30:15 UTC) and a French-rules match of one
    hand ended by a surprise going out (3 May 2024, 21:15 UTC)."""
    return [
        seed(app, "ana", [CLASSIC_1, CLASSIC_2], MAY_1, house_rules={}),
        seed(app, "ana", [SURPRISE], MAY_3, ruleset="francaise", sides=SOLOS),
    ]


def reader(app: Flask, language: str, zone: str | None = None) -> FlaskClient:
    """Ana's session in ``language``, its phone in time zone ``zone`` (no cookie when ``None``)."""
    client = logged_in(app, "ana", language)
    if zone is not None:
        client.set_cookie("tz", zone)
    return client


def table(client: FlaskClient, path: str, delimiter: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    text = response.get_data().decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def test_spanish_csv_uses_semicolons_words_and_the_readers_local_time(app: Flask, two: list[int]) -> None:
    client = reader(app, "es", "America/Argentina/Buenos_Aires")
    raw = client.get("/export/history.csv").get_data().decode("utf-8-sig")
    assert raw.splitlines()[0].count(";") == 20 and "," not in raw.splitlines()[0]
    rows = table(client, "/export/history.csv", ";")
    header = rows[0]
    assert header[:4] == [
        "Partida",
        "Fecha (America/Argentina/Buenos_Aires)",
        "Diferencia con UTC",
        "Variante",
    ]
    assert header[18] == "Total de la mano"
    first = rows[1]
    # 18:30:15 UTC is 15:30:15 in Buenos Aires (UTC−3, no summer time).
    assert first[1:4] == ["2024-05-01 15:30:15", "UTC-03:00", "Canasta"]
    assert first[9:11] == ["sí", "Normal"]
    assert first[7:9] == ["Nosotros", "Ana, Luis"]  # "," inside a field needs no quotes now
    assert first[11:] == ["640", "0", "800", "100", "100", "0", "-200", "1440", "1440", ""]
    french = rows[-2]
    assert french[3] == "Canasta (reglas francesas)" and french[10] == "Cierre de golpe"
    assert "francaise" not in raw and "surprise" not in raw and ";normal;" not in raw


def test_french_csv_in_summer_time_and_english_csv_with_commas(app: Flask, two: list[int]) -> None:
    rows = table(reader(app, "fr", "Europe/Paris"), f"/matches/{two[0]}/export.csv", ";")
    assert rows[0][:3] == ["Partie", "Date (Europe/Paris)", "Décalage avec UTC"]
    assert rows[1][1:4] == ["2024-05-01 20:30:15", "UTC+02:00", "Canasta"]
    assert rows[1][9:11] == ["oui", "Normale"]

    english = reader(app, "en", "Asia/Kathmandu")
    raw = english.get(f"/matches/{two[1]}/export.csv").get_data().decode("utf-8-sig")
    assert raw.splitlines()[0].startswith("Match,Date (Asia/Kathmandu),UTC offset,Rule set,")
    rows = table(english, f"/matches/{two[1]}/export.csv", ",")
    # 21:15 UTC on 3 May is 03:00 on 4 May in Kathmandu (UTC+05:45).
    assert rows[1][1:3] == ["2024-05-04 03:00:00", "UTC+05:45"]
    assert rows[1][9:11] == ["yes", "Surprise going out"]
    assert rows[1][18:] == ["1100", "1100", ""]  # (in play: no result yet)


@pytest.mark.parametrize(
    "cookie", [None, "", "Mars/Olympus_Mons", "../../etc/passwd", "Europe/Madrid\x00", "A" * 3000, "utc"]
)
def test_without_a_known_time_zone_times_are_in_utc(app: Flask, two: list[int], cookie: str | None) -> None:
    rows = table(reader(app, "en", cookie), f"/matches/{two[0]}/export.csv", ",")
    assert rows[0][1] == "Date (UTC)"
    assert rows[1][1:3] == ["2024-05-01 18:30:15", "UTC+00:00"]
    xlsx = reader(app, "en", cookie).get(f"/matches/{two[0]}/export.xlsx")
    assert xlsx.status_code == 200


def test_decimals_are_written_with_the_readers_decimal_symbol() -> None:
    spanish, english = Habits(decimal=","), Habits()
    assert (spanish.delimiter, english.delimiter) == (";", ",")
    assert csv_cell(3931.7, spanish) == "3931,7" and csv_cell(3931.7, english) == "3931.7"
    assert csv_cell(-85, spanish) == -85  # whole numbers stay plain digits: no grouping to misread
    assert csv_cell("=1+1", spanish) == "'=1+1"


def test_json_export_keeps_the_codes(app: Flask, two: list[int]) -> None:
    doc = reader(app, "es", "Europe/Madrid").get("/export/history.json").get_json()
    assert [m["ruleset"] for m in doc["matches"]] == ["classic", "francaise"]
    assert doc["matches"][0]["created_at"] == "2024-05-01T18:30:15.123456+00:00"
    assert doc["matches"][1]["hands"][0]["going_out_kind"] == "surprise"


def test_xlsx_has_number_and_date_cells_in_the_readers_words(app: Flask, two: list[int]) -> None:
    response = reader(app, "es", "Europe/Madrid").get("/export/history.xlsx")
    assert response.status_code == 200 and response.mimetype == XLSX
    assert response.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-history-')
    assert response.headers["Content-Disposition"].endswith('.xlsx"')
    book = load_workbook(io.BytesIO(response.get_data()))
    sheet = book.active
    assert sheet is not None and sheet.title == "Manos"
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert values[0][:4] == ["Partida", "Fecha (Europe/Madrid)", "Diferencia con UTC", "Variante"]
    assert len(values) == 1 + 2 * 2 + 2
    first = values[1]
    assert first[0] == two[0]
    assert first[1] == datetime(2024, 5, 1, 20, 30, 15)  # a date cell, in Madrid's summer time
    assert first[2:4] == ["UTC+02:00", "Canasta"]
    assert first[11:] == [640, 0, 800, 100, 100, 0, -200, 1440, 1440, ""]  # numbers, not text
    assert values[-2][10] == "Cierre de golpe"
    cell = sheet.cell(row=2, column=2)
    assert cell.is_date and cell.number_format  # shown as a date by the reader's spreadsheet
    assert sheet.freeze_panes == "A2"


def test_xlsx_text_is_never_a_formula(app: Flask, user_client: FlaskClient) -> None:
    sides = [{"name": "=HYPERLINK(1)", "players": ["+cmd", "-x"]}, {"name": "@Ellos", "players": ["Eva"]}]
    match_id = seed(app, "ana", [CLASSIC_1], MAY_1, sides=sides)
    response = user_client.get(f"/matches/{match_id}/export.xlsx")
    sheet = load_workbook(io.BytesIO(response.get_data())).active
    assert sheet is not None
    names = [(sheet.cell(row=r, column=8), sheet.cell(row=r, column=9)) for r in (2, 3)]
    assert [(n.value, p.value) for n, p in names] == [("=HYPERLINK(1)", "+cmd, -x"), ("@Ellos", "Eva")]
    assert all(c.data_type == "s" for pair in names for c in pair)  # text cells, no formula


def test_export_links_and_the_time_zone_script(app: Flask, two: list[int], other_client: FlaskClient) -> None:
    client = reader(app, "es")
    scoreboard = page(client.get(f"/matches/{two[0]}"))
    assert f'href="/matches/{two[0]}/export.xlsx"' in scoreboard
    assert 'src="/static/offline.js' in scoreboard
    transfer = page(client.get("/transfer"))
    assert 'href="/export/history.xlsx"' in transfer and 'src="/static/offline.js' in transfer
    script = client.get("/static/offline.js")
    assert script.status_code == 200 and b"resolvedOptions().timeZone" in script.get_data()
    script.close()
    assert other_client.get(f"/matches/{two[0]}/export.xlsx").status_code == 404
    others = load_workbook(io.BytesIO(other_client.get("/export/history.xlsx").get_data())).active
    assert others is not None and others.max_row == 1  # eva's history: the header only
    assert app.test_client().get(f"/matches/{two[0]}/export.xlsx").status_code == 302  # to the login page


def test_pages_write_dates_in_the_readers_time_zone(app: Flask, two: list[int]) -> None:
    """The French match began on 3 May 2024 at 21:15 UTC: already 4 May in Tokyo. The history says
    so, and the scoreboard is kept apart per zone (its ETag names the zone)."""
    in_utc, in_tokyo = reader(app, "en"), reader(app, "en", "Asia/Tokyo")
    assert "May 3, 2024" in page(in_utc.get("/")) and "May 4, 2024" not in page(in_utc.get("/"))
    assert "May 4, 2024" in page(in_tokyo.get("/"))
    tags = {client.get(f"/matches/{two[1]}").headers["ETag"] for client in (in_utc, in_tokyo)}
    assert len(tags) == 2
