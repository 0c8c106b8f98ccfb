"""Issue 15: the narration speaks to its viewer in the second person."""

from __future__ import annotations

import re

import pytest

from schock import load_rules
from schock.bots import make_bot, play_game
from schock.engine import Automation, Game, SeededDice
from schock.narrate import account, render_text

WRONG = {
    "de": r"Du (bekommt|hat|gibt|kauft|beginnt|verliert|ist)\b|\b(gibt|von|für) Du\b|Du hatte\b",
    "en": r"\b[Yy]ou (receives|holds|has|gives|buys|starts|loses|is)\b|\b(gives|by|for) You\b",
}


def _texts(lang: str, viewer: int | None) -> str:
    out = []
    for preset, seed in [("porz", s) for s in range(6)] + [("ferschweiler", s) for s in range(3)]:
        game = Game(
            load_rules(preset),
            seats=["Du" if lang == "de" else "You", "Anna", "Ben"],
            dice=SeededDice(seed),
            automations=set(Automation),
        )
        play_game(
            game,
            [
                make_bot("heuristic", seed=seed),
                make_bot("random", seed=1),
                make_bot("random", seed=2),
            ],
        )
        out.append(render_text(account(game), lang, viewer=viewer))
    return "\n".join(out)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_viewer_is_spoken_to(lang: str) -> None:
    plain = _texts(lang, None)
    told = _texts(lang, 0)
    assert re.search(WRONG[lang], plain)  # the bug: a seat named "Du" in the third person
    assert not re.search(WRONG[lang], told), re.search(WRONG[lang], told)
    if lang == "de":
        assert "Du bekommst" in told and "gibt dir" in told
        assert re.search(r"Stand: Stock \d+; du \d+, Anna", told)
    else:
        assert "You receive" in told and "gives you" in told
    assert told.count("\n") == plain.count("\n")


def test_bad_viewer() -> None:
    game = Game(load_rules("porz"), seats=["A", "B"], dice=SeededDice(1))
    with pytest.raises(ValueError, match="viewer must be a seat 0 to 1 or None, got 2"):
        render_text(account(game), "de", viewer=2)
