"""What the screen shows, rendered from seats' views at the states that matter."""

from __future__ import annotations

from collections.abc import Callable

from tui_helpers import plain

from schock import load_rules
from schock.bots import make_bot
from schock.engine import Game, ScriptedDice, SeededDice, View
from schock.engine import events as ev
from schock.errors import IllegalActionError
from schock.narrate import Chronicle
from schock.rules import Rules
from schock.tui.faces import die_lines, faces
from schock.tui.render import (
    dice_panel,
    header,
    illegal_text,
    seats_table,
    showdown_panel,
    status_line,
)
from schock.tui.session import Player

MOSEL3 = load_rules("mosel").replace(deckel=3)
NAMES = ["Anna", "Ben", "Cem"]
THREE = [Player("Anna"), Player("Ben", "heuristic"), Player("Cem", "random")]


def first_state(
    rules: Rules, found: Callable[[Game], bool], seats: int = 3, seeds: range = range(60)
) -> Game:
    """The first state of a bot game (over the seeds) where ``found`` holds."""
    for seed in seeds:
        g = Game(rules, seats=NAMES[:seats], dice=SeededDice(seed))
        bots = [make_bot("heuristic"), make_bot("heuristic"), make_bot("random", seed=seed)]
        while not g.over:
            g.apply(g.actor, bots[g.actor].act(g.view(g.actor)))  # type: ignore[index,arg-type]
            if found(g):
                return g
        if found(g):
            return g
    raise AssertionError("no such state")


def text(renderable: object) -> str:
    return plain(renderable, width=100)


def test_final_header_and_watching_seat() -> None:
    g = first_state(MOSEL3, lambda g: g.half_kind == "final" and g.round_order != ())
    view = g.view(0)
    head = text(header(view, "de"))
    a, b = (g.seats[s].name for s in g.players)
    assert f"Finale: {a} gegen {b}" in head
    assert "Hälfte verloren: " in head
    assert f"Final: {a} against {b}" in text(header(g.view(0), "en")).replace("Finale", "Final")
    watcher = next(s for s in range(3) if s not in g.players)
    table = text(seats_table(view, THREE, "de"))
    row = next(line for line in table.splitlines() if f" {g.seats[watcher].name}" in line)
    assert "schaut zu" in row


def test_second_half_and_one_half_titles() -> None:
    g = first_state(MOSEL3, lambda g: g.half_kind == "second")
    assert "2. Hälfte" in text(header(g.view(None), "de"))
    assert "Half 2" in text(header(g.view(None), "en"))
    porz = Game(load_rules("porz"), seats=["A", "B"], starter=0)
    assert "porz · Hälfte · Runde 1" in text(header(porz.view(0), "de"))


def test_out_of_the_half_and_deckel_from_a_player() -> None:
    def out(g: Game) -> bool:
        return (
            g.stock == 0
            and g.last_deckel is not None
            and g.last_deckel.giver is not None
            and any(g.deckel[s] == 0 for s in g.players)
            and g.phase == "turn"
        )

    g = first_state(MOSEL3, out)
    view = g.view(0)
    table = text(seats_table(view, THREE, "de"))
    assert "raus" in table
    dg = g.last_deckel
    assert dg is not None and dg.giver is not None
    panel = text(showdown_panel(view, "de"))
    assert f"{g.seats[dg.giver].name} gibt {g.seats[dg.loser].name} {dg.count} Deckel" in panel
    assert "Letzte Runde" in panel and "1. " in panel


def test_schock_aus_gives_every_deckel() -> None:
    def aus(g: Game) -> bool:
        return g.last_deckel is not None and g.last_deckel.all_deckel

    g = first_state(load_rules("mosel"), aus, seeds=range(400))
    panel = text(showdown_panel(g.view(None), "en"))
    assert "Schock Aus" in panel and "receives every Deckel of the half" in panel
    # the game's own account says where the Deckel came from, as the browser does
    told = Chronicle(g).story("de")["showdown"]
    panel = text(showdown_panel(g.view(None), "de", told["deckel"]))
    assert told["deckel"] in panel and "bekommt" in told["deckel"]


def test_game_over_lines() -> None:
    g = first_state(MOSEL3, lambda g: g.over and g.durchmarsch)
    line = text(status_line(g.view(None), THREE, "de"))
    assert f"Durchmarsch! {g.seats[g.loser].name} hat beide Hälften verloren" in line  # type: ignore[index]
    g = first_state(MOSEL3, lambda g: g.over and not g.durchmarsch)
    line = text(status_line(g.view(None), THREE, "en"))
    assert f"Game over: {g.seats[g.loser].name} has lost the game." in line  # type: ignore[index]


