"""Property: a random legal game re-entered through the scorekeeper gives the same game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from keephelp import random_game, result_entries, summary, throw_entries

from schock.engine.record import dumps as dumps_record
from schock.engine.record import loads, replay
from schock.keep import Scorekeeper, loads_keep
from schock.rules import PRESETS, load_rules

games = st.tuples(st.sampled_from(sorted(PRESETS)), st.integers(2, 4), st.integers(0, 10**6))


@settings(max_examples=15, deadline=None)
@given(games)
def test_throw_by_throw_gives_the_same_record(case: tuple[str, int, int]) -> None:
    preset, n, seed = case
    rules = load_rules(preset)
    g = random_game(rules, n, seed)
    k = Scorekeeper(rules, [s.name for s in g.seats], entries=throw_entries(g))
    assert k.over
    rec = k.record()
    assert rec["dice"] == {"source": "table"}
    assert rec["result"] == {"loser": g.loser, "durchmarsch": g.durchmarsch}
    assert summary(k.game) == summary(g)
    again = replay(loads(dumps_record(k.game)))  # the record is the proof
    assert again.loser == g.loser


@settings(max_examples=15, deadline=None)
@given(games)
def test_revealed_results_give_the_same_outcome(case: tuple[str, int, int]) -> None:
    preset, n, seed = case
    rules = load_rules(preset)
    g = random_game(rules, n, seed)
    k = Scorekeeper(rules, [s.name for s in g.seats], entries=result_entries(g))
    assert k.over
    assert summary(k.game) == summary(g)
    assert replay(loads(dumps_record(k.game))).loser == g.loser
    assert summary(loads_keep(k.dumps()).game) == summary(g)  # save and resume
