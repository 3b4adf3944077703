"""Forms of the match pages, one module each: the new match, the hand, the history's filters."""

from .fields import MAX_DIGITS, BlockErrors, WholeNumberField, refresh_list_errors
from .hand import (
    CONFIRMED,
    NOBODY,
    ConfirmField,
    CorrectionReasonForm,
    DeleteHandForm,
    HandBase,
    ReopenForm,
    UndoForm,
    customs_readable,
    hand_form_class,
    json_depth_within,
    kept_customs,
    side_hand_form_class,
)
from .history_filters import HistoryFilterForm
from .new_match import (
    BAND_ROWS,
    FIXED_BAND_ROWS,
    HOUSE_PREFIX,
    NewMatchBase,
    band_field_names,
    house_field_name,
    new_match_form_class,
    overridable_keys,
)

__all__ = [
    "BAND_ROWS",
    "CONFIRMED",
    "FIXED_BAND_ROWS",
    "HOUSE_PREFIX",
    "MAX_DIGITS",
    "NOBODY",
    "BlockErrors",
    "ConfirmField",
    "CorrectionReasonForm",
    "DeleteHandForm",
    "HandBase",
    "HistoryFilterForm",
    "NewMatchBase",
    "ReopenForm",
    "UndoForm",
    "WholeNumberField",
    "band_field_names",
    "customs_readable",
    "hand_form_class",
    "house_field_name",
    "json_depth_within",
    "kept_customs",
    "new_match_form_class",
    "overridable_keys",
    "refresh_list_errors",
    "side_hand_form_class",
]
