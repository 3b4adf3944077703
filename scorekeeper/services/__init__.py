"""The service layer: what the pages, the API, the offline sync, import and the CLI call to read and
change the database. Routes validate the form of a request and render the answer; the services own
every transaction, each write committed whole or rolled back before they raise.

- :mod:`.matches`: matches and hands, folded through the rules (:class:`MatchView`);
- :mod:`.sharing`: a match's live read-only link;
- :mod:`.players`: an account's players (added by name, renamed, merged);
- :mod:`.accounts`: accounts, passwords and API tokens;
- :mod:`.transfer`: an account's whole history imported in one unit of work (files: :mod:`.export_formats`);
- :mod:`.unit_of_work`: :func:`match_write`, the one way to change a match, which keeps the
  players' running totals (:mod:`scorekeeper.running_totals`) equal to the sides' figures, and
  :func:`retried`, for a write that lost a race to add the same new row;
- :mod:`.submission_keys`: hands stored at most once per key (the API's ``Idempotency-Key``, a hand
  form's single-use key, a phone's key), looked up once and stored with the hand;
- :mod:`.match_states`: folded matches kept per revision, so a write scores only what it changes;
- :mod:`.errors`: :class:`NotFound` and :class:`Conflict`;
- :mod:`.schema`: the upgrade the app runs on start, and the figures the migrations leave to it.

The reads of each area of pages live in one module named after it: :mod:`.match_reads`,
:mod:`.player_reads`, :mod:`.share_reads`, :mod:`.transfer_reads` (the routes hold no query of their own).

The names most callers need are importable from here.
"""

from .errors import MAX_ID, MAX_PAGE, Conflict, NotFound
from .matches import (
    MatchView,
    add_hand,
    answered_view,
    check_deletable,
    create_match,
    delete_last_hand,
    delete_match,
    effective_ruleset,
    get_match,
    is_read_only,
    list_matches,
    reopen_match,
    replace_hand,
    undo_hand,
    undoable_after,
    undoable_hand,
    view,
)
from .player_reads import get_player, players_of
from .players import merge_players, rename_player
from .share_reads import shared_match
from .sharing import active_share_link, create_share_link, revoke_share_link
from .unit_of_work import OutsideUnitOfWork, match_write

__all__ = [
    "MAX_ID",
    "MAX_PAGE",
    "Conflict",
    "MatchView",
    "NotFound",
    "OutsideUnitOfWork",
    "active_share_link",
    "add_hand",
    "answered_view",
    "check_deletable",
    "create_match",
    "create_share_link",
    "delete_last_hand",
    "delete_match",
    "effective_ruleset",
    "get_match",
    "get_player",
    "is_read_only",
    "list_matches",
    "match_write",
    "merge_players",
    "players_of",
    "rename_player",
    "reopen_match",
    "replace_hand",
    "revoke_share_link",
    "shared_match",
    "undo_hand",
    "undoable_after",
    "undoable_hand",
    "view",
]

# Club nights register their checks on the match write path (an event's match is never deleted, a
# correction asks its table to confirm again) as soon as the services are loaded.
from . import events as events
