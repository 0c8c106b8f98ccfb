"""The game behind the screen, without the screen: seats, bots, keys, log."""

from __future__ import annotations

import pytest

from schock import Outcome, load_rules
from schock.engine import (
    Game,
    Phase,
    ScriptedDice,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
)
from schock.engine import events as ev
from schock.engine.record import dumps, loads
from schock.errors import InvalidInputError
from schock.tui.app import describe_event
from schock.tui.session import (
    NoSuchDie,
    Player,
    Session,
    bot_kind_of,
    bot_names,
    default_bot,
    log_lines,
    parse_seat,
    slots,
)

PORZ = load_rules("porz")


def test_parse_seat() -> None:
    assert parse_seat("Anna") == Player("Anna")
    assert parse_seat("Ben=heuristic") == Player("Ben", "heuristic")
    assert Player("Anna").human and not Player("Ben", "random").human
    with pytest.raises(InvalidInputError, match="needs a name"):
        parse_seat(" =random")
    with pytest.raises(InvalidInputError, match="unknown bot 'x'"):
        parse_seat("Ben=x")


def test_bot_names_and_kinds() -> None:
    assert bot_names(["random", "random"], taken=["uschi"]) == ["Jupp", "Gabi"]
    many = bot_names(["random"] * 14, taken=[])
    assert many[-2:] == ["random", "random 2"] and len(set(many)) == 14
    assert bot_kind_of("random 3") == "random"
    assert bot_kind_of("heuristic") == "heuristic"
    assert bot_kind_of("Anna 2") is None
    assert default_bot() == "heuristic"


def test_one_player_per_seat() -> None:
    game = Game(PORZ, seats=["A", "B"])
    with pytest.raises(InvalidInputError, match="one player per seat"):
        Session(game, [Player("A")])
    with pytest.raises(InvalidInputError, match="in seat order"):
        Session(game, [Player("B"), Player("A")])


def test_bots_only_session_runs_to_the_end() -> None:
    s = Session.new(PORZ, [Player("a", "heuristic"), Player("b", "random")], seed=2)
    assert s.humans == () and s.viewer() is None
    s.run_until_human()
    assert s.step() == "over" and s.game.over


def test_same_seed_same_game() -> None:
    players = [Player("a", "random"), Player("b", "random")]
    one, two = Session.new(PORZ, players, seed=9), Session.new(PORZ, players, seed=9)
    one.run_until_human()
    two.run_until_human()
    assert one.game.log == two.game.log


def test_viewer_hides_humans_from_each_other() -> None:
    players = [Player("Anna"), Player("Ben"), Player("Cem", "heuristic")]
    game = Game(PORZ, seats=["Anna", "Ben", "Cem"], starter=2)
    s = Session(game, players, seed=1)
    assert s.step() == "bot" and s.viewer() is None  # two humans at the table: a spectator
    s.run_until_human()
    assert s.viewer() == s.game.actor == 0


def test_forced_stop_under_the_cup_is_automatic() -> None:
    # mosel loads the first throws; Anna (starter) stays "zu": limit 1, Ben's throw stays unseen
    mosel = load_rules("mosel")
    game = Game(mosel, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([1, 2, 3, 4, 5, 6]))
    s = Session(game, [Player("Anna"), Player("Ben")])
    assert s.step() == "human" and game.phase is Phase.LOADING  # humans throw their own dice
    s.act(ThrowAction())
    s.act(ThrowAction())  # both loading throws
    assert s.step() == "human" and game.actor == 0 and game.phase is Phase.TURN
    s.act(StopAction())
    assert game.legal_actions() == [StopAction()]
    assert s.step() == "auto"  # Ben has nothing to decide and has not seen his dice
    s.auto()
    assert game.last_showdown is not None


def test_dice_keys() -> None:
    game = Game(PORZ, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([1, 4, 1, 2, 2, 2]))
    s = Session(game, [Player("Anna"), Player("Ben")])
    with pytest.raises(NoSuchDie) as info:
        s.key_action("1")
    assert not info.value.hidden
    assert s.key_action("space") == ThrowAction() and s.key_action("x") is None
    s.act(ThrowAction())
    with pytest.raises(NoSuchDie) as info:
        s.key_action("2")  # not lifted yet: under the cup
    assert info.value.hidden and info.value.number == 2
    s.act(s.key_action("a"))  # type: ignore[arg-type]
    assert s.key_action("3") == SetAsideAction((4,))
    s.act(s.key_action("1"))  # type: ignore[arg-type]
    s.act(s.key_action("2"))  # type: ignore[arg-type]
    turn = game.view(0).turn_of(0)
    assert turn is not None and turn.aside == (1, 1)
    assert [(x.value, x.aside) for x in slots(turn)] == [(1, True), (1, True), (4, False)]
    assert s.key_action("1") == TakeBackAction((1,))


