"""The engine's messages in German and English (schock.messages) and their use in errors."""

from __future__ import annotations

import re

import pytest

from schock import IllegalActionError, load_rules
from schock import keep as keep_module
from schock.engine import Game, TableDice, compiled, parse_action
from schock.engine import state as state_module
from schock.messages import (
    CATALOG,
    LANGS,
    RULE_LABELS,
    Msg,
    action_msg,
    placeholders,
    rule_label,
    waiting_for,
)
from schock.tui.render import illegal_text

# the source files, also when the engine runs compiled (a .so beside each .py)
GAME_SOURCE = "".join(p.read_text(encoding="utf-8") for p in compiled.sources())
RULE_REFS = {
    f"{module.__name__}.{name}": value
    for module in (state_module, keep_module)
    for name, value in vars(module).items()
    if name.startswith("R_")
}


def table_game(preset: str, n: int = 3, **overrides: object) -> Game:
    rules = load_rules(preset)
    if overrides:
        rules = rules.replace(**overrides)
    names = ["Anna", "Ben", "Cem", "Dora"][:n]
    return Game(rules, seats=names, dice=TableDice(), starter=0)


def play(game: Game, *lines: str) -> None:
    for line in lines:
        seat, action = parse_action(line)
        game.apply(seat, action)


def refused(game: Game, line: str) -> IllegalActionError:
    seat, action = parse_action(line)
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    exc = info.value
    assert exc.key is not None, "every engine refusal has a message key"
    assert exc.message("en") == exc.reason
    assert str(exc).startswith(exc.reason)
    return exc


# --- the catalog -----------------------------------------------------------------------------


def test_every_key_has_both_languages() -> None:
    assert set(CATALOG) == set(LANGS)
    assert set(CATALOG["de"]) == set(CATALOG["en"])


@pytest.mark.parametrize("key", sorted(CATALOG["en"]))
def test_german_uses_exactly_the_english_placeholders(key: str) -> None:
    en, de = CATALOG["en"][key], CATALOG["de"][key]
    assert placeholders(de) == placeholders(en)
    assert de.strip() and de != en


def test_every_message_key_is_raised_by_the_engine() -> None:
    """No dead entries: each non-part key appears as a ``_fail`` key in the engine."""
    for key in CATALOG["en"]:
        key = key.removesuffix("@you")  # told to the seat called "Du": its base key is raised
        if key.startswith(("do.", "waiting.")):
            continue
        assert f'"{key}"' in GAME_SOURCE, key


def test_every_action_phrase_of_the_engine_has_a_message() -> None:
    phrases = set(
        re.findall(r"_need_(?:turn|looked|throw_left|choice)\(\w+, \"([^\"]+)\"\)", GAME_SOURCE)
    )
    assert {"set dice aside", "declare blind", "lift the cup"} <= phrases
    for phrase in phrases:
        part = action_msg(phrase)
        assert isinstance(part, Msg), phrase
        assert part.text("en") == phrase
    assert action_msg("juggle") == "juggle"  # unknown: the same in every language


@pytest.mark.parametrize("phase", ["roll_off", "einkaufen", "loading", "turn"])
def test_waiting_parts_name_the_player(phase: str) -> None:
    part = waiting_for(phase, 1, ["Anna", "Ben"])
    assert "Ben (seat 1)" in part.text("en")
    assert "Ben (Platz 1)" in part.text("de")


def test_every_rule_reference_has_a_german_label() -> None:
    assert len(RULE_REFS) >= 10
    for name, ref in RULE_REFS.items():
        assert rule_label(ref, "en") == ref
        label = rule_label(ref, "de")
        assert label.startswith("Regeln: ") and "docs/rules.md" not in label, name
    assert set(RULE_LABELS) == set(RULE_REFS.values())  # no label without a rule that uses it
    assert rule_label("dice source", "de") == "dice source"  # unknown: as it is


def test_german_lists_of_dice() -> None:
    def de(values: list[int]) -> str:
        return Msg("take_back.missing", {"dice": [6], "on_table": values}).text("de")

    assert de([]).endswith("(herausgelegt: nichts)")
    assert de([1]).endswith("(herausgelegt: 1)")
    assert de([1, 4]).endswith("(herausgelegt: 1 und 4)")
    assert de([1, 1, 4]).endswith("(herausgelegt: 1, 1 und 4)")


def test_an_error_without_a_key_keeps_its_text_in_every_language() -> None:
    e = IllegalActionError("the scripted dice have run out", rule="dice source")
    assert e.key is None and e.params == {}
    assert e.message("de") == e.message("en") == "the scripted dice have run out"


def test_an_unknown_language_gets_english() -> None:
    assert Msg("sixes.again").text("fr") == "sixes were already turned in this throw"


# --- real refusals in a game -----------------------------------------------------------------


