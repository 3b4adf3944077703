"""The installable app: its web app manifest, the service worker served from the site's root, and
the page shown for a page that was never opened online.

The service worker (``templates/pwa/sw.js``) keeps the app shell and the last copy of each
scoreboard and referee page a player opened, per account: every logged-in page says whose it is in
an ``X-Account`` header (:func:`scorekeeper.sessions.account_tag`: a keyed hash of the account's id,
the same for all its logins and meaningless to anyone else), the worker keeps
one account's pages only, and drops them on logout or on any answer that lands on the login page.
Browsers run service workers only over HTTPS and on localhost; on plain HTTP the app works as
before, online (docs/production.md).

A control that needs the network (a form that posts, a link to a page never kept, a download)
carries ``data-needs-network`` in its template: ``static/offline.js`` hides it on a kept copy and
while the phone is offline, and the page says why. The "No signal" page (``/offline``) has no
account links: the worker says there what the phone knows (templates/pwa/sw.js, ``offlinePage``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Final

from flask import Blueprint, Flask, Response, current_app, render_template, request, url_for
from flask_babel import gettext
from flask_login import login_required

from .config import STATIC_DIR
from .loaders import owned_or_404
from .pages import PAGES
from .rules.publish import scoring_data
from .services import effective_ruleset, get_match
from .sessions import session_account

bp = Blueprint("pwa", __name__)

THEME_COLOUR: Final = "#14532d"
BACKGROUND_COLOUR: Final = "#ffffff"
#: Icons in static/icons/ (drawn by scripts/make_icons.py): file, size, purpose.
ICONS: Final = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
)
#: Static files every page needs, kept by the worker when it installs.
SHELL_FILES: Final = (
    "app.css",
    "referee.css",
    "favicon.svg",
    "offline.js",
    # The hand page offline (templates/pwa/hand_template.html, static/queue/main.js).
    "hand.css",
    "stepper.js",
    "hand.js",
    "enter_moves_on.js",
    "hand_submit.js",
    "scorer.js",
    "form_to_hand.js",
    # A club night's table page (scorekeeper/tables: templates/tables/table.html).
    "tables.css",
    "countdown.js",
    "table.js",
    # The queue's ES modules (static/queue/), each of them: a module imports the others.
    *sorted(f"queue/{path.name}" for path in (STATIC_DIR / "queue").glob("*.js")),
    "icons/icon-192.png",
    "icons/apple-touch-icon.png",
)
#: Pages (paths, as regular expressions) whose last copy is kept for reading without signal.
KEPT_PAGES: Final = (
    r"^/$",
    r"^/matches/\d+$",
    r"^/matches/\d+/(rules|penalties|charts|log)$",
    r"^/matches/\d+/hands/\d+$",
)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in the user's language."""
    body = {
        "name": gettext("Canasta scorekeeper"),
        "short_name": gettext("Scorekeeper"),
        "description": gettext("Score keeper and referee for Canasta, Samba and Canastón"),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": url_for("static", filename=path), "sizes": f"{size}x{size}", "type": "image/png",
             "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }
    response = current_app.response_class(
        json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json"
    )
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that its scope is the whole site. Its text changes with
    every release (:data:`scorekeeper.pages.PAGES`), which makes browsers install the new one and drop
    the old caches."""
    # Straight from the Jinja environment: no context processors, so no session or CSRF token is
    # touched for a script that every page's browser fetches.
    script = current_app.jinja_env.get_template("pwa/sw.js").render(
        version=PAGES,
        shell_files=[url_for("static", filename=name) for name in SHELL_FILES] + [url_for("pwa.offline")],
        kept_pages=list(KEPT_PAGES),
        login_path=url_for("auth.login"),
        logout_path=url_for("auth.logout"),
    )
    response = current_app.response_class(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/matches/<int:match_id>/rules.json")
@login_required
def match_rules(match_id: int) -> Response:
    """The match's rule set with its house rules applied, for the scorer on the phone
    (static/scorer.js): the same numbers the server scores with. Revalidated by ETag, so a phone
    downloads it again only when it changes (a new release, or "Continue editing" with new rules)."""
    match = owned_or_404(get_match, match_id)
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
    response.headers["Cache-Control"] = "private, no-cache"
    response.make_conditional(request)  # a 304 when the phone's copy is current
    return response


@bp.get("/offline")
def offline() -> str:
    """What the worker shows for a page it has no copy of while the phone has no signal."""
    return render_template("pwa/offline.html")


def register_account_header(app: Flask) -> None:
    """Tag each logged-in HTML page with its account, for the service worker's per-account cache."""

    @app.after_request
    def tag_account(response: Response) -> Response:
        # Read from the signed session, not current_user: a scoreboard served from the page store
        # loads no user, and this must not make it.
        tag = session_account()
        if tag is not None and response.mimetype == "text/html":
            response.headers["X-Account"] = tag
        return response