def test_resume_detects_bots_by_name() -> None:
    s = Session.new(PORZ, [Player("Anna"), Player("random 2", "random")], seed=3)
    s.run_until_human()
    again = Session.resume(loads(dumps(s.game)))
    assert again.players == s.players and again.bots.keys() == {1}


def test_log_tells_finished_rounds_only() -> None:
    game = Game(PORZ, seats=["Anna", "Ben"], starter=0, dice=ScriptedDice([2, 3, 5, 1, 1, 4]))
    s = Session(game, [Player("Anna"), Player("Ben")])
    assert log_lines(game) == [
        "Hälfte (wer sie verliert, verliert das Spiel): Anna, Ben; 13 Deckel im Stock",
        " Runde 1 · beginnt: Anna",
    ]
    s.act(ThrowAction())
    s.act(StopAction())  # zu: under the cup
    s.act(ThrowAction())
    text = "\n".join(log_lines(game))
    assert "2-3-5" not in text and "1-1-4" not in text  # the cups are still closed
    s.act(StopAction())
    text = "\n".join(log_lines(game, "en"))
    assert "2-3-5" in text and "1-1-4" in text and "Schock 4" in text
    assert "Anna receives 4 Deckel from the Stock" in text


def test_describe_event_tells_nothing_hidden() -> None:
    s = Session(Game(PORZ, seats=["Anna", "Ben"]), [Player("Anna"), Player("Ben")])
    cases = [
        (ev.Thrown(0, (1, 1, 4), 2), "Anna wirft (Wurf 2)", "Anna throws (throw 2)"),
        (ev.Lifted(0), "Anna hebt den Becher", "Anna lifts the cup"),
        (ev.SetAside(1, (1, 1)), "Ben legt 1-1 beiseite", "Ben sets aside 1-1"),
        (ev.TakenBack(1, (1,)), "Ben nimmt 1 zurück", "Ben puts 1 back"),
        (ev.SixesTurned(1, 1), "Ben dreht Sechsen", "Ben turns sixes"),
        (ev.BlindDeclared(0), "Anna sagt blind an", "Anna declares blind"),
        (ev.Einkauf(0, True), "Anna kauft sich ein", "Anna buys in"),
        (ev.Einkauf(0, False), "Anna kauft sich nicht ein", "Anna does not buy in"),
    ]
    for event, de, en in cases:
        assert describe_event(event, s, "de") == de
        assert describe_event(event, s, "en") == en
    stop = ev.Stopped(1, 2, Outcome.parse("1-1-4/2"), covered=True)
    assert describe_event(stop, s, "de") == "Ben lässt stehen (2 Würfe)"
    assert describe_event(stop, s, "en") == "Ben stops (2 throws)"
    assert "1-1-4" not in describe_event(stop, s, "en")


def test_the_record_keeps_which_bot_played_each_seat() -> None:
    s = Session.new(PORZ, [Player("Anna"), Player("Ben", "cautious")], seed=3)
    s.run_until_human()
    record = loads(s.record_text())
    assert record.bots == (None, "cautious")
    again = Session.resume(record)
    assert again.players == s.players and again.bots.keys() == {1}
    # a record without bot kinds falls back to names
    plain = loads(dumps(s.game))
    assert plain.bots == ()
    assert [p.bot for p in Session.resume(plain).players] == [None, None]


@pytest.mark.parametrize(("preset", "seed"), [("irmgarteich", 7), ("porz", 3), ("mosel", 1)])
def test_a_human_throws_his_own_dice(preset: str, seed: int) -> None:
    """Issue 15: loading throws, the opening round and roll-offs are not thrown for a human."""
    from schock.bots import HeuristicBot

    players = [Player("Anna"), Player("heuristic", "heuristic"), Player("random", "random")]
    s = Session.new(load_rules(preset), players, seed=seed)
    me, own = HeuristicBot(), 0
    while True:
        before = len(s.game.actions)
        s.run_until_human()
        by_automation = [a for seat, a in s.game.actions[before:] if seat == 0]
        assert not any(isinstance(a, ThrowAction) for a in by_automation), by_automation
        if s.step() == "over":
            break
        action = me.act(s.game.view(0))
        if isinstance(action, ThrowAction):
            assert s.key_action("space") == ThrowAction()
            own += 1
        s.act(action)
    assert own > 0
    assert own == sum(1 for seat, a in s.game.actions if seat == 0 and isinstance(a, ThrowAction))
