"""Issue 14: the terminal game and the CLI as a pub player wants them."""

from __future__ import annotations

import asyncio

from textual.widgets import Static
from tui_helpers import plain, widget_text

from schock import load_rules
from schock.engine import Game, ScriptedDice
from schock.tui.app import SchockApp
from schock.tui.session import Player, Session

PORZ3 = load_rules("porz").replace(deckel=3)


def run(coro: object) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def _two_humans(dice: list[int]) -> SchockApp:
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice(dice))
    return SchockApp(Session(game, [Player("Anna"), Player("Ben")]), delay=0)


def test_turning_sixes_without_sixes_says_so_first() -> None:
    # Anna stops on her first throw (the round's limit: 1); Ben throws 1-4-4 and presses d:
    # the reason is the missing sixes, not the throw count
    app = _two_humans([2, 3, 5, 1, 4, 4] + [2, 3, 5] * 20)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space", "a", "s", "space", "d")
            msg = widget_text(app, "#message", width=300)
            assert "Sechsen" in msg and "braucht" in msg, msg
            assert "letzten Wurf" not in msg, msg

    run(main())


def test_dice_under_the_cup_are_labelled_in_full() -> None:
    app = _two_humans([2, 3, 5] * 20)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space")  # the round's first player throws: under the cup
            dice = widget_text(app, "#dice")
            assert dice.count("verdeckt") == 3, dice
            assert "unterm Be " not in dice

    run(main())


def test_every_die_label_fits_under_its_die() -> None:
    from schock.tui.faces import DIE_WIDTH
    from schock.tui.texts import say

    for lang in ("de", "en"):
        for key in ("dice.hidden", "dice.aside", "dice.turned", "dice.cup"):
            assert len(say(lang, key)) <= DIE_WIDTH, (lang, key)


def test_rules_popup_shows_values_in_words_and_the_ladder() -> None:
    app = _two_humans([2, 3, 5] * 20)

    async def main() -> None:
        async with app.run_test(size=(160, 60)) as pilot:
            await pilot.press("r")
            body = plain(app.screen.query_one("#info-body", Static).content, 150)
            assert "nur Einsen" in body and "der Verlierer der Runde" in body, body
            assert "eine Hälfte" in body and "aus dem Stock" in body
            for raw in (" ones ", "opening_round_youngest", "round_loser", "one_half", " stock "):
                assert raw not in body.replace("│", " "), raw
            assert "Rangfolge: Schock Aus > Schock 6 … Schock 2 > General" in body

    run(main())


def test_refusal_in_words_and_hint_for_dich() -> None:
    game = Game(PORZ3, seats=["Du", "Ben"], starter=0, dice=ScriptedDice([1, 4, 5] * 30))
    app = SchockApp(Session(game, [Player("Du"), Player("Ben", "heuristic")]), delay=0)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("space", "a", "3")  # 1-4-5: set the 5 aside
            msg = widget_text(app, "#message", width=300)
            assert "nur Einsen herausgelegt" in msg and "Hier gilt: Herauslegen: nur Einsen" in msg
            assert "1en" not in msg and "set_aside" not in msg and "= ones" not in msg
            await pilot.press("h")
            await pilot.pause()
            title = plain(app.screen.query_one(".title", Static).content)
            assert "Hinweis für dich" in title, title

    run(main())
