"""Issue 12: the ``equilibrium`` bot and ``schock solve``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock import InvalidInputError, load_rules
from schock.arena import run_arena
from schock.bots import Bot, EquilibriumBot, available_bots, check_seats, make_bot, play_game
from schock.cli import main
from schock.engine import Automation, Game, ScriptedDice, SeededDice
from schock.engine.actions import Action, BlindAction
from schock.engine.views import View
from schock.solver import equilibrium as eq


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SCHOCK_NO_CACHE", raising=False)
    eq.equilibrium_half.cache_clear()


def test_registered_and_two_seats_only() -> None:
    assert "equilibrium" in available_bots()
    assert make_bot("equilibrium").name == "equilibrium"
    check_seats("equilibrium", 2)
    check_seats("heuristic", 5)
    with pytest.raises(InvalidInputError, match="two-player games only, got 3 seats"):
        check_seats("equilibrium", 3)
    with pytest.raises(InvalidInputError, match="two-player"):
        run_arena("porz", ["equilibrium", "heuristic", "random"], games=1, seed=1, jobs=1)
    rules = load_rules("porz").replace(deckel=3, max_throws=1)
    trio = Game(rules, seats=["A", "B", "C"], starter=0, dice=ScriptedDice([1, 6, 6]))
    with pytest.raises(InvalidInputError, match="two-player games only"):
        EquilibriumBot().act(trio.view(0))


@pytest.mark.parametrize("preset", ["porz", "irmgarteich", "mosel"])
def test_plays_whole_games(preset: str) -> None:
    rules = load_rules(preset).replace(deckel=3, max_throws=2)
    for seed in range(3):
        g = Game(rules, seats=["A", "B"], dice=SeededDice(seed), automations=set(Automation))
        assert play_game(g, [EquilibriumBot(), make_bot("heuristic")]) in (0, 1)


class BlindWatcher:
    """Plays as ``bot`` and records, wherever blind is allowed, the situation
    (Stock, own Deckel, the other's) and whether it said blind."""

    def __init__(self, bot: Bot, seen: list[tuple[tuple[int, int, int], bool]]) -> None:
        self.bot = bot
        self.name = bot.name
        self.seen = seen

    def act(self, view: View) -> Action:
        action = self.bot.act(view)
        if BlindAction() in view.legal:
            assert view.seat is not None
            sit = (view.stock, view.deckel[view.seat], view.deckel[1 - view.seat])
            self.seen.append((sit, action == BlindAction()))
        return action


def test_declares_blind_exactly_where_the_equilibrium_does() -> None:
    rules = load_rules("irmgarteich").replace(deckel=5, max_throws=2)
    table = eq.equilibrium_half(rules)
    seen: list[tuple[tuple[int, int, int], bool]] = []
    for seed in range(12):
        g = Game(rules, seats=["A", "B"], dice=SeededDice(seed), automations=set(Automation))
        play_game(g, [BlindWatcher(EquilibriumBot(), seen), BlindWatcher(EquilibriumBot(), seen)])
    assert any(b for _, b in seen) and not all(b for _, b in seen)
    for sit, said_blind in seen:
        assert said_blind == table.plays_blind(*sit)


def test_solve_cli_json_and_errors(tmp_path: Path) -> None:
    house = tmp_path / "two.toml"
    house.write_text('extends = "porz"\nid = "two"\nname = "two"\nmax_throws = 1\ndeckel = 3\n')
    r = CliRunner().invoke(main, ["solve", "--rules", str(house), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["exploitability"] <= 1e-6
    assert 0.5 < data["p_first_wins_round"] < 0.52
    assert data["p_starter_wins_game"] == data["p_starter_wins_half"]
    r = CliRunner().invoke(main, ["solve", "--rules", str(house), "--lang", "en"])
    assert r.exit_code == 0 and "exploitability" in r.output
    # a house rule the solver once refused is solved: the thrower of a Schock Aus keeps
    # his Deckel, and the last throw is shown
    keeps = tmp_path / "keeps.toml"
    keeps.write_text(
        'extends = "porz"\nid = "k"\nname = "k"\nmax_throws = 1\ndeckel = 3\n'
        "schock_aus_keeps = true\nlast_throw_covered = false\n"
    )
    r = CliRunner().invoke(main, ["solve", "--rules", str(keeps), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["exploitability"] <= 1e-6
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "porz"\nid = "k"\nname = "k"\ndeckel = 0\n')
    r = CliRunner().invoke(main, ["solve", "--rules", str(bad)])
    assert r.exit_code == 2
    assert r.output.startswith("Fehler: ") and "deckel" in r.output
    assert "Traceback" not in r.output
