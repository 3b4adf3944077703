"""Club pages. Who may open each is declared in :data:`scorekeeper.access.ACCESS`."""

from __future__ import annotations

from typing import Any, Final

from flask import flash, make_response, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from .. import single_use
from ..access import SESSION_KEY, current_club
from ..i18n import translated_errors
from ..rules import ValidationError
from ..security import shows_secret
from ..services import clubs as service
from ..services import invitations
from ..services.club_reads import club_log
from ..services.errors import Conflict, NotFound
from .blueprint import bp
from .forms import ClubForm, InvitationForm
from .qr import invitation_qr

UNPROCESSABLE: Final = 422


@bp.errorhandler(NotFound)
def not_found(_error: NotFound) -> tuple[str, int]:
    """No such club, member or invitation: the app's own 404 page, for every club route at once."""
    return render_template("error.html", code=404), 404
MEMBERS_PER_PAGE: Final = 100


def _index(form: ClubForm, status: int = 200) -> tuple[str, int]:
    current = session.get(SESSION_KEY)
    return render_template(
        "clubs/index.html", clubs=service.clubs_of(current_user.id), form=form, current=current
    ), status


@bp.route("/clubs", methods=["GET", "POST"])
@login_required
def index() -> Any:
    """The account's clubs (the personal one first), each to switch to; and a new club."""
    form = ClubForm()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)
    if not valid:
        return _index(form, UNPROCESSABLE if form.is_submitted() else 200)
    data = {
        "name": form.name.data,
        "slug": form.slug.data,
        "language": form.language.data,
        "time_zone": form.time_zone.data,
    }
    try:
        with single_use.claim("club", lambda _made: url_for("clubs.index")):
            club = service.create_club(current_user.id, data)
    except ValidationError as error:
        fields = {name: getattr(form, name) for name in ("name", "slug", "language", "time_zone")}
        for path, messages in translated_errors(error).items():
            at = fields.get(path, form.name)
            at.errors = [*at.errors, *messages]
        return _index(form, UNPROCESSABLE)
    session[SESSION_KEY] = club.id
    flash(_("The club %(name)s is ready; you are its owner.", name=club.name), "success")
    return redirect(url_for("clubs.members", slug=club.slug))


@bp.post("/clubs/<slug>/switch")
@login_required
def switch(slug: str) -> Response:
    """Work in this club: the lists and new matches and events are its own from now on."""
    session[SESSION_KEY] = current_club().id
    return redirect(url_for("matches.index"))


