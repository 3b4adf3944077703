"""The ``Idempotency-Key`` header of ``POST /matches/ID/hands`` (docs/api.md, "Sending a hand again"). The
rules live in the service (:mod:`scorekeeper.services.submission_keys`): the same key again, for the
same account, match and body, stores nothing and raises :class:`AlreadyDone`, answered here with what
the first request answered, rendered again from what the service kept; the same key with another body
or for another match is a 422 at ``Idempotency-Key`` (a ``ValidationError``)."""

from __future__ import annotations

from typing import Any, Final

from flask import Response, g, jsonify, request, url_for

from ..access import current_club
from ..keys import is_valid_key
from ..rules import FieldError, ValidationError
from ..services import answered_view
from ..services.submission_keys import KEY_FIELD, AlreadyDone, SubmissionKey, request_digest
from .blueprint import bp
from .errors import error_response
from .serialize import hand_created

HEADER: Final = KEY_FIELD
#: Says that an answer is the replay of an earlier one (the answer itself is the same).
REPLAYED: Final = "Idempotent-Replayed"


def key_from_header(match_id: int, data: Any) -> SubmissionKey | None:
    """The request's key, for a submission that replays its answer (``None`` without the header).

    :raise ValidationError: at ``Idempotency-Key``: not 1 to 100 printable characters.
    """
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not is_valid_key(key):
        raise ValidationError(
            [FieldError(HEADER, "Must be 1 to 100 printable characters (ASCII, spaces allowed).")]
        )
    return SubmissionKey(g.api_user.id, key, request_digest(match_id, data), replayable=True)


@bp.errorhandler(AlreadyDone)
def replay(error: AlreadyDone) -> Response:
    """The first answer to this key again, marked as a replay."""
    done = error.done
    if done.snapshot is not None:
        response = hand_created(answered_view(current_club().id, done.match_id, done.snapshot), done.number)
    elif done.answer is not None:  # a row kept before snapshots: the answer itself
        status, body = done.answer
        response = jsonify(body)
        response.status_code = status
        hand = body.get("hand")
        if isinstance(hand, dict) and "version" in hand:
            response.set_etag(str(hand["version"]))
    else:  # the key was used by a page or a phone, which keep no answer
        response = error_response(
            409, {"_": [f"Hand {done.number} was already saved with this key (not through the API)."]}
        )
    if response.status_code == 201:
        response.headers["Location"] = url_for(".hand", match_id=done.match_id, number=done.number)
    response.headers[REPLAYED] = "true"
    return response