def test_set_aside_a_five_and_a_six_under_porz() -> None:
    g = table_game("porz")
    play(g, "0 throw 5-6-3", "0 lift")
    e = refused(g, "0 aside 5-6")
    assert e.key == "set_aside.ones_sixes"
    assert e.params["bad"] == [5, 6]
    assert e.reason == "may set aside only 1s under porz, not [5, 6] (sixes only by turning them)"
    assert e.message("de") == (
        "Bei porz dürfen nur Einsen herausgelegt werden, nicht 5 und 6 "
        "(Sechsen nur durch Sechsen drehen)"
    )
    assert illegal_text(e, g.rules, "de") == (
        "Nicht erlaubt: Bei porz dürfen nur Einsen herausgelegt werden, nicht 5 und 6 "
        "(Sechsen nur durch Sechsen drehen) · Regeln: Ein Zug, 2. Herauslegen · "
        "Hier gilt: Herauslegen: nur Einsen"
    )


def test_out_of_turn_names_the_player() -> None:
    g = table_game("porz")
    e = refused(g, "1 throw")
    assert e.reason == "cannot throw: it is Anna's turn (seat 0), not seat 1"
    assert e.message("de") == "Werfen geht nicht: Anna ist am Zug (Platz 0), nicht Platz 1"
    assert rule_label(e.rule or "", "de") == "Regeln: Wer beginnt"


def test_no_throw_left_in_german() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 stop", "1 throw 2-3-4")
    e = refused(g, "1 throw")
    assert e.key == "throw_left.limit"
    assert e.reason == "cannot throw again: no throw left (1 of the round's limit of 1 used)"
    assert e.message("de") == (
        "Noch einmal werfen geht nicht: kein Wurf mehr übrig (1 von 1 geworfen, "
        "mehr lässt die Runde nicht zu)"
    )
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-5", "0 throw 2-4-5")
    e = refused(g, "0 throw")
    assert (e.key, e.field) == ("throw_left.first", "max_throws")
    assert e.message("de") == (
        "Noch einmal werfen geht nicht: kein Wurf mehr übrig (3 von höchstens 3 geworfen)"
    )


def test_sixes_in_german() -> None:
    g = table_game("porz")
    play(g, "0 throw 6-6-1", "0 lift")
    e = refused(g, "0 turn 2")
    assert e.reason == (
        "turning into 2 one(s) needs 3 sixes in the same throw; the last throw has 2"
    )
    assert e.message("de") == (
        "Sechsen drehen: Für 2 Einser braucht man 3 Sechsen im selben Wurf, der letzte Wurf hat 2"
    )
    play(g, "0 turn 1")
    e = refused(g, "0 stop")
    assert e.message("de") == "Nach dem Sechsen drehen muss noch einmal geworfen werden"
    assert rule_label(e.rule or "", "de") == "Regeln: Ein Zug, 3. Sechsen drehen"
    e = refused(g, "0 turn 1")
    assert e.message("de") == "In diesem Wurf wurden schon Sechsen gedreht"


def test_leftover_six_after_turning_in_german() -> None:
    g = table_game("mosel", simultaneous_first_throw=False)
    play(g, "0 throw 6-6-6", "0 lift", "0 turn 2")
    e = refused(g, "0 aside 6")
    assert e.key == "set_aside.missing_locked"
    assert e.message("de") == (
        "6 herauslegen geht nicht: Das gibt der letzte Wurf nicht her (noch frei: nichts; "
        "nach dem Sechsen drehen muss die übrige 6 zurück in den Becher)"
    )


def test_waiting_for_a_player_in_german() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift")
    e = refused(g, "1 stop")
    assert e.message("de") == "Stehen lassen geht nicht: Anna ist am Zug (Platz 0), nicht Platz 1"
    e = refused(g, "0 blind")
    assert e.key == "blind.off"
    assert e.message("de") == "Bei porz wird nicht blind gespielt"
    assert e.field == "blind"


def test_the_cup_must_be_lifted_first_in_german() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5")
    e = refused(g, "0 aside 5")
    assert e.reason == "cannot set dice aside: the cup has not been lifted yet (lift first)"
    assert e.message("de") == (
        "Würfel herauslegen geht nicht: Der Becher ist noch nicht gehoben (erst heben)"
    )
    assert rule_label(e.rule or "", "de") == "Regeln: Wer was sehen darf"


def test_take_back_in_german() -> None:
    g = table_game("mosel", simultaneous_first_throw=False)
    play(g, "0 throw 2-3-5", "0 lift", "0 aside 5")
    e = refused(g, "0 back 3")
    assert e.reason == "cannot take back [3]: on the table are [5]"
    assert e.message("de") == (
        "3 zurücknehmen geht nicht: Das liegt nicht auf dem Tisch (herausgelegt: 5)"
    )
