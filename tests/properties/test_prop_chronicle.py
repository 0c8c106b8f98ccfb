"""The live table's narration told as it goes (narrate.Chronicle) says exactly what
the whole account says (account + render_text) after every action, in both
languages, and the part it calls frozen never changes afterwards; its story is the
story told from scratch."""

from __future__ import annotations

import pytest
from gameplay import GAME_SETTINGS, PRESETS, Table, explained
from hypothesis import given, settings
from hypothesis import strategies as st

from schock.engine import Game
from schock.narrate import LANGS, Chronicle, account, render_text


def told_in_full(game: Game, lang: str) -> list[str]:
    """The game told from scratch: rounds under way by their head only, no title lines,
    the closing summary only at the end."""
    data = account(game)
    for half in data["halves"]:
        for r in half["rounds"]:
            if r["showdown"] is None:
                r["turns"] = []
    lines = render_text(data, lang).rstrip("\n").split("\n")
    if not game.over:
        cut = len(lines) - 1 - lines[::-1].index("")
        lines = lines[:cut]
    return [line.strip() for line in lines[2:] if line.strip()]


class Same:
    def __init__(self, game: Game) -> None:
        self.chronicle = Chronicle(game)
        self.frozen: dict[str, list[str]] = {lang: [] for lang in LANGS}

    def after(self, table: Table) -> None:
        for lang in LANGS:
            frozen, lines = self.chronicle.lines(lang)
            if lang == "de" or table.steps % 10 == 0 or table.game.over:
                assert lines == told_in_full(table.game, lang)
                # told again only after an event that can change it: the same as told
                # from scratch
                assert self.chronicle.story(lang) == Chronicle(table.game).story(lang)
            before = self.frozen[lang]
            assert frozen >= len(before) and lines[: len(before)] == before
            self.frozen[lang] = lines[:frozen]


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=2, **GAME_SETTINGS)
@given(data=st.data())
def test_chronicle_tells_what_the_whole_account_tells(preset: str, data: st.DataObject) -> None:
    table = Table.draw(data, preset)
    same = Same(table.game)
    table.checkers.append(same)
    with explained(table):
        table.play()
    last = same.chronicle.last_showdown()
    assert last is not None and last["deckel"] is not None
