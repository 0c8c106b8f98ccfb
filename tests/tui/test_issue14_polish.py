"""Issue 14: the terminal game and the CLI as a pub player wants them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static
from tui_helpers import plain, widget_text

from schock import load_rules
from schock.engine import Game, ScriptedDice
from schock.engine import events as ev
from schock.engine.record import loads, replay
from schock.tui.app import QuitScreen, SchockApp
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


async def _finish(app: SchockApp, pilot: object) -> None:
    from tui_helpers import next_key

    s = app.session
    for _ in range(3000):
        if s.game.over:
            return
        await pilot.press(next_key(s))  # type: ignore[attr-defined]
    raise AssertionError("the game did not end")


def _quick_app(tmp_path: Path) -> SchockApp:
    rules = load_rules("porz").replace(deckel=2)
    session = Session.new(rules, [Player("Anna"), Player("Ben", "heuristic")], seed=3)
    return SchockApp(session, delay=0, save_path=tmp_path / "abend.json")


def test_game_over_offers_a_rematch_the_loser_starts_and_striche_are_kept(
    tmp_path: Path,
) -> None:
    app = _quick_app(tmp_path)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _finish(app, pilot)
            first = app.session.game
            loser = first.seats[first.loser].name
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            body = plain(app.screen.query_one("#quit-body", Static).content)
            assert "weiterspielen" not in body and f"Revanche: neues Spiel, {loser} beginnt" in body
            await pilot.press("n")  # the finished game is not saved: a box asks first
            assert isinstance(app.screen, QuitScreen) and app.screen.rematch
            assert app.session.game is first
            await pilot.press("n")  # go on without saving
            assert not isinstance(app.screen, QuitScreen)
            second = app.session.game
            assert second is not first and not second.over
            assert second.starter == first.loser
            seats = widget_text(app, "#seats")
            assert "Striche" in seats
            row = next(line for line in seats.splitlines() if loser in line)
            assert row.rstrip().endswith("1"), seats
            await _finish(app, pilot)
            keys = widget_text(app, "#keys")
            assert "Revanche" in keys
            await pilot.press("n", "n")  # straight from the table, too (and past the box)
            assert app.games == 3 and sum(app.tally.values()) == 2
            await pilot.press("q")
            if isinstance(app.screen, QuitScreen):  # the third game has begun
                await pilot.press("o")
        result = app.return_value
        assert result is not None and sum(n for _, n in result.tally) == 2

    run(main())


def test_a_rematch_offers_to_save_the_finished_game_first(tmp_path: Path) -> None:
    """No record is lost unasked: n at the end opens a box; s saves, then the rematch
    starts; a saved game goes straight to the rematch; Esc goes back to the table."""
    app = _quick_app(tmp_path)
    target = tmp_path / "abend.json"

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _finish(app, pilot)
            first = app.session.game
            await pilot.press("n")
            assert isinstance(app.screen, QuitScreen) and app.screen.rematch
            body = plain(app.screen.query_one("#quit-body", Static).content)
            assert "noch nicht gespeichert" in body and "s = speichern, dann Revanche" in body
            await pilot.press("escape")  # back to the table: nothing happened
            assert not isinstance(app.screen, QuitScreen) and app.session.game is first
            await pilot.press("n", "o")  # no quitting from this box
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("s", "enter")
            assert not isinstance(app.screen, QuitScreen)
            assert app.games == 2 and app.session.game is not first
            await _finish(app, pilot)
            second = app.session.game
            app.save(tmp_path / "zwei.json")
            await pilot.press("n")  # saved already: straight to the rematch
            assert not isinstance(app.screen, QuitScreen) and app.session.game is not second
            assert app.games == 3

    run(main())
    record = loads(target.read_text(encoding="utf-8"))
    assert replay(record).over  # the first game, whole


def test_saving_never_overwrites_a_file_without_asking(tmp_path: Path) -> None:
    app = _quick_app(tmp_path)
    target = tmp_path / "abend.json"
    target.write_text("the mid-game save", encoding="utf-8")

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _finish(app, pilot)
            await pilot.press("q", "s", "enter")
            assert isinstance(app.screen, QuitScreen)
            error = plain(app.screen.query_one("#save-error", Static).content)
            assert "gibt es schon" in error
            assert target.read_text(encoding="utf-8") == "the mid-game save"
            await pilot.press("enter")  # the second Enter on the same name overwrites
        assert app.return_value is not None and app.return_value.saved == target

    run(main())
    assert target.read_text(encoding="utf-8").startswith("{")


def test_the_log_keeps_its_indent_on_wrapped_lines_and_its_text_clear_of_the_scrollbar() -> None:
    from textual.containers import VerticalScroll
    from tui_helpers import next_key

    from schock.tui.session import log_lines

    players = [Player("Du"), Player("Bernhard-Maximilian", "heuristic"), Player("Cem", "random")]
    session = Session.new(load_rules("porz"), players, seed=4)
    app = SchockApp(session, delay=0)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(60):
                if session.game.over:
                    break
                await pilot.press(next_key(session))
            log = app.game_screen.query_one("#log", Static)
            box = app.game_screen.query_one("#logbox", VerticalScroll)
            width = log.content_region.width
            logical = log_lines(session.game, "de", 0)
            shown = plain(log.content, width).splitlines()
            assert len(shown) > len(logical)  # some lines wrap in the narrow column
            # walk the logical lines through the rendered ones: every piece of a line
            # (its first row and the rows it wraps into) starts at the line's own indent
            at = 0
            for line in logical:
                indent = len(line) - len(line.lstrip(" "))
                want, got = "".join(line.split()), ""
                while got != want:
                    row = shown[at]
                    at += 1
                    assert row[:indent] == " " * indent, (line, row)
                    got += "".join(row.split())
                    assert want.startswith(got), (line, row)
            # a column between the text and the scrollbar
            assert log.content_region.right < box.region.right - 1

    run(main())


def test_the_opening_round_says_what_it_is_and_shows_the_bots_throws_one_by_one() -> None:
    players = [Player("Du"), Player("Ben", "heuristic"), Player("Cem", "heuristic")]
    session = Session.new(load_rules("porz"), players, seed=7)
    app = SchockApp(session, delay=1.0)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            status = widget_text(app, "#status")
            assert "Eröffnungsrunde, alle werfen einmal: Leertaste" in status, status
            assert session.game.phase.value == "loading" and session.game.actor == 0
            await pilot.press("space")  # my throw; the bots throw theirs at their pace
            assert session.game.phase.value == "loading" and session.game.actor == 1
            assert "Eröffnungsrunde: alle werfen einmal" in widget_text(app, "#status")
            await pilot.pause(1.4)
            assert "Ben wirft" in widget_text(app, "#message")
            assert session.game.phase.value == "loading" and session.game.actor == 2

    run(main())


def test_a_loaded_throw_that_stands_by_itself_is_said() -> None:
    # mosel loads (every first throw under the cup first); Ben (a bot) starts, stands on his
    # Schock after one throw: Anna's loaded throw is her only one, it stands without a key
    rules = load_rules("mosel").replace(deckel=3)
    game = Game(rules, seats=["Ben", "Anna"], starter=0, dice=ScriptedDice([1, 1, 4, 4, 5, 6] * 5))
    app = SchockApp(Session(game, [Player("Ben", "heuristic"), Player("Anna")]), delay=0)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("space")  # Anna's loading throw
            msg = widget_text(app, "#message", width=300)
            assert "Anna: Dein Wurf liegt schon unterm Becher (Laden)" in msg, msg

    run(main())


def test_the_dice_are_named_and_the_round_says_who_is_losing() -> None:
    app = _two_humans([2, 3, 4, 6, 5, 6] + [2, 3, 5] * 20)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("space", "a")  # Anna: 2-3-4 auf die Hand, lifted
            assert "Anna: Wurf 1 von 3 · Straße 2-3-4" in widget_text(app, "#dice")
            await pilot.press("s", "space")  # she stands; Ben throws 6-5-6
            dice = widget_text(app, "#dice")
            assert "Ben: Wurf 1 von 1 · 665" in dice, dice
            assert "Verliert gerade: Anna mit Straße 2-3-4" in dice

    run(main())


def _copy(s: Session) -> Session:
    from schock.engine.record import loads, replay

    return Session(replay(loads(s.record_text())), s.players)


@pytest.mark.parametrize("preset", ["porz", "mosel", "irmgarteich"])
def test_the_keys_a_hint_names_make_its_move(preset: str) -> None:
    from schock.bots import HeuristicBot
    from schock.engine import Phase, StopAction
    from schock.solver.hints import hints
    from schock.tui.session import move_plan

    s = Session.new(load_rules(preset), [Player("Anna"), Player("Ben")], seed=21)
    checked = 0
    for _ in range(400):
        if s.game.over or checked >= 25:
            break
        actor = s.game.actor
        assert actor is not None
        view = s.game.view(actor)
        turn = view.turn_of(actor)
        if s.game.phase is Phase.TURN and turn is not None and turn.looked and turn.cup:
            for choice in hints(view):
                m = choice.move
                plan = move_plan(turn, m.stop, m.keep, m.turn)
                copy = _copy(s)
                for key in plan.keys[:-1]:
                    action = copy.key_action(key)
                    assert action is not None, key
                    copy.act(action)
                last = copy.key_action(plan.keys[-1])
                assert last in copy.game.legal_actions(), (plan, choice)
                if not m.stop:
                    mine = copy.game.view(actor).turn_of(actor)
                    assert mine is not None and sorted(mine.aside) == sorted(m.keep), (plan, m)
                else:
                    assert last == StopAction()
            checked += 1
        s.act(HeuristicBot().act(view))
    assert checked >= 10


def test_the_hint_says_what_to_press_and_what_best_means() -> None:
    app = _two_humans([1, 5, 1] + [2, 3, 5] * 20)

    async def main() -> None:
        async with app.run_test(size=(140, 50)) as pilot:
            await pilot.press("space", "a", "h")
            body = plain(app.screen.query_one("#info-body", Static).content, 130)
            assert "Beste Wahl = die höchste Chance, diese Runde nicht zu verlieren" in body
            assert "Tasten: " in body and "Leertaste" in body, body
            assert "Liegen lassen:" in body

    run(main())


def test_bots_sit_under_peoples_names_with_their_kind_apart_in_german() -> None:
    from schock.tui.render import seats_table

    players = [Player("Du"), Player("Uschi", "heuristic"), Player("Jupp", "random")]
    session = Session.new(load_rules("porz"), players, seed=1)
    table = plain(seats_table(session.view(), players, "de"))
    assert "Uschi (Bot)" in table and "Jupp (Bot)" in table
    assert "Bots: Uschi: Faustregel; Jupp: Zufall" in table
    narrow = plain(seats_table(session.view(), players, "de"), width=46)  # 80 columns
    assert "Uschi (Bot)" in narrow and "Faustregel" in narrow and "…" not in narrow
    english = plain(seats_table(session.view(), players, "en"))
    assert "Uschi (bot)" in english and "bots: Uschi: heuristic; Jupp: random" in english


def test_every_screen_fits_80_by_24() -> None:
    """Issue 27 item 5: at 80x24 the rules popup shows its values, names stay whole
    beside the Striche, and the status line wraps instead of being cut."""
    from schock.tui.render import seats_table

    players = [Player("Du"), Player("Uschi", "heuristic"), Player("Jupp", "random")]
    app = SchockApp(Session.new(load_rules("mosel"), players, seed=3), delay=0)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("space")  # the roll-off; seed 3: Du begins, Laden comes next
            await pilot.pause()
            status = app.screen.query_one("#status", Static)
            text = " ".join(plain(status.content, status.content_size.width).split())
            assert text.endswith("(legt die Wurfzahl fest)"), text
            assert status.size.height >= 2  # wrapped onto a second line, not cut
            left = app.screen.query_one("#seats", Static).content_size.width
            table = plain(
                seats_table(app.session.view(), players, "de", {"Du": 1, "Uschi": 2}, left), left
            )
            assert "Uschi" in table and "Jupp" in table and "…" not in table, table
            assert "Bots: Uschi: Faustregel; Jupp: Zufall" in table  # who is a bot, still told
            wide = plain(seats_table(app.session.view(), players, "de", {"Du": 1}, 70), 70)
            assert "Uschi (Bot)" in wide and "…" not in wide
            await pilot.press("r")
            await pilot.pause()
            body = app.screen.query_one("#info-body", Static)
            shown = plain(body.content, body.content_size.width)
            assert "beliebige Würfel" in shown and "wer die meisten" in shown, shown
            assert "zwei Hälften und" in shown and "…" not in shown.split("Wert")[1][:400]

    run(main())
