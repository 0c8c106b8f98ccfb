"""Issue 27 item 8: hints everywhere in the terminal game (Einkaufen, keys of the
choices made before a look at the dice) and the "B" marker explained in the help."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static
from tui_helpers import plain, widget_text

from schock import load_rules
from schock.bots import HeuristicBot
from schock.engine import Game, ScriptedDice
from schock.tui.app import SchockApp
from schock.tui.session import Player, Session
from schock.tui.texts import say


def run(coro: object) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def _hint_body(app: SchockApp) -> str:
    return plain(app.screen.query_one("#info-body", Static).content, 130)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", ["Becher heben · Tasten: a", "zu lassen (stehen, ohne zu schauen) · Tasten: s",
                "ungesehen neu werfen · Tasten: Leertaste", "blind ansagen · Tasten: b"]),
        ("en", ["lift the cup · keys: a", "stand without looking (zu) · keys: s",
                "throw again without looking · keys: Space", "declare blind · keys: b"]),
    ],
)
def test_hints_before_a_look_name_their_keys(lang: str, said: list[str]) -> None:
    game = Game(load_rules("irmgarteich"), seats=["Anna", "Ben"], starter=0,
                dice=ScriptedDice([2, 3, 5] * 30))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben")]), lang=lang, delay=0)

    async def main() -> None:
        async with app.run_test(size=(140, 50)) as pilot:
            await pilot.press("space", "space", "h")  # both first throws (laden), then a hint
            await pilot.pause()
            body = _hint_body(app)
            for line in said:
                assert line in body, (line, body)

    run(main())


def _at_einkaufen() -> Session:
    """A porz game (3 Deckel) played by bots until the human (Anna) is asked to buy in."""
    for seed in range(40):
        s = Session.new(load_rules("porz").replace(deckel=3),
                        [Player("Anna"), Player("Ben", "heuristic"), Player("Cem", "heuristic")],
                        seed=seed)
        for _ in range(300):
            s.run_until_human()
            if s.game.over:
                break
            view = s.game.view(0)
            if view.phase == "einkaufen" and s.game.actor == 0:
                return s
            s.act(HeuristicBot().act(view))
    raise AssertionError("no Einkaufen for the human in 40 games")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", ["du bist raus und kannst diese Hälfte nicht mehr verlieren", "j = einkaufen",
                "n = nicht einkaufen", "Der optimale Bot kauft sich nie ein (n)"]),
        ("en", ["you are out and can no longer lose this half", "j/y = buy in",
                "n = do not buy in", "The optimal bot never buys in (n)"]),
    ],
)
def test_the_einkaufen_decision_has_a_hint(lang: str, said: list[str]) -> None:
    app = SchockApp(_at_einkaufen(), lang=lang, delay=0)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            keys = widget_text(app, "#keys", width=300)
            assert say(lang, "key.hint") in keys, keys  # the key bar offers the hint here too
            await pilot.press("h")
            await pilot.pause()
            body = _hint_body(app)
            for line in said:
                assert line in body, (line, body)
            assert "nichts zu entscheiden" not in body and "nothing to decide" not in body

    run(main())


@pytest.mark.parametrize(
    ("lang", "said"),
    [("de", "B hat die Runde begonnen"), ("en", "B began the round")],
)
def test_the_help_explains_the_b_marker(lang: str, said: str) -> None:
    game = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
                dice=ScriptedDice([2, 3, 5] * 30))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben")]), lang=lang, delay=0)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert said in _hint_body(app)

    run(main())
