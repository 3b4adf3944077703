"""Every create is once: the single-use key of each page form that creates something (a new match,
a rematch, a share link, an API token, a merge of players, an import, a new account), as the hand
forms have theirs (:mod:`scorekeeper.services.submission_keys`). The same form sent again (a double
tap, Back then submit, Rematch → Back → Rematch) creates nothing and is shown what the first one made.

The form carries its key in the hidden input :data:`FIELD`:

- a form object mixes in :class:`SingleUse` (a fresh random key each time the form is rendered;
  a form sent back with mistakes keeps its key);
- a form on a page kept and shared by the page cache (the scoreboard's Rematch and Share) renders
  :func:`key_input`: a key derived from the account, the action, the match and its revision, so
  every copy of that version of the page, on every phone of the account, carries the same key.

A route calls :func:`check` once the form's CSRF token is good (a used key raises :class:`Repeated`),
then creates inside ``with claim(action, target):``. The claim waits in the database session; the
unit of work (:mod:`scorekeeper.services.unit_of_work`) calls :func:`record_pending` right before it
commits, which stores the key, with the page of what was made, in the create's own transaction:
neither is ever kept without the other. Two requests racing with one key: the unique (account,
key) pair makes one commit fail, and the loser finds the winner's key (:class:`Repeated` again).
The app answers :class:`Repeated` with a redirect to what the first request made, and a message.

A key belongs to an account; the register form's, sent before there is one, belongs to the account
it made (and is looked up by the key alone, which nobody else holds).

Keys are kept :data:`KEEP`, then forgotten when the account next uses a form.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final

from flask import Flask, current_app, flash, redirect, request
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from markupsafe import Markup, escape
from sqlalchemy import delete, inspect, select
from sqlalchemy.exc import OperationalError
from werkzeug.wrappers import Response
from wtforms import HiddenField

from .extensions import db
from .invariant import committed
from .keys import is_valid_key, new_key
from .models import FormUse, Match, User, utcnow

#: The hidden input that carries a form's key.
FIELD: Final = "once"
#: How long a use is remembered, at least (a page left open over a weekend).
KEEP: Final = timedelta(days=7)
#: ``Session.info`` key of the claim under way.
PENDING: Final = "scorekeeper.single_use"

#: What a repeat is told, per action; the page it is shown says the rest.
REPEATED: Final = {
    "match": _l("This match was started already; here it is. Nothing was created twice."),
    "rematch": _l("The rematch was started already; here it is. Nothing was created twice."),
    "share": _l("The link was made already; nothing was created twice."),
    "token": _l(
        "That token was made already and shown once; nothing was created twice."
        " If you did not copy it, revoke it and create another."
    ),
    "merge": _l("Those players were merged already; nothing was changed twice."),
    "import": _l("That file was imported already; nothing was imported twice."),
    "register": _l("Your account was created already; nothing was created twice. Log in with it."),
    "event": _l("This event was created already; here it is. Nothing was created twice."),
    "club": _l("This club was created already; nothing was created twice."),
    "invitation": _l(
        "That invitation was made already and shown once; nothing was made twice. If you did not"
        " print or copy it, revoke it and make another."
    ),
    "round": _l("This round was seated already; nothing was seated twice."),
    "table_link": _l(
        "That link was made already and shown once; nothing was made twice."
        " If you did not print or copy it, make it again (the new one replaces it)."
    ),
    "table_cards": _l(
        "Those links were made already and shown once; nothing was made twice."
        " If you did not print the cards, make them again (the new links replace them)."
    ),
}
DEFAULT_REPEATED: Final = _l("This form was sent already; nothing was created twice.")

#: The page of what a create made, from the matches its write created (none for a write that
#: creates no match).
Target = Callable[[Sequence[Match]], str]
#: The one action whose form is sent without an account.
REGISTER: Final = "register"


class SingleUse:
    """Mix into a form that creates something: its single-use key, fresh at each rendering."""

    once = HiddenField(default=new_key)


class Repeated(Exception):
    """The form's key was used: ``use`` is what the first request made."""

    def __init__(self, use: FormUse) -> None:
        self.use = use
        super().__init__(use.key)


@dataclass
class Claim:
    """A create under way with the single-use ``key`` of account ``user_id`` (``None``: the account
    the create makes)."""

    user_id: int | None
    key: str
    action: str
    target: Target
    match_id: int | None = None
    row: FormUse | None = field(default=None, repr=False)

    @property
    def recorded(self) -> bool:
        """Its use is committed (a row added but rolled back is transient again)."""
        return self.row is not None and inspect(self.row).persistent


