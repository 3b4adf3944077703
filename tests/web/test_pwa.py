"""The installable app through the test client: the manifest in the user's language, the service
worker at the root with its release in its text, and the account tag that keeps one account's kept
pages from another's (the worker itself is exercised in tests/browser/test_offline.py)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.pages import PAGES
from scorekeeper.rules import get_ruleset
from scorekeeper.rules.publish import scoring_data
from tests.web.helpers import new_match


def test_the_manifest_speaks_the_users_language(client: FlaskClient) -> None:
    names = {"es": "Anotador de Canasta", "fr": "Marqueur de Canasta", "en": "Canasta scorekeeper"}
    for language, name in names.items():
        client.set_cookie("lang", language)
        manifest = client.get("/manifest.webmanifest")
        assert manifest.status_code == 200
        assert manifest.mimetype == "application/manifest+json"
        assert manifest.json["name"] == name
        assert manifest.json["display"] == "standalone"


def test_the_worker_is_served_from_the_root_with_its_release(client: FlaskClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    assert f'const VERSION = "{PAGES}";' in worker.get_data(as_text=True)
    assert "Set-Cookie" not in worker.headers  # fetched by every page: no session made for it


def test_every_page_links_the_manifest_and_the_icon(client: FlaskClient) -> None:
    page = client.get("/login").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'rel="apple-touch-icon"' in page
    assert "offline.js" in page


def test_logged_in_pages_carry_an_opaque_account_tag(
    client: FlaskClient, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    assert "X-Account" not in client.get("/login").headers
    ana = user_client.get("/").headers["X-Account"]
    assert ana == user_client.get("/players").headers["X-Account"]
    assert ana != other_client.get("/").headers["X-Account"]
    assert len(ana) == 16 and not ana.isdigit()


def test_a_match_publishes_its_rules_for_the_phone(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    house_rules = {"penalties.drew_two_cards": 100}
    match_id = new_match(app, "classic", house_rules)
    answer = user_client.get(f"/matches/{match_id}/rules.json")
    assert answer.status_code == 200
    assert answer.json["ruleset"] == scoring_data(get_ruleset("classic", house_rules))
    assert answer.json["target"] == 5000 and answer.json["sides"] == 2
    drew_two = next(p for p in answer.json["ruleset"]["penalties"] if p["code"] == "drew_two_cards")
    assert drew_two["points"] == 100  # the house rule, not the book's 50
    assert answer.headers["Cache-Control"] == "private, no-cache"

    etag = answer.headers["ETag"]
    again = user_client.get(f"/matches/{match_id}/rules.json", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert other_client.get(f"/matches/{match_id}/rules.json").status_code == 404


def test_the_shell_lists_each_file_once() -> None:
    """``Cache.addAll`` refuses a list with a file twice, and the worker would never install."""
    from scorekeeper.pwa import SHELL_FILES

    assert len(SHELL_FILES) == len(set(SHELL_FILES))


def test_the_shell_keeps_every_module_an_import_names(client: FlaskClient) -> None:
    """Every file a module of the offline queue imports is in the worker's shell (else the hand page
    offline has no queue), and a module fetched by an import (no ``?v=``) is revalidated, not kept a
    year: a phone runs this release's modules, never the last one's."""
    import re

    from scorekeeper.config import STATIC_DIR
    from scorekeeper.pwa import SHELL_FILES

    modules = [STATIC_DIR / "hand.js", STATIC_DIR / "form_to_hand.js", *(STATIC_DIR / "queue").glob("*.js")]
    for module in modules:
        for name in re.findall(r'from "(\.{1,2}/[^"]+)"', module.read_text()):
            imported = (module.parent / name).resolve().relative_to(STATIC_DIR.resolve()).as_posix()
            assert imported in SHELL_FILES, (module.name, imported)
    versioned = client.get("/static/queue/main.js?v=1")
    imported = client.get("/static/queue/store.js")
    assert "max-age=31536000" in versioned.headers["Cache-Control"]
    assert "max-age=31536000" not in imported.headers.get("Cache-Control", "") and imported.headers["ETag"]
    versioned.close()
    imported.close()


def _marked(html: str, fragment: str) -> bool:
    """Whether the element whose opening tag (or the tag opening just before it) holds ``fragment``
    carries data-needs-network."""
    at = html.index(fragment)
    tag = html[html.rindex("<", 0, at) : html.index(">", at) + 1]
    if "data-needs-network" in tag:
        return True
    before = html.rindex("<", 0, html.rindex("<", 0, at))  # the parent's tag (a form, a paragraph)
    return "data-needs-network" in html[before : html.index(">", before) + 1]


def test_controls_that_need_the_network_are_marked(app: Flask, user_client: FlaskClient) -> None:
    """Undo, rematch, continue editing, share, exports, a hand's corrections and logging out carry
    data-needs-network, which static/offline.js hides offline (tests/browser/test_offline_dead_ends.py)."""
    from tests.web.helpers import FORM_HAND as HAND
    from tests.web.helpers import create, hand_form, post_hand

    match_id = create(user_client, target="500")
    post_hand(user_client, match_id, hand_form(1, 0, *HAND))  # 900: over, and hand 1 can be undone
    html = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    for fragment in (f"/matches/{match_id}/hands/1/undo", f"/matches/{match_id}/rematch",
                     f"/matches/{match_id}/reopen", f"/matches/{match_id}/share", "/logout",
                     f"/matches/{match_id}/export.csv", "hreflang="):
        assert _marked(html, fragment), fragment
    user_client.post(f"/matches/{match_id}/reopen", data={"csrf_token": _token(html)})
    html = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert _marked(html, f"/matches/{match_id}/hands/1/edit")


def _token(html: str) -> str:
    marker = 'name="csrf_token" type="hidden" value="'
    start = html.index(marker) + len(marker)
    return html[start : html.index('"', start)]


def test_the_no_signal_page_offers_no_account_links(user_client: FlaskClient) -> None:
    """The worker keeps it once for whoever is logged in or not, and says what the phone knows."""
    html = user_client.get("/offline").get_data(as_text=True)
    assert "Log out" not in html and 'href="/login"' not in html and 'href="/register"' not in html
    for case in ("post", "kept", "logout", "ended", "none"):
        assert f'hidden data-offline="{case}' in html or f' {case}"' in html, case
