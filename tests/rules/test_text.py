"""What text the app can store: everything but NUL and lone surrogates (scorekeeper.rules.text)."""

import pytest

from scorekeeper.rules.text import UNSTORABLE_MESSAGE, storable, text_problem


@pytest.mark.parametrize("text", ["", "Ana", "Señora Çà", "🂡 rey", "tab\tand\nline", "\ufffd"])
def test_real_text_is_storable(text):
    assert storable(text) and text_problem(text) is None


@pytest.mark.parametrize("text", ["a\x00b", "x\ud800y", "\udfff", "\ud83c"])
def test_nul_and_lone_surrogates_are_not(text):
    assert not storable(text) and text_problem(text) == UNSTORABLE_MESSAGE

