"""Issue 16: the house-rule fields (Jule, General, the ladder, take-back, the last
throw shown, Schock Aus whose thrower keeps his Deckel) and the shipped examples."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from schock import IllegalActionError, Outcome, evaluate, load_rules, rank
from schock.bots import make_bot
from schock.bots.base import play_game
from schock.cli import main
from schock.engine import Game, ScriptedDice, SeededDice, TakeBackAction, events
from schock.engine.record import dumps, loads, replay
from schock.errors import RulesError
from schock.narrate import account, render_text
from schock.results import Kind
from schock.rules import example_files, load_example, loads_rules


def test_jule_just_below_schock_aus_gives_its_deckel() -> None:
    rules = load_example("mit-jule")
    jule = evaluate(rules, Outcome((1, 2, 4), 3, on_hand=False))  # composed counts here
    assert (jule.kind, jule.deckel, jule.label()) == (Kind.JULE, 7, "Jule")
    # Schock Aus > Jule > Schock 6
    assert rank(
        rules,
        [Outcome((1, 1, 6), 1, True), Outcome((1, 2, 4), 1, True), Outcome((1, 1, 1), 1, True)],
    ) == [2, 1, 0]
    off = load_rules("niederrhein")
    assert evaluate(off, Outcome((1, 2, 4), 1, True)).kind is Kind.EINFACH


def test_jule_below_schock_on_hand_only_and_strasse_above_general() -> None:
    rules = load_example("jule-unter-schock")
    assert evaluate(rules, Outcome((1, 2, 4), 2, on_hand=False)).kind is Kind.EINFACH
    jule = evaluate(rules, Outcome((1, 2, 4), 1, True))
    assert (jule.kind, jule.deckel) == (Kind.JULE, 4)
    # Schock doof > Jule > Straße 1-2-3 > General 6
    order = [
        Outcome((6, 6, 6), 1, True),
        Outcome((1, 2, 3), 1, True),
        Outcome((1, 2, 4), 1, True),
        Outcome((1, 1, 2), 1, True),
    ]
    assert rank(rules, order) == [3, 2, 1, 0]


def test_general_off_makes_a_triple_an_einfacher_wurf() -> None:
    rules = load_rules("mosel").replace(general=False)
    e = evaluate(rules, Outcome((5, 5, 5), 1, True))
    assert (e.kind, e.value, e.deckel) == (Kind.EINFACH, 555, 1)
    assert evaluate(rules, Outcome((1, 1, 1), 1, True)).kind is Kind.SCHOCK_AUS


def test_default_ladder_keeps_every_preset_strength() -> None:
    """The ladder's default reproduces the fixed tiers the presets had (records replay)."""
    porz = load_rules("porz")
    assert evaluate(porz, Outcome((1, 1, 1), 1, True)).strength == 10_000
    assert evaluate(porz, Outcome((4, 5, 6), 1, True)).strength == 4_006
    nrh = load_rules("niederrhein")
    assert evaluate(nrh, Outcome((1, 1, 2), 1, True)).strength == 5_002  # Schock doof below General
    assert evaluate(load_rules("ferschweiler"), Outcome((1, 1, 1), 1, True)).strength == 12_000


def test_result_above_schock_aus_that_ends_the_half_names_both_fields() -> None:
    with pytest.raises(RulesError) as info:
        loads_rules(
            'extends = "porz"\njule = true\nladder = "jule>schock_aus>schock>general>strasse"'
        )
    text = str(info.value)
    assert "ladder" in text and "schock_aus_keeps" in text and "jule" in text
    ok = loads_rules(
        'extends = "porz"\njule = true\nschock_aus_keeps = true\n'
        'ladder = "jule>schock_aus>schock>general>strasse"'
    )
    assert rank(ok, [Outcome((1, 1, 1), 1, True), Outcome((1, 2, 4), 1, True)]) == [1, 0]
    # Jule off: its place in the ladder does not matter
    loads_rules('extends = "porz"\nladder = "jule>schock_aus>schock>general>strasse"')


