"""The web app's own catalog (schock.web.texts): German and English checked together."""

from __future__ import annotations

import string

from schock.web.texts import TEXTS, text


def _fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def test_every_text_has_both_languages_with_the_same_fields() -> None:
    for key, (de, en) in TEXTS.items():
        assert de.strip() and en.strip(), key
        assert _fields(de) == _fields(en), key
        if key != "invalid":  # "{detail}" carries a message already in its language
            assert de != en, key


def test_the_table_seats_texts_fill_in() -> None:
    assert "3" in text("table_full", "de", limit=3)
    assert text("too_early", "en", s=4) == "4 s more, then a bot may make this decision"
    assert "1, 2" in text("no_game", "de", game="7", allowed="1, 2")