def scoped_key(user_id: int, action: str, *scope: object) -> str:
    """The key of ``action`` on what ``scope`` names (a match and its revision) for the account:
    the same wherever and whenever it is rendered, unguessable without the app's secret."""
    text = "|".join(str(part) for part in (user_id, action, *scope))
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()[:40]


def key_input(action: str, match: Match) -> Markup:
    """The hidden input of ``action``'s form on ``match``'s scoreboard (see :func:`scoped_key`)."""
    key = scoped_key(current_user.id, action, match.id, match.revision)
    return Markup('<input type="hidden" name="%s" value="%s">') % (FIELD, escape(key))


def sent_key() -> str | None:
    """The key the request's form carries, if it is one."""
    key = (request.form.get(FIELD) or "").strip()
    return key if is_valid_key(key) else None


def find(user_id: int | None, key: str) -> FormUse | None:
    """The use of ``key`` by the account (``None``: a new account's register form)."""
    account = FormUse.user_id == user_id if user_id is not None else FormUse.action == REGISTER
    with db.session.no_autoflush:
        use: FormUse | None = db.session.scalar(select(FormUse).where(account, FormUse.key == key))
    return use


def _user_id() -> int | None:
    return int(current_user.id) if current_user.is_authenticated else None


def _csrf_failed(form: Any) -> bool:
    token = getattr(form, "csrf_token", None)
    return token is not None and bool(token.errors)


def check(form: Any = None) -> None:
    """:raise Repeated: the request's form (``form``, validated, whose CSRF token must be good) was
    used already. Changes nothing."""
    key = sent_key()
    if key is None or _csrf_failed(form):
        return
    use = find(_user_id(), key)
    if use is not None:
        raise Repeated(use)


@contextmanager
def claim(action: str, target: Target, match_id: int | None = None) -> Iterator[None]:
    """Create inside this block at most once for the request's key (without a key, as before).
    ``target`` gives the page of what was made; ``match_id`` the match it concerns when the write
    creates none (a share link).

    :raise Repeated: the key was used already, or by a request that won a race with this one.
    """
    key = sent_key()
    if key is None:
        yield
        return
    session = db.session()
    if PENDING in session.info:
        raise RuntimeError("a single-use claim is already under way in this session")
    pending = Claim(_user_id(), key, action, target, match_id)
    session.info[PENDING] = pending
    try:
        use = find(pending.user_id, key)
        if use is not None:
            raise Repeated(use)
        yield
    except Repeated:
        raise
    except Exception:
        # Lost a race to a request with the same key (its commit made ours fail; the unit of work
        # rolled back): that request's answer.
        use = find(pending.user_id, key)
        if use is not None and not pending.recorded:
            raise Repeated(use) from None
        raise
    finally:
        session.info.pop(PENDING, None)
    if pending.recorded and pending.row is not None:
        forget_old(pending.row.user_id)


def record_pending(made: Sequence[object]) -> None:
    """Store the claim under way, if any and not yet stored, in the caller's transaction (the unit
    of work's, right before its commit); ``made``: the rows this write created, flushed.

    :raise Repeated: a request with the same key committed meanwhile.
    """
    pending: Claim | None = db.session.info.get(PENDING)
    if pending is None or pending.recorded:
        return
    use = find(pending.user_id, pending.key)
    if use is not None:
        raise Repeated(use)
    matches = [row for row in made if isinstance(row, Match)]
    user_id = pending.user_id
    if user_id is None:  # the register form: the account it made
        user_id = next((row.id for row in made if isinstance(row, User)), None)
        if user_id is None:
            return
    pending.row = FormUse(
        user_id=user_id,
        key=pending.key,
        action=pending.action,
        target=pending.target(matches),
        match_id=matches[0].id if len(matches) == 1 else pending.match_id,
        created_at=utcnow(),
    )
    db.session.add(pending.row)


def forget_old(user_id: int) -> None:
    """Forget the account's uses older than :data:`KEEP`, in a transaction of its own. Best effort:
    a failure (another request of the account busy) leaves them for the next time."""
    old = (FormUse.user_id == user_id) & (FormUse.created_at < utcnow() - KEEP)
    if db.session.scalar(select(FormUse.id).where(old).limit(1)) is None:
        return
    try:
        with committed():
            db.session.execute(delete(FormUse).where(old))
    except OperationalError:  # rolled back
        pass


def replay(repeated: Repeated) -> Response:
    """The answer to a repeat: what the first request made, saying that nothing was made now."""
    use = repeated.use
    flash(str(REPEATED.get(use.action, DEFAULT_REPEATED)), "info")
    return redirect(use.target)


def init_app(app: Flask) -> None:
    """Answer :class:`Repeated` from any page; give templates :func:`key_input`."""
    app.register_error_handler(Repeated, replay)
    app.jinja_env.globals["single_use_input"] = key_input