@bp.get("/clubs/<slug>/members")
@login_required
def members(slug: str) -> str:
    """The club's members, owners first, a page of :data:`MEMBERS_PER_PAGE` at a time."""
    club = service.get_club(slug)
    page = _page_number()
    count = service.member_count(club.id)
    pages = max(1, -(-count // MEMBERS_PER_PAGE))
    listed = service.members(club.id, MEMBERS_PER_PAGE, (min(page, pages) - 1) * MEMBERS_PER_PAGE)
    return render_template(
        "clubs/members.html",
        club=club,
        role=current_club().role,
        members=listed,
        page=min(page, pages),
        pages=pages,
        count=count,
    )


def _page_number() -> int:
    raw = request.args.get("page", "1")
    return int(raw) if raw.isascii() and raw.isdigit() and 0 < len(raw) <= 6 and int(raw) > 0 else 1


@bp.post("/clubs/<slug>/leave")
@login_required
def leave(slug: str) -> Response:
    """Leave the club (the last owner cannot: the page says why)."""
    club = service.get_club(slug)
    try:
        service.remove_member(club, current_user.username, current_user.id)
    except Conflict as error:
        flash(_(error.message), "error")
        return redirect(url_for("clubs.members", slug=slug))
    session.pop(SESSION_KEY, None)
    flash(_("You left %(name)s.", name=club.name), "success")
    return redirect(url_for("clubs.index"))


def role_names() -> dict[str, str]:
    return {"owner": _("owner"), "director": _("director"), "scorer": _("scorer"), "member": _("member")}


def _invitations_page(form: InvitationForm, made: tuple[Any, str] | None = None, status: int = 200) -> Any:
    club = service.get_club(current_club().slug)
    shown = None
    if made is not None:
        url = url_for("clubs.join", token=made[1], _external=True)
        shown = {"invitation": made[0], "url": url, "qr": invitation_qr(url)}
    page = render_template(
        "clubs/invitations.html",
        club=club,
        form=form,
        made=shown,
        roles=role_names(),
        invitations=invitations.invitations_of(club.id),
        state=invitations.state,
    )
    if made is not None:
        shows_secret()  # the token is shown once: never kept by a cache
    return make_response(page, status)


@login_required
def invitations_page(slug: str) -> Any:
    """Make an invitation (shown once as a link and a QR code to print or put on the wall) and see
    the club's invitations, each with its uses left, expiry, and a Revoke button."""
    club = current_club()
    offered = [
        r
        for r in ("member", "scorer", "director", "owner")
        if club.role == "owner" or r in invitations.DIRECTOR_INVITES
    ]
    form = InvitationForm()
    form.offer([(r, role_names()[r]) for r in offered])
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)
    if not valid:
        return _invitations_page(form, status=UNPROCESSABLE if form.is_submitted() else 200)
    data = {"role": form.role.data, "uses": form.uses.data, "expires_in_days": form.days.data}
    with single_use.claim("invitation", lambda _made: url_for("clubs.invitations", slug=slug)):
        made = invitations.create_invitation(service.get_club(slug), current_user.id, club.role, data)
    fresh = InvitationForm(formdata=None)
    fresh.offer([(r, role_names()[r]) for r in offered])
    return _invitations_page(fresh, made)


bp.add_url_rule("/clubs/<slug>/invitations", "invitations", invitations_page, methods=["GET", "POST"])


@bp.post("/clubs/<slug>/invitations/<int:invitation_id>/revoke")
@login_required
def revoke(slug: str, invitation_id: int) -> Response:
    invitations.revoke_invitation(service.get_club(slug), invitation_id, current_user.id)
    flash(_("The invitation was revoked: its link no longer works."), "success")
    return redirect(url_for("clubs.invitations", slug=slug))


@bp.get("/clubs/<slug>/log")
@login_required
def log(slug: str) -> str:
    """Who joined, left, changed a role, made or revoked an invitation, and when."""
    club = service.get_club(slug)
    return render_template("clubs/log.html", club=club, entries=club_log(club.id), roles=role_names())


@bp.get("/join/<token>")
def join(token: str) -> Any:
    """An invitation's page: the club and the role it gives, or why it cannot be used. Someone not
    signed in logs in or registers on the way and comes back here."""
    invitation = invitations.find(token)
    reason = invitations.state(invitation)
    club = service.club_by_id(invitation.club_id) if invitation is not None else None
    page = render_template(
        "clubs/join.html", invitation=invitation, club=club, reason=reason, roles=role_names(), token=token
    )
    shows_secret()  # the page's address is the token
    return make_response(page, 200 if reason == "valid" else 410)


@bp.post("/join/<token>")
@login_required
def accept(token: str) -> Response:
    try:
        club, role, joined = invitations.accept(token, current_user.id)
    except invitations.Gone:
        return redirect(url_for("clubs.join", token=token))
    session[SESSION_KEY] = club.id
    if joined:
        flash(
            _("Welcome to %(name)s: you joined as %(role)s.", name=club.name, role=role_names()[role]),
            "success",
        )
    else:
        flash(_("You are already a member of %(name)s.", name=club.name), "success")
    return redirect(url_for("matches.index"))


@bp.post("/clubs/<slug>/members/<username>/role")
@login_required
def change_role(slug: str, username: str) -> Response:
    """Give a member another role (owner); the last owner stays one, and the page says why."""
    try:
        service.set_role(
            service.get_club(slug), username, {"role": request.form.get("role")}, current_user.id
        )
    except ValidationError:
        flash(_("Choose one of the roles."), "error")
    except Conflict as error:
        flash(_(error.message), "error")
    else:
        flash(
            _("%(member)s is now %(role)s.", member=username, role=role_names()[request.form["role"]]),
            "success",
        )
    return redirect(url_for("clubs.members", slug=slug))


@bp.post("/clubs/<slug>/members/<username>/remove")
@login_required
def remove(slug: str, username: str) -> Response:
    """Remove a member (owner): their pages and tokens lose the club at their next request."""
    try:
        service.remove_member(service.get_club(slug), username, current_user.id)
    except Conflict as error:
        flash(_(error.message), "error")
    else:
        flash(_("%(member)s is no longer a member.", member=username), "success")
    return redirect(url_for("clubs.members", slug=slug))