@pytest.mark.parametrize(
    ("ladder", "words"),
    [
        ("schock_aus>schock>general", "missing: jule, strasse"),
        ("schock_aus>jule>schock>general>strasse>foo", "unknown: 'foo'"),
        ("schock_aus>jule>schock>schock>strasse", "missing: general"),
        ("", "unknown: ''"),
    ],
)
def test_bad_ladder_is_refused(ladder: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        loads_rules(f'extends = "mosel"\nladder = "{ladder}"')
    with pytest.raises(RulesError, match="wrong type"):
        loads_rules('extends = "mosel"\nladder = 5')
    with pytest.raises(RulesError, match="jule_deckel"):
        loads_rules('extends = "mosel"\njule_deckel = 0')


def _take_back_game(take_back: bool) -> Game:
    rules = load_rules("porz").replace(take_back=take_back)
    g = Game(rules, seats=["A", "B"], dice=ScriptedDice([1, 3, 4, 5, 6]), starter=0)
    g.throw()
    g.lift()
    g.set_aside([1])
    g.throw()  # a second throw is seen as it is thrown
    return g


def test_take_back_off_keeps_dice_of_an_earlier_throw_on_the_table() -> None:
    g = _take_back_game(False)
    assert TakeBackAction((1,)) not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="earlier throw"):
        g.take_back([1])
    on = _take_back_game(True)
    assert TakeBackAction((1,)) in on.legal_actions()
    on.take_back([1])


def test_take_back_off_still_undoes_a_die_of_this_throw() -> None:
    rules = load_rules("porz").replace(take_back=False)
    g = Game(rules, seats=["A", "B"], dice=ScriptedDice([1, 3, 4]), starter=0)
    g.throw()
    g.lift()
    g.set_aside([1])
    assert TakeBackAction((1,)) in g.legal_actions()
    g.take_back([1])


@pytest.mark.parametrize("covered", [True, False])
def test_last_throw_covered_or_shown(covered: bool) -> None:
    rules = load_rules("porz").replace(last_throw_covered=covered)
    g = Game(rules, seats=["A", "B", "C"], dice=ScriptedDice([2, 3, 5, 2, 4, 6]), starter=0)
    g.throw()
    g.stop()  # the first player stands on his first throw without lifting ("zu")
    g.throw()
    g.stop()
    stopped = [e for e in g.log if isinstance(e, events.Stopped)]
    assert [e.covered for e in stopped] == [covered, covered]
    seen_by_c = [t.result for t in g.view(2).turns if t.done]
    assert all((r is None) == covered for r in seen_by_c)


def test_schock_aus_thrower_keeps_his_deckel() -> None:
    """Whole random games: on every Schock Aus the thrower's pile stays his, the loser
    gets the rest; the half ends only when the thrower held none."""
    rules = load_example("turnier-offen")
    seen = 0
    for seed in range(40):
        g = Game(rules, seats=["A", "B", "C"], dice=SeededDice(seed))
        rng = random.Random(seed)
        while not g.over:
            before = g.deckel
            n = len(g.log)
            actor = g.actor
            assert actor is not None
            g.apply(actor, rng.choice(g.legal_actions()))
            for e in g.log[n:]:
                if isinstance(e, events.DeckelGiven) and e.all_deckel:
                    show = next(x for x in reversed(g.log) if isinstance(x, events.Showdown))
                    best = show.ranking[0]
                    if before[best] and not g.over:
                        seen += 1
                        assert g.deckel[best] == before[best]
                        assert g.deckel[e.loser] == rules.deckel - before[best]
        assert g.loser is not None
        text = render_text(account(g), "de")
        assert "Deckel" in text
    assert seen >= 1


@pytest.mark.parametrize("name", sorted(example_files()))
def test_every_example_plays_whole_games_with_bots(name: str) -> None:
    rules = load_example(name)
    for seed in range(2):
        g = Game(rules, seats=["A", "B", "C"], dice=SeededDice(seed))
        bots = [make_bot("optimal"), make_bot("heuristic"), make_bot("random", seed=seed)]
        loser = play_game(g, bots)
        assert g.over and loser == g.loser
        render_text(account(g), "en")
        twin = replay(loads(dumps(g)))  # the record names the example's fields as overrides
        assert twin.rules == rules and twin.log == g.log


def test_rules_list_examples() -> None:
    out = CliRunner().invoke(main, ["rules", "list", "--examples"])
    assert out.exit_code == 0
    for name in example_files():
        assert name in out.output and f"{name}.toml" in out.output