def test_covered_cups_and_the_starters_zu() -> None:
    # A stays "zu" on her first throw; B throws and stops: both under the cup for the others
    g = Game(MOSEL3, seats=NAMES, starter=0, dice=ScriptedDice([1, 2, 3] * 10))
    for _ in range(3):
        g.throw()  # the loading throws
    g.stop()
    g.stop()  # B, limit 1: his loaded throw
    view = g.view(2)
    table = text(seats_table(view, THREE, "de"))
    lines = table.splitlines()
    assert "zu" in next(line for line in lines if " Anna " in line)
    assert "verdeckt" in next(line for line in lines if " Ben " in line)
    assert "■ ■ ■" in table
    assert "Ben (Bot)" in table and "Bots: Ben: Faustregel" in table
    dice = text(dice_panel(view, "de"))
    assert "Cem: Wurf 1 von 1" in dice and "verdeckt" in dice  # not seen, even by Cem
    assert "Cem: throw 1 of 1" in text(dice_panel(g.view(1), "en"))


def test_dice_panel_before_a_throw_and_between_rounds() -> None:
    g = Game(MOSEL3, seats=["A", "B"], starter=0, dice=ScriptedDice([6, 6, 2] * 10))
    assert "A: no throw yet" in text(dice_panel(g.view(0), "en"))  # loading first
    g.throw()
    g.throw()
    g.lift()
    panel = text(dice_panel(g.view(0), "de"))
    assert "[1]" in panel and "[3]" in panel and "Becher" in panel
    g.turn_sixes(1)
    panel = text(dice_panel(g.view(0), "de"))
    assert "gedreht" in panel
    assert "Am Zug: A (legt die Wurfzahl fest)" in text(status_line(g.view(0), THREE, "de"))
    over = first_state(MOSEL3, lambda g: g.over)
    assert "No dice on the table" in text(dice_panel(over.view(None), "en"))


def test_blind_round_header_and_caps() -> None:
    irm = load_rules("irmgarteich")
    g = Game(irm, seats=NAMES, starter=0, dice=ScriptedDice([1, 2, 3] * 10))
    for _ in range(3):
        g.throw()
    g.blind()
    view = g.view(1)
    assert "Blind! ein Wurf für alle, Deckel doppelt" in text(header(view, "de"))
    assert "1/1" in text(seats_table(view, THREE, "de"))


def test_einkaufen_status() -> None:
    g = first_state(
        load_rules("porz").replace(deckel=4), lambda g: g.phase == "einkaufen", seeds=range(200)
    )
    actor = g.actor
    assert actor is not None
    line = text(status_line(g.view(actor), THREE, "de"))
    assert f"{g.seats[actor].name}: einkaufen? j = ja, n = nein" in line


def test_illegal_text_with_an_unknown_field() -> None:
    e = IllegalActionError("no", rule=None, field="nonsense")
    assert illegal_text(e, MOSEL3, "en") == "Not allowed: no · rules field: nonsense = ? (nonsense)"


def test_faces() -> None:
    assert faces([1, 2, 3, 4, 5, 6]) == "⚀ ⚁ ⚂ ⚃ ⚄ ⚅"
    assert die_lines(6)[1:4] == ["│ ●   ● │"] * 3
    assert die_lines(None)[2] == "│░░ ? ░░│"
    assert all(len(line) == 9 for v in (1, 2, 3, 4, 5, 6, None) for line in die_lines(v))


def test_views_render_without_leaking() -> None:
    """Every state of a bot game renders; no panel shows a die the viewer may not see."""
    g = Game(MOSEL3, seats=NAMES, dice=SeededDice(3))
    bots = [make_bot("heuristic") for _ in range(3)]
    steps = 0
    while not g.over and steps < 400:
        view: View = g.view(0)
        for part in (header(view, "de"), seats_table(view, THREE, "de"), dice_panel(view, "de")):
            text(part)
        last = g.log[-1]
        if isinstance(last, ev.Stopped) and last.seat != 0 and last.covered:
            row = next(
                line
                for line in text(seats_table(view, THREE, "de")).splitlines()
                if f" {g.seats[last.seat].name} " in line
            )
            assert "■" in row or "verdeckt" in row or "zu" in row
        g.apply(g.actor, bots[g.actor].act(g.view(g.actor)))  # type: ignore[index,arg-type]
        steps += 1


def test_bot_names_stay_apart_in_a_narrow_seats_table() -> None:
    """Issue 15: at 80×24 two bots of one kind both showed as "heuristic …"."""
    names = ["Du", "heuristic", "heuristic 2"]
    game = Game(load_rules("porz"), seats=names, dice=SeededDice(1))
    players = [Player("Du"), Player("heuristic", "heuristic"), Player("heuristic 2", "heuristic")]
    for width in (46, 60):  # the seats panel at 80 columns is about 46 wide
        text = plain(seats_table(game.view(0), players, "de"), width=width)
        rows = [line for line in text.splitlines() if "heuristic" in line]
        assert len(rows) == 2, text
        assert any("heuristic 2" in row for row in rows), text
        assert all("…" not in row.split("heuristic")[1][:3] for row in rows), text
