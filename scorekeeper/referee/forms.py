"""The opening checker's form: a side and the cards of a planned first meld, counted per card group."""

from __future__ import annotations

import re
from typing import Any, Final

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectField, SubmitField
from wtforms.validators import ValidationError

from ..rules.cards import CARD_GROUPS, CardGroup

#: Red threes are bonus cards: they never count toward an opening.
MELD_GROUPS: Final[tuple[CardGroup, ...]] = tuple(g for g in CARD_GROUPS if g.code != "red_three")

WHOLE_NUMBER: Final = re.compile(r"[+-]?[0-9]{1,9}")


class CountField(IntegerField):
    """A number of cards: empty means none; anything but a whole number gets a plain message."""

    data: int | None

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        if not text:
            self.data = 0
            return
        if not WHOLE_NUMBER.fullmatch(text):
            self.data = None
            raise ValueError(_l("Enter a whole number of cards, such as 3."))
        self.data = int(text)


class OpeningForm(FlaskForm):
    """Fields ``side`` and one :class:`CountField` per group of :data:`MELD_GROUPS` (added below).

    Call :meth:`limit` with the match's number of decks before validating.
    """

    side = SelectField(_l("Side"), coerce=int, default=0)
    submit = SubmitField(_l("Check"))

    decks: int = 1

    def limit(self, decks: int) -> None:
        """Refuse more cards of a group than ``decks`` decks hold."""
        self.decks = decks

    def count_fields(self) -> list[tuple[CardGroup, CountField]]:
        """Each group at the match's card values (``card_groups``, set by the page), with its input."""
        values = {g.code: g for g in getattr(self, "card_groups", MELD_GROUPS)}
        return [(values.get(group.code, group), self[group.code]) for group in MELD_GROUPS]

    def counts(self) -> dict[str, int]:
        return {group.code: field.data or 0 for group, field in self.count_fields()}

    def validate(self, extra_validators: Any = None) -> bool:
        valid: bool = super().validate(extra_validators)
        for group, field in self.count_fields():
            if field.errors or field.data is None:
                continue
            try:
                check_count(field.data, group.per_deck * self.decks, self.decks)
            except ValidationError as error:
                field.errors.append(str(error))
                valid = False
        return valid


def check_count(count: int, most: int, decks: int) -> None:
    """:raise ValidationError: ``count`` is negative or more than the decks hold."""
    if count < 0:
        raise ValidationError(str(_l("Cannot be negative.")))
    if count > most:
        raise ValidationError(
            str(_l("The %(decks)s decks hold only %(most)s of these.", decks=decks, most=most))
        )


for _group in MELD_GROUPS:
    setattr(OpeningForm, _group.code, CountField(_group.label, default=0))
