"""A whole club night in Debian's Chromium, run by hand (not a CI test): the acceptance run of issue #20.

The app is served by Werkzeug's server (threaded, as the dev server) on a throwaway SQLite database.
A laptop (1366 x 768, English) is the director; six phones (360 x 740; Spanish, English and French
mixed, by locale and Accept-Language) are the tables, two per table (each side's); the wall
(1280 x 720, French) is on the big screen. A Mitchell of seven pairs over three rounds: round 1 as
proposed, a pair absent in round 2 and back in round 3; hands entered on the phones through their
table links, one phone losing its signal and getting it back, a double tap on Save; the opponents
confirm on their own phone; the director closes each round and corrects a hand with its reason.
Then a Swiss of six pairs with a late pair after round 1.

Printed: each step, the wall's standings against a hand computation from the typed hands (totals
of each game, then match points, won/drawn/lost, byes, points for and against), and the screenshots'
names. Run: ``.venv/bin/python bench/club_night_browser.py [FOLDER]`` (default /tmp/clubnight).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask
from flask_babel import force_locale, gettext, ngettext
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from werkzeug.serving import make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LANGUAGE = {"es": "es-ES", "en": "en-GB", "fr": "fr-FR"}
PAIRS = [
    "Ana & Luis",
    "Eva & Juan",
    "Marta & Pablo",
    "Lucía & Jorge",
    "Inés & Raúl",
    "Sofía & Íñigo",
    "Chloé & Loïc",
]
SWISS = ["Pilar & Tomás", "Rosa & Félix", "Nuria & Hugo", "Elena & Marc", "Clara & Iván", "Olga & Diego"]
POINTS = {"win": 2, "draw": 1, "loss": 0, "bye": 2}
PASSWORD = "a long password for the night"

SHOTS: list[str] = []
PROBLEMS: list[str] = []


def serve(folder: Path) -> tuple[Flask, str]:
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(folder)
    os.environ["SCOREKEEPER_INSECURE_COOKIES"] = "1"
    from scorekeeper import create_app

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'night.sqlite3'}",
            "SECRET_KEY": "night",
            "LOGIN_LIMIT_PER_ADDRESS": "1000 per minute",
            "REGISTER_LIMIT_PER_ADDRESS": "1000 per minute",
            "REGISTER_LIMIT_TOTAL": "1000 per minute",
        }
    )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return app, f"http://127.0.0.1:{server.server_port}"


class Night:
    def __init__(self, app: Flask, base: str, browser: Browser, out: Path) -> None:
        self.app, self.base, self.browser, self.out = app, base, browser, out
        self.errors: list[str] = []
        self.api_token = ""

    # --- helpers -------------------------------------------------------------------------------
    def w(self, language: str, text: str, **params: Any) -> str:
        with self.app.test_request_context(), force_locale(language):
            return gettext(text, **params)

    def wn(self, language: str, one: str, many: str, num: int, **params: Any) -> str:
        with self.app.test_request_context(), force_locale(language):
            return ngettext(one, many, num, **params)

    def context(self, language: str, **options: Any) -> tuple[BrowserContext, Page]:
        context = self.browser.new_context(
            base_url=self.base,
            locale=LANGUAGE[language],
            extra_http_headers={"Accept-Language": f"{language},en;q=0.5"},
            service_workers="allow",
            **options,
        )
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        return context, page

    def shot(self, page: Page, name: str, full_page: bool = True) -> None:
        path = self.out / f"{len(SHOTS) + 1:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        SHOTS.append(path.name)
        width = page.viewport_size["width"] if page.viewport_size else 0
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if width and scroll > width:
            PROBLEMS.append(f"{path.name}: {scroll - width}px wider than the screen")
        english = self.untranslated(page)
        if english:
            PROBLEMS.append(f"{path.name}: English on a non-English page: {english}")

    def untranslated(self, page: Page) -> list[str]:
        language = page.evaluate("document.documentElement.lang")
        if language not in ("es", "fr"):
            return []
        suspects = (
            "Entry ",
            " is seated",
            "Round ",
            "Standings",
            "Save hand",
            "hands",
            "Bye",
            "agreed",
            "Enter hand",
            "closed",
            "finished",
            "absent",
        )
        text = page.inner_text("body")
        return [s.strip() for s in suspects if s in text]

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        context = self.api_context
        response = context.fetch(
            self.base + "/api/v1" + path,
            method=method,
            data=body,
            headers={"Authorization": f"Bearer {token or self.api_token}"},
        )
        return response.status, (response.json() if response.body() else None)

    def check_stored(self, what: str, match: int, scores: list[int], hands: int) -> None:
        """The server's totals and hand count of ``match`` against the typed hands' (no hand doubled)."""
        stored = self.api("GET", f"/matches/{match}")[1]
        totals = [side["total"] for side in stored["sides"]]
        print(f"  {what}: stored {totals} in {stored['hand_count']} hands; by hand {scores} in {hands}")
        if totals != scores or stored["hand_count"] != hands:
            PROBLEMS.append(
                f"{what}: stored {totals} in {stored['hand_count']} hands, typed {scores} in {hands}"
            )

    # --- the director ---------------------------------------------------------------------------
    def director(self) -> None:
        self.desk_context, self.desk = self.context("en", viewport={"width": 1366, "height": 768})
        d = self.desk
        d.goto("/register")
        d.get_by_label("Username").fill("director")
        d.get_by_label("Password", exact=True).fill(PASSWORD)
        d.get_by_label("Repeat the password").fill(PASSWORD)
        d.get_by_role("button", name="Create account").click()
        d.wait_for_url("**/")
        from scorekeeper.extensions import db
        from scorekeeper.models import User
        from scorekeeper.services.accounts import create_token

        with self.app.app_context():
            user = db.session.scalar(db.select(User).where(User.username == "director"))
            assert user is not None
            self.api_token = create_token(user)
        self.api_context = self.desk_context.request

    def new_event(self, name: str, fmt: str, pairs: list[str], rounds: int, hands: int) -> int:
        d = self.desk
        d.goto("/events/new")
        d.get_by_label("Event name").fill(name)
        d.locator(f"input[name=format][value={fmt}]").check()
        d.get_by_label("Rounds", exact=True).fill(str(rounds))
        d.get_by_label("Hands per game").fill(str(hands))
        d.get_by_label("Entries, one per line").fill("\n".join(pairs) + "\n")
        self.shot(d, f"{fmt}-new-event")
        d.get_by_role("button", name="Create the event").click()
        expect(d.get_by_role("heading", level=1)).to_have_text(name)
        return int(d.url.rstrip("/").split("/")[-1])

    def seat(self, event: int, number: int, shot: str) -> None:
        d = self.desk
        d.goto(f"/events/{event}")
        d.get_by_role("link", name=f"Seat round {number}").click()
        extra = d.locator("#extra-s0")
        if extra.count():  # two pairs would sit out: the director seats them at the spare table
            byes = d.locator("input[name=bye]:checked")
            first, second = byes.nth(0).get_attribute("value"), byes.nth(1).get_attribute("value")
            d.locator("#extra-s0").select_option(first)
            d.locator("#extra-s1").select_option(second)
            print(f"  round {number}: the two pairs left out seated at the extra table")
        self.shot(d, f"{shot}-proposal")
        d.get_by_role("button", name=f"Seat round {number}").click()
        expect(d.get_by_role("heading", name=re.compile(f"^Round {number} of"))).to_be_visible()

    def presence(self, event: int, pair: str, present: bool) -> None:
        d = self.desk
        d.goto(f"/events/{event}")
        d.locator("#entries li", has_text=pair).get_by_role(
            "button", name="Back" if present else "Absent"
        ).click()
        d.wait_for_load_state("load")

    def close(self, event: int, number: int) -> None:
        d = self.desk
        d.goto(f"/events/{event}")
        d.get_by_role("button", name=f"Close round {number}").click()
        d.wait_for_load_state("load")

    def links(self, event: int) -> dict[int, str]:
        d = self.desk
        d.goto(f"/events/{event}")
        d.get_by_role("button", name="Make links for every table and print the cards").click()
        expect(d.locator(".card-url a").first).to_be_visible()
        urls = d.locator(".card-url a").all_inner_texts()
        self.shot(d, "table-cards")
        return {i + 1: u for i, u in enumerate(urls)}

    def event_json(self, event: int) -> dict[str, Any]:
        status, body = self.api("GET", f"/events/{event}")
        assert status == 200, (status, body)
        return body


def hand_for(table: int, round_: int, number: int) -> tuple[int, dict[str, str], dict[str, str], list[int]]:
    """Hand ``number`` of a table's game: who goes out, the fields of each side, and its scores by hand
    (RULES.md, classic: the side out scores melds + a clean canasta 500 + going out 100; the other its
    melds less the cards left in hand, 40)."""
    out = (table + round_ + number) % 2  # 0 or 1: the side that goes out
    melds = [100 * table + 50 * round_ + 5 * number, 150 + 10 * round_ + 5 * table]
    if out == 1:
        melds.reverse()
    fields = []
    scores = []
    for side in range(2):
        if side == out:
            fields.append({"melds": str(melds[side]), "canastas-clean": "1"})
            scores.append(melds[side] + 600)
        else:
            fields.append({"melds": str(melds[side]), "hand": "40"})
            scores.append(melds[side] - 40)
    return out + 1, fields[0], fields[1], scores


def type_hand(page: Page, went_out: int, *sides: dict[str, str]) -> None:
    page.locator(f"#went_out-{went_out}").check()
    for i, side in enumerate(sides):
        for name, value in side.items():
            page.locator(f"#sides-{i}-{name}").fill(value)


def hand_standings(event: dict[str, Any], totals: dict[int, list[int]]) -> dict[str, dict[str, int]]:
    """The standings' columns by hand, from each game's totals (``totals`` by match id)."""
    names = {e["id"]: e["name"] for e in event["entries"]}
    rows = {n: dict(mp=0, pl=0, w=0, d=0, l=0, by=0, pf=0, pa=0) for n in names.values()}
    for round_ in event["rounds"]:
        for entry in round_["byes"]:
            rows[names[entry]]["by"] += 1
            rows[names[entry]]["mp"] += POINTS["bye"]
        for table in round_["tables"]:
            t = totals.get(table["match"])
            if t is None:
                continue
            for side, entries in enumerate(table["sides"]):
                mine, theirs = t[side], t[1 - side]
                for entry in entries:
                    row = rows[names[entry]]
                    row["pl"] += 1
                    row["pf"] += mine
                    row["pa"] += theirs
                    key = "w" if mine > theirs else "d" if mine == theirs else "l"
                    row[key] += 1
                    row["mp"] += POINTS[{"w": "win", "d": "draw", "l": "loss"}[key]]
    for row in rows.values():
        row["diff"] = row["pf"] - row["pa"]
    return rows


def wall_rows(wall: Page) -> dict[str, dict[str, int]]:
    rows = {}
    for tr in wall.locator(".standings tbody tr").all():
        name = tr.locator("th").inner_text().strip()
        cells = [c.strip() for c in tr.locator("td").all_inner_texts()]
        numbers = [int(re.sub(r"[^\d-]", "", c.replace("\u2212", "-")) or 0) for c in cells]
        keys = ("rank", "mp", "pl", "w", "d", "l", "by", "pf", "pa", "diff")
        rows[name] = dict(zip(keys, numbers, strict=True))
    return rows


def compare(title: str, wall: Page, event: dict[str, Any], totals: dict[int, list[int]]) -> None:
    expect(wall.locator(".standings tbody tr")).to_have_count(len(event["entries"]))
    time.sleep(2)  # the wall's next poll (1.5 s)
    shown = wall_rows(wall)
    mine = hand_standings(event, totals)
    print(f"\n{title}: the wall  |  by hand")
    head = f"{'MP':>5} {'Pl':>3} {'W':>2} {'D':>2} {'L':>2} {'By':>3} {'For':>6} {'Ag.':>6} {'Diff':>6}"
    print(f"  {'entry':16} {head}  |  {head}")
    keys = ("mp", "pl", "w", "d", "l", "by", "pf", "pa", "diff")
    widths = (5, 3, 2, 2, 2, 3, 6, 6, 6)
    for name, row in shown.items():
        a = " ".join(f"{row[k]:>{n}}" for k, n in zip(keys, widths, strict=True))
        b = " ".join(f"{mine[name][k]:>{n}}" for k, n in zip(keys, widths, strict=True))
        flag = "" if all(row[k] == mine[name][k] for k in keys) else "   <-- DIFFERS"
        if flag:
            PROBLEMS.append(f"{title}: {name} differs: wall {row} hand {mine[name]}")
        print(f"  {name:16} {a}  |  {b}{flag}")
    order = [n for n, _ in sorted(mine.items(), key=lambda kv: -kv[1]["mp"])]
    if [mine[n]["mp"] for n in shown] != [mine[n]["mp"] for n in order]:
        PROBLEMS.append(f"{title}: the wall's order is not by match points")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/clubnight")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    data = Path(tempfile.mkdtemp(prefix="clubnight-"))
    app, base = serve(data)
    print(f"app on {base}, SQLite at {data}, screenshots in {out}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        night = Night(app, base, browser, out)
        try:
            mitchell(night)
            swiss(night)
        finally:
            browser.close()
    print("\nScreenshots:")
    for name in SHOTS:
        print(f"  {out / name}")
    print("\nJavaScript errors:", night.errors or "none")
    print("Problems found:", "none" if not PROBLEMS else "")
    for p in PROBLEMS:
        print(f"  - {p}")


def wall_page(night: Night, event: int) -> Page:
    _context, wall = night.context("fr", viewport={"width": 1280, "height": 720})
    wall.goto("/login")
    wall.locator("#username").fill("director")
    wall.locator("#password").fill(PASSWORD)
    wall.locator("main form [type=submit]").click()
    wall.wait_for_load_state("load")
    wall.goto(f"/events/{event}/wall")
    return wall


def play_round(
    night: Night,
    event: int,
    number: int,
    phones: dict[int, tuple[BrowserContext, Page, BrowserContext, Page, str, str]],
    urls: dict[int, str],
    totals: dict[int, list[int]],
    hands: int,
) -> None:
    """Each table's phone enters the game's hands through its link; the other side confirms."""
    ev = night.event_json(event)
    round_ = ev["rounds"][number - 1]
    playing = {t["number"] for t in round_["tables"]}
    free = [slot for slot in sorted(phones) if slot not in playing]
    for table in round_["tables"]:
        n = table["number"]
        slot = n if n in phones else free.pop(0)  # a table of no phone: the phones of an empty one move
        ctx_a, a, _ctx_b, b, la, lb = phones[slot]
        a.goto(urls[n])
        b.goto(urls[n])
        scores = [0, 0]
        for h in range(1, hands + 1):
            went, s1, s2, sc = hand_for(n, number, h)
            scores = [scores[0] + sc[0], scores[1] + sc[1]]
            expect(
                a.get_by_role("heading", level=1, name=night.w(la, "Enter hand %(number)s", number=h))
            ).to_be_visible()
            type_hand(a, went, s1, s2)
            save = a.get_by_role("button", name=night.w(la, "Save hand %(number)s", number=h))
            if n == 1 and h == 1:
                night.shot(a, f"r{number}-t{n}-phone-{la}-hand-typed", full_page=False)
            if n == 2 and h == hands and number == 1:  # no signal for the last hand, then back
                ctx_a.set_offline(True)
                save.click()
                expect(a.locator("#queue")).to_contain_text(night.w(la, "Hand %(number)s", number=h))
                night.shot(a, f"r{number}-t{n}-phone-{la}-offline-queued")
                ctx_a.set_offline(False)
                with a.expect_navigation():
                    a.evaluate("window.dispatchEvent(new Event('online'))")
            elif n == 3 and h == 1:  # a double tap on Save
                with a.expect_navigation():
                    save.dblclick()
            else:
                with a.expect_navigation():
                    save.click()
        totals[table["match"]] = scores
        night.check_stored(f"round {number} table {n}", table["match"], scores, hands)
        # The game is over: this side agrees here, the other on its own phone through the same link.
        expect(a.get_by_role("heading", name=night.w(la, "Do you agree with this result?"))).to_be_visible()
        a.locator('[data-confirm-side="0"]').click()
        expect(a.locator('[data-confirmed="0"]')).to_be_visible()
        b.reload()
        expect(b.get_by_role("heading", name=night.w(lb, "Do you agree with this result?"))).to_be_visible()
        if n == 1:
            night.shot(b, f"r{number}-t{n}-phone-{lb}-confirm-before")
        b.locator('[data-confirm-side="1"]').click()
        expect(b.locator('[data-confirmed="1"]')).to_be_visible()
        night.shot(b, f"r{number}-t{n}-phone-{lb}-confirmed")


def mitchell(night: Night) -> None:
    night.director()
    event = night.new_event("Martes del club", "mitchell", PAIRS, rounds=3, hands=2)
    print(f"Mitchell: event {event}, {len(PAIRS)} pairs")
    night.seat(event, 1, "mitchell-r1")
    night.shot(night.desk, "mitchell-r1-console")
    urls = night.links(event)
    print(f"  table links: {len(urls)}")
    wall = wall_page(night, event)
    night.shot(wall, "mitchell-r1-wall-seated", full_page=False)
    languages = [("es", "en"), ("fr", "es"), ("en", "fr")]
    phones = {}
    for n, (la, lb) in enumerate(languages, start=1):
        ctx_a, a = night.context(la, **PHONE)
        ctx_b, b = night.context(lb, **PHONE)
        phones[n] = (ctx_a, a, ctx_b, b, la, lb)
    totals: dict[int, list[int]] = {}
    for number in (1, 2, 3):
        if number == 2:
            night.presence(event, PAIRS[6], False)  # Chloé & Loïc are absent tonight's second round
            night.shot(night.desk, "mitchell-r2-absent-console")
        if number == 3:
            night.presence(event, PAIRS[6], True)
        if number > 1:
            night.seat(event, number, f"mitchell-r{number}")
        play_round(night, event, number, phones, urls, totals, hands=2)
        night.desk.goto(f"/events/{event}")
        night.shot(night.desk, f"mitchell-r{number}-console-played")
        night.close(event, number)
        if number == 2:
            correct(night, event, totals)
        compare(f"Mitchell after round {number}", wall, night.event_json(event), totals)
        night.shot(wall, f"mitchell-r{number}-wall-standings", full_page=False)
    for _ctx_a, a, _ctx_b, b, _la, _lb in phones.values():
        a.context.close()
        b.context.close()
    wall.context.close()


def correct(night: Night, event: int, totals: dict[int, list[int]]) -> None:
    """The director corrects hand 1 of table 1 in round 2 (side 1's melds were 50 more), with a reason."""
    d = night.desk
    ev = night.event_json(event)
    table = ev["rounds"][1]["tables"][0]
    d.goto(f"/events/{event}")
    d.goto(f"/events/{event}/games/{table['match']}")
    d.get_by_role("link", name="Correct hand 1").click()
    melds = d.locator("#sides-0-melds")
    melds.fill(str(int(melds.input_value()) + 50))
    d.get_by_role("button", name="Save changes").click()
    reason = d.get_by_label("Reason for the correction")
    expect(reason).to_be_visible()
    night.shot(d, "mitchell-r2-correction-reason-asked")
    reason.fill("Score sheet read again: 50 more in melds")
    d.get_by_role("button", name="Save changes").click()
    d.wait_for_load_state("load")
    d.goto(f"/events/{event}/games/{table['match']}")
    night.shot(d, "mitchell-r2-correction-log")
    totals[table["match"]][0] += 50
    night.check_stored("corrected game", table["match"], totals[table["match"]], 2)
    print(f"  corrected: round 2, table {table['number']}, hand 1, side 1 +50")


def swiss(night: Night) -> None:
    event = night.new_event("Torneo suizo", "swiss", SWISS, rounds=3, hands=1)
    print(f"Swiss: event {event}, {len(SWISS)} pairs, one late")
    wall = wall_page(night, event)
    totals: dict[int, list[int]] = {}
    urls: dict[int, str] = {}
    for number in (1, 2, 3):
        if number == 3:
            manual_mistake(night, event, number)
        night.seat(event, number, f"swiss-r{number}")
        urls = urls or night.links(event)
        if number == 2 and len(urls) < 4:
            urls = night.links(event)
        ev = night.event_json(event)
        ctx, phone = night.context(("es", "fr", "en")[number - 1], **PHONE)
        for table in ev["rounds"][number - 1]["tables"]:
            n = table["number"]
            went, s1, s2, sc = hand_for(n, number, 1)
            if n == 1:  # one table on a phone, the others through the API as their phones' queues do
                language = ("es", "fr", "en")[number - 1]
                phone.goto(urls[n])
                type_hand(phone, went, s1, s2)
                with phone.expect_navigation():
                    phone.get_by_role(
                        "button", name=night.w(language, "Save hand %(number)s", number=1)
                    ).click()
                night.shot(phone, f"swiss-r{number}-t1-phone-{language}-finished")
            else:
                token = urls[n].rsplit("/", 1)[1]
                body = {
                    "number": 1,
                    "match": table["match"],
                    "went_out": went - 1,
                    "going_out_kind": "normal",
                    "sides": [_api_side(s1), _api_side(s2)],
                }
                status, answer = night.api("POST", "/table/hands", body, token=token)
                if status != 201:
                    PROBLEMS.append(f"swiss round {number} table {n}: {status} {answer}")
            totals[table["match"]] = sc
            night.check_stored(f"swiss round {number} table {n}", table["match"], sc, 1)
        ctx.close()
        night.desk.goto(f"/events/{event}")
        night.shot(night.desk, f"swiss-r{number}-console-played")
        night.close(event, number)
        if number == 1:
            d = night.desk
            d.goto(f"/events/{event}")
            d.get_by_label("Players").fill("Irene & Pau")
            d.get_by_role("button", name="Add the entry").click()
            d.wait_for_load_state("load")
            night.shot(d, "swiss-late-pair-console")
        compare(f"Swiss after round {number}", wall, night.event_json(event), totals)
        night.shot(wall, f"swiss-r{number}-wall-standings", full_page=False)
    wall.context.close()


def manual_mistake(night: Night, event: int, number: int) -> None:
    """The director, reading Spanish, seats one pair twice by hand: refused, the pair and the rule named
    in Spanish; then back to English."""
    d = night.desk
    d.context.add_cookies([{"name": "lang", "value": "es", "url": night.base}])
    d.goto(f"/events/{event}/rounds/new")
    first = d.locator("#t0-s0-0").input_value()
    d.locator("#t0-s1-0").select_option(first)
    d.locator("form button.primary").click()
    d.wait_for_load_state("load")
    errors = d.locator("main").inner_text()
    if "dos veces" not in errors:
        PROBLEMS.append("the manual seating's problem is not in Spanish")
    night.shot(d, f"swiss-r{number}-manual-seating-refused-es")
    d.context.add_cookies([{"name": "lang", "value": "en", "url": night.base}])


def _api_side(fields: dict[str, str]) -> dict[str, Any]:
    side: dict[str, Any] = {"melds": int(fields["melds"])}
    if "canastas-clean" in fields:
        side["canastas"] = {"clean": int(fields["canastas-clean"])}
    if "hand" in fields:
        side["hand"] = int(fields["hand"])
    return side


if __name__ == "__main__":
    main()
