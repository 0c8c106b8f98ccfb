"""The ``optimal`` bot under blind rules (irmgarteich): a blind round doubles the Deckel,
so in a two-player half it declares blind where that, valued with the doubled Deckel,
is worth more for its half values than the normal round."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_equilibrium_bot import BlindWatcher

from schock import load_rules
from schock.bots import OptimalBot, play_game
from schock.engine import Automation, Game, SeededDice
from schock.solver import half

RULES = load_rules("irmgarteich").replace(deckel=5, max_throws=2)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    half.duel_half.cache_clear()


def test_blind_stakes_double_the_deckel() -> None:
    table = half.duel_half(RULES)
    normal = table.stakes(5, 0, 0, first=True)
    blind = table.blind_stakes(5, 0, 0)
    # a win with a one-Deckel result gives the other 2 Deckel blind: worth more to the winner
    assert blind.win[0] > normal.win[0] and blind.lose[0] < normal.lose[0]
    assert not half.duel_half(load_rules("porz").replace(deckel=5)).plays_blind(5, 0, 0)


def test_declares_blind_where_its_half_values_say_so() -> None:
    table = half.duel_half(RULES)
    seen: list[tuple[tuple[int, int, int], bool]] = []
    for seed in range(12):
        g = Game(RULES, seats=["A", "B"], dice=SeededDice(seed), automations=set(Automation))
        play_game(g, [BlindWatcher(OptimalBot(), seen), BlindWatcher(OptimalBot(), seen)])
    assert any(b for _, b in seen) and not all(b for _, b in seen)
    for sit, said_blind in seen:
        assert said_blind == table.plays_blind(*sit)
