"""The terminal game, driven headless through Textual's pilot."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Input, Static
from tui_helpers import next_key, plain, widget_text

from schock import load_rules
from schock.engine import Game, Phase, ScriptedDice, ThrowAction
from schock.engine import events as ev
from schock.engine.record import loads, replay
from schock.tui.app import InfoScreen, QuitScreen, SchockApp
from schock.tui.session import Player, Session

MOSEL3 = load_rules("mosel").replace(deckel=3)
PORZ3 = load_rules("porz").replace(deckel=3)


def run(coro: object) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


async def play_to_end(app: SchockApp, pilot: object, limit: int = 3000) -> int:
    """Press keys as a heuristic player until the game is over; return the presses."""
    s = app.session
    presses = 0
    while not s.game.over:
        assert s.step() == "human", s.step()
        await pilot.press(next_key(s))  # type: ignore[attr-defined]
        presses += 1
        assert presses < limit
    return presses


def test_complete_game_against_bots() -> None:
    players = [Player("Anna"), Player("Ben", "heuristic"), Player("Cem", "random")]
    session = Session.new(MOSEL3, players, seed=11)
    app = SchockApp(session, delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            assert "Anna" in widget_text(app, "#seats")
            await play_to_end(app, pilot)
            g = session.game
            assert g.over and len(g.halves) >= 2
            status = widget_text(app, "#status")
            assert "Spiel vorbei" in status and g.seats[g.loser].name in status
            assert "hat das Spiel verloren" in widget_text(app, "#log", width=200)
            await pilot.press("x")
            assert "Spiel ist vorbei" in widget_text(app, "#message")
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("o")
        assert app.return_value is not None
        assert app.return_value.over and app.return_value.saved is None
        assert app.return_value.loser == g.seats[g.loser].name

    run(main())


def test_hot_seat_game_of_two_humans_saved_at_the_end(tmp_path: Path) -> None:
    session = Session.new(PORZ3, [Player("Anna"), Player("Ben")], seed=5)
    app = SchockApp(session, delay=0, save_path=tmp_path / "default.json")
    target = tmp_path / "game.json"

    async def main() -> None:
        async with app.run_test() as pilot:
            seen = set()
            while not session.game.over:
                seen.add(session.viewer())
                await pilot.press(next_key(session))
            assert seen == {0, 1}  # the screen shows the eyes of the human to move
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("s")
            field = app.screen.query_one("#save-path", Input)
            assert field.value == str(tmp_path / "default.json")
            field.value = str(target)
            await pilot.press("enter")
        assert app.return_value is not None and app.return_value.saved == target

    run(main())
    again = replay(loads(target.read_text(encoding="utf-8")))
    assert again.over and again.loser == session.game.loser
    assert again.log == session.game.log


def _own_throws(session: Session) -> Session:
    """The humans throw their own loading and roll-off throws (a key each in the game)."""
    session.run_until_human()
    while session.step() == "human" and session.game.phase in (Phase.LOADING, Phase.ROLL_OFF):
        session.act(ThrowAction())
        session.run_until_human()
    return session


def _porz_start(seed: int = 2) -> Session:
    return _own_throws(Session.new(PORZ3, [Player("Anna"), Player("Ben")], seed=seed))


def test_illegal_move_names_the_rule() -> None:
    # Anna starts and throws 2-3-5 (scripted), lifts her cup and tries to set aside the 5.
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([2, 3, 5] * 20))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben")]), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("s")  # stop before the first throw
            assert "Stehen lassen geht erst nach dem ersten Wurf" in widget_text(app, "#message")
            assert "Regeln: Ein Zug" in widget_text(app, "#message")
            await pilot.press("space", "1")
            assert "Würfel 1 liegt noch unterm Becher" in widget_text(app, "#message")
            await pilot.press("a", "3")
            msg = widget_text(app, "#message", width=300)
            assert "Nicht erlaubt: Bei porz dürfen nur Einsen herausgelegt werden, nicht 5" in msg
            assert "Regeln: Ein Zug, 2. Herauslegen" in msg
            assert "Hier gilt: Herauslegen: nur Einsen" in msg and "set_aside" not in msg
            assert game.actions[-1][1].__class__.__name__ == "LiftAction"  # nothing changed
            await pilot.press("b")
            assert "blind" in widget_text(app, "#message", width=300)
            await pilot.press("w")  # a legal move clears the message
            assert widget_text(app, "#message").strip() == ""
            assert "Anna: Wurf 2 von 3" in widget_text(app, "#dice")

    run(main())


def test_unknown_key_gets_a_one_line_hint() -> None:
    app = SchockApp(_porz_start(), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("x")
            msg = widget_text(app, "#message", width=300).strip()
            assert msg == "Die Taste „x“ bedeutet hier nichts. ? zeigt alle Tasten."
            await pilot.press("tab")
            assert "„tab“" in widget_text(app, "#message", width=300)
            await pilot.press("3")  # before the first throw there is no die 3
            assert "Es gibt keinen Würfel 3." in widget_text(app, "#message")

    run(main())


def test_english_screen() -> None:
    app = SchockApp(_porz_start(), delay=0, lang="en")

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("x")
            assert "The key 'x' means nothing here" in widget_text(app, "#message", width=300)
            assert "throw" in widget_text(app, "#keys")
            assert "Player" in widget_text(app, "#seats")

    run(main())


def test_resume_from_a_saved_record(tmp_path: Path) -> None:
    players = [Player("Anna"), Player("heuristic", "heuristic")]
    session = Session.new(load_rules("porz").replace(deckel=5), players, seed=8)
    app = SchockApp(session, delay=0, save_path=tmp_path / "x.json")
    target = tmp_path / "x.json"

    async def first() -> None:
        async with app.run_test() as pilot:
            for _ in range(6):
                await pilot.press(next_key(session))
            assert not session.game.over
            await pilot.press("ctrl+c")
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("s", "enter")
        assert app.return_value is not None and app.return_value.saved == target
        assert not app.return_value.over

    run(first())
    record = loads(target.read_text(encoding="utf-8"))
    again = Session.resume(record)
    assert again.players == tuple(players)  # a seat named after a bot kind is that bot
    assert again.game.log == session.game.log
    app2 = SchockApp(again, delay=0)

    async def second() -> None:
        async with app2.run_test() as pilot:
            assert len(again.game.actions) == len(session.game.actions)
            await play_to_end(app2, pilot)
            await pilot.press("q", "o")
        assert app2.return_value is not None and app2.return_value.over

    run(second())


def test_too_small_terminal_waits_for_a_resize() -> None:
    app = SchockApp(_porz_start(), delay=0)

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            screen = app.game_screen
            assert screen.query_one("#small").display
            assert not screen.query_one("#main").display
            text = widget_text(app, "#small")
            assert "zu klein: 60×20" in text and "80×24" in text
            before = len(app.session.game.actions)
            await pilot.press("space")  # ignored while too small
            assert len(app.session.game.actions) == before
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert not screen.query_one("#small").display
            assert screen.query_one("#main").display
            await pilot.press("space")
            assert len(app.session.game.actions) == before + 1

    run(main())


def test_ctrl_c_asks_before_throwing_away_a_game() -> None:
    app = SchockApp(_porz_start(), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space")  # the human's first throw: now there is a game to lose
            await pilot.press("ctrl+c")
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("escape")  # keep playing
            assert not isinstance(app.screen, QuitScreen)
            await pilot.press("ctrl+c", "s")
            await pilot.press("escape")  # back from the file name to the question
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("x")  # means nothing here
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("ctrl+c")  # a second Ctrl-C quits without saving
        assert app.return_value is not None and app.return_value.saved is None

    run(main())


def test_quit_at_once_with_nothing_to_lose() -> None:
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=0)
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben")]), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("q")
        assert app.return_value is not None and not app.return_value.over

    run(main())


def test_save_error_is_shown_and_can_be_corrected(tmp_path: Path) -> None:
    app = SchockApp(_porz_start(), delay=0, save_path=tmp_path / "no" / "such" / "dir.json")

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("q", "s", "enter")
            assert isinstance(app.screen, QuitScreen)
            assert "Kann nicht speichern" in plain(app.screen.query_one("#save-error").content)
            app.screen.query_one("#save-path", Input).value = ""
            app.screen.default_path = tmp_path / "ok.json"
            await pilot.press("enter")
        assert app.return_value is not None and app.return_value.saved == tmp_path / "ok.json"

    run(main())


def test_help_and_rules_screens() -> None:
    app = SchockApp(_porz_start(), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, InfoScreen)
            assert "Sechsen drehen" in plain(app.screen.query_one("#info-body").content)
            await pilot.press("down")  # scrolls, stays open
            assert isinstance(app.screen, InfoScreen)
            await pilot.press("escape")
            await pilot.press("r")
            assert isinstance(app.screen, InfoScreen)
            body = plain(app.screen.query_one("#info-body").content)
            assert "Herauslegen" in body and "nur Einsen" in body and "Einkaufen" in body
            await pilot.press("space")
            assert not isinstance(app.screen, InfoScreen)
            await pilot.press("question_mark")
            box = app.screen
            assert isinstance(box, InfoScreen)
            box.close_box(None)
            box.close_box(None)  # a second key typed fast: closes only once
            await pilot.pause()
            assert app.screen is app.game_screen

    run(main())


def test_bots_move_at_a_pace_and_can_be_skipped() -> None:
    players = [Player("Anna"), Player("Ben", "heuristic"), Player("Cem", "heuristic")]
    game = Game(PORZ3, seats=[p.name for p in players], starter=1)
    session = Session(game, players, seed=1)
    app = SchockApp(session, delay=0.05)

    async def main() -> None:
        async with app.run_test() as pilot:
            assert session.step() == "bot"
            for _ in range(200):
                if session.step() == "human":
                    break
                await pilot.pause(0.05)
            assert session.step() == "human"  # the bots moved by themselves
            assert game.actor == 0

    run(main())

    slow = Session(Game(PORZ3, seats=[p.name for p in players], starter=1), players, seed=1)
    app2 = SchockApp(slow, delay=30)

    async def skipping() -> None:
        async with app2.run_test() as pilot:
            assert slow.step() == "bot"
            await pilot.press("x")
            msg = widget_text(app2, "#message", width=300)
            assert "Am Zug ist Ben (Bot). Leertaste oder Enter" in msg
            await pilot.press("enter")
            assert slow.step() == "human"

    run(skipping())


def test_bots_only_game_runs_to_its_end() -> None:
    players = [Player("heuristic", "heuristic"), Player("random", "random")]
    session = Session.new(MOSEL3, players, seed=4)
    app = SchockApp(session, delay=0.001)

    async def main() -> None:
        async with app.run_test() as pilot:
            # bounded by the clock, not by a count of pauses: on a loaded machine
            # each pause may cover fewer bot moves
            deadline = time.monotonic() + 240
            while not session.game.over and time.monotonic() < deadline:
                await pilot.pause(0.01)
            assert session.game.over
            assert session.viewer() is None

    run(main())


def test_hint_unavailable_without_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "schock.solver.hints", None)  # import raises ImportError
    app = SchockApp(_porz_start(), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("h")
            msg = widget_text(app, "#message", width=300)
            assert "Hinweis nicht verfügbar" in msg and "\n" not in msg.strip()

    run(main())


def test_hint_shows_the_odds_of_each_choice() -> None:
    pytest.importorskip("schock.solver.hints")
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([1, 6, 6] * 20))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben")]), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space", "a", "h")
            assert isinstance(app.screen, InfoScreen)
            body = plain(app.screen.query_one("#info-body").content, width=200)
            assert "1. " in body and "nicht verlieren" in body and "%" in body
            await pilot.press("escape")
            await pilot.press("s")  # Anna stops; Ben to move
            await pilot.press("space", "s")  # Ben throws and stops: next round
            assert not isinstance(app.screen, InfoScreen)

    run(main())


def test_einkaufen_keys() -> None:
    # porz, Stock 3: Cem loses a Straße's 2 Deckel, then Ben 1: Anna has none, the Stock is empty
    script = [4, 5, 6, 2, 3, 6, 2, 4, 5, 2, 3, 6, 2, 4, 5, 2, 2, 4] + [2, 3, 5] * 10
    game = Game(PORZ3, seats=["Anna", "Ben", "Cem"], starter=0, dice=ScriptedDice(script))
    players = [Player("Anna"), Player("Ben"), Player("Cem")]
    app = SchockApp(Session(game, players), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space", "a", "s", "space", "s", "space", "s")
            await pilot.press("space", "a", "s", "space", "s", "space", "s")
            assert game.phase == "einkaufen" and game.actor == 0
            keys = widget_text(app, "#keys")
            assert "j  einkaufen" in keys and "n  nicht einkaufen" in keys
            assert "Anna: einkaufen? j = ja, n = nein" in widget_text(app, "#status")
            row = next(r for r in widget_text(app, "#seats").splitlines() if "Anna" in r)
            assert "raus" in row
            await pilot.press("h")  # issue 27 item 8: what each answer means here
            await pilot.pause()
            body = plain(app.screen.query_one("#info-body", Static).content, 130)
            assert "du bist raus" in body and "j = einkaufen" in body, body
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("j")
            assert game.phase == "turn" and 0 in game.round_order

    run(main())


def test_blind_and_sixes_keys() -> None:
    irm = load_rules("irmgarteich")
    game = Game(irm, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([6, 6, 6] * 20))
    app = SchockApp(_own_throws(Session(game, [Player("Anna"), Player("Ben")])), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            keys = widget_text(app, "#keys")
            assert "b  blind" in keys and "a  Becher heben" in keys
            await pilot.press("a")
            keys = widget_text(app, "#keys")
            assert "d  Sechsen drehen" in keys and "D  drei Sechsen: zwei Einsen" in keys
            await pilot.press("b")
            msg = widget_text(app, "#message", width=300)
            assert "Blind ansagen darf nur der Beginner der Runde" in msg
            assert "Regeln: Blind" in msg
            await pilot.press("D")
            turn = game.view(0).turn_of(0)
            assert turn is not None and turn.aside == (1, 1) and turn.turned == 2
            assert "gedreht" in widget_text(app, "#dice")

    run(main())


def test_a_blind_round_from_the_keys() -> None:
    irm = load_rules("irmgarteich")
    game = Game(irm, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([1, 2, 3] * 20))
    app = SchockApp(_own_throws(Session(game, [Player("Anna"), Player("Ben")])), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("b")
            assert any(isinstance(e, ev.BlindDeclared) for e in game.log)
            # Ben's loaded throw stays under his cup and ends the round by itself
            assert game.last_deckel is not None and game.last_deckel.owed == 4  # Straße, doubled

    run(main())


def test_dice_that_run_out_are_reported() -> None:
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=1, dice=ScriptedDice([2, 3, 5]))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben", "heuristic")]), delay=0)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("space", "space")  # Anna throws her own dice
            msg = widget_text(app, "#message", width=300)
            assert "the scripted dice have run out after 3 dice" in msg

    run(main())
    # the same in the opening round
    opening = Game(PORZ3, seats=["Anna", "Ben"], dice=ScriptedDice([2, 3, 5]))
    app = SchockApp(Session(opening, [Player("Anna"), Player("Ben")]), delay=0)
    run(main())


def test_dice_that_run_out_during_the_animation() -> None:
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=1, dice=ScriptedDice([2, 3, 5]))
    app = SchockApp(Session(game, [Player("Anna"), Player("Ben", "heuristic")]), delay=0.01)

    async def main() -> None:
        async with app.run_test() as pilot:
            for _ in range(100):
                if "Fehler" in widget_text(app, "#message", width=300):
                    break
                await pilot.pause(0.02)
            assert "run out" in widget_text(app, "#message", width=300)

    run(main())


def test_bots_wait_while_the_terminal_is_too_small() -> None:
    players = [Player("Anna"), Player("Ben", "heuristic")]
    game = Game(PORZ3, seats=["Anna", "Ben"], starter=1)
    app = SchockApp(Session(game, players, seed=1), delay=0.01)

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.resize_terminal(50, 10)
            await pilot.pause(0.1)
            before = len(game.actions)
            await pilot.pause(0.1)
            assert len(game.actions) == before  # nothing moves while the message shows
            await pilot.resize_terminal(100, 30)
            for _ in range(100):
                if game.actor == 0:
                    break
                await pilot.pause(0.02)
            assert game.actor == 0

    run(main())


def test_resumed_game_that_nobody_moved_on_quits_at_once(tmp_path: Path) -> None:
    session = _porz_start()
    file = tmp_path / "game.json"
    file.write_text(session.record_text(), encoding="utf-8")
    again = Session.resume(loads(file.read_text(encoding="utf-8")))
    app = SchockApp(again, delay=0, save_path=file)

    async def main() -> None:
        async with app.run_test() as pilot:
            await pilot.press("q")  # nothing new to lose: no question
        assert app.return_value is not None and app.return_value.saved is None

    run(main())


def test_a_table_of_twelve_needs_more_lines() -> None:
    players = [Player("Anna")] + [Player(f"random {i}", "random") for i in range(2, 13)]
    app = SchockApp(Session.new(PORZ3, players, seed=1), delay=30)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert "80×30" in widget_text(app, "#small")
            await pilot.resize_terminal(80, 30)
            assert app.game_screen.query_one("#main").display
            assert "random 12" in widget_text(app, "#seats")

    run(main())
