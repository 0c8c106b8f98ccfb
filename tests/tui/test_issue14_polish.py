"""Issue 14: the terminal game and the CLI as a pub player wants them."""

from __future__ import annotations

import asyncio

from textual.widgets import Static
from tui_helpers import plain, widget_text

from schock import load_rules
from schock.engine import Game, ScriptedDice
from schock.engine import events as ev
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


def _half_played(seed: int = 5) -> Session:
    from schock.bots import HeuristicBot

    s = Session.new(load_rules("porz"), [Player("Anna"), Player("Ben", "heuristic")], seed=seed)
    for _ in range(12):
        s.run_until_human()
        actor = s.game.actor
        assert actor is not None
        s.act(HeuristicBot().act(s.game.view(actor)))
    s.run_until_human()
    return s


def test_a_save_of_an_unfinished_game_holds_no_future_dice() -> None:
    from schock.engine.record import loads, replay

    s = _half_played()
    assert not s.game.over
    text = s.record_text()
    record = loads(text)
    assert "seed" not in text and record.dice["source"] == "scripted"
    throws = [sorted(e.dice) for e in s.game.log if isinstance(e, ev.Thrown)]
    values = record.dice["values"]
    assert len(values) == sum(map(len, throws))  # the dice thrown so far, and nothing more
    chunks, at = [], 0
    for t in throws:
        chunks.append(sorted(values[at : at + len(t)]))
        at += len(t)
    assert chunks == throws
    assert replay(loads(text)).log == s.game.log


def test_resume_throws_fresh_dice_and_saves_again_without_a_seed() -> None:
    from schock.engine.record import loads, replay

    s = _half_played()
    record = loads(s.record_text())
    a = Session.resume(record, seed=1)
    b = Session.resume(record, seed=2)
    assert a.game.log == s.game.log == b.game.log
    assert [p.bot for p in a.players] == [None, "heuristic"]  # the record keeps the bots
    rolls_a = [a.game.dice.roll(3) for _ in range(5)]
    rolls_b = [b.game.dice.roll(3) for _ in range(5)]
    assert rolls_a != rolls_b  # what comes next was not in the save
    a.run_until_human()
    again = a.record_text()
    assert "seed" not in again and replay(loads(again)).log == a.game.log


def test_old_records_with_a_seed_still_resume() -> None:
    from schock.engine.record import loads
    from schock.examples import example_text

    record = loads(example_text("porz"))
    data_actions = record.actions[:40]
    short = type(record)(
        record.rules, record.seats, record.starter, record.dice, data_actions, None, record.bots
    )
    s = Session.resume(short)
    assert len(s.game.actions) == 40
    assert "seed" not in s.record_text()
