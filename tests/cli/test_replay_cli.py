"""`schock replay`, the shipped example records, and the round-by-round account (narrate)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner, Result

from schock import load_rules
from schock.engine import Game, ScriptedDice, Seat, parse_action
from schock.engine.record import dumps, loads, replay
from schock.examples import EXAMPLES, example_text, load_example
from schock.narrate import account, render_text
from schock.rules import PRESETS

# --------------------------------------------------------------------------- helpers


def run(*args: str) -> Result:
    from schock.cli import main

    return CliRunner().invoke(main, list(args))


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def assert_bad_input(result: Result, *parts: str) -> None:
    """Exit 2, one line on stderr naming the problem, no traceback, nothing on stdout."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(("Fehler: ", "Error: "))  # German unless --lang en
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for part in parts:
        assert part in result.stderr, (part, result.stderr)


def act(game: Game, *actions: str) -> None:
    """Apply actions written as in a game record, ``"0 aside 1"``."""
    for text in actions:
        game.apply(*parse_action(text))


def example_json(preset: str) -> dict[str, object]:
    return json.loads(example_text(preset))  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- the examples


def test_every_preset_has_an_example() -> None:
    assert tuple(EXAMPLES) == PRESETS


@pytest.mark.parametrize("preset", PRESETS)
def test_example_is_a_complete_game_of_its_preset(preset: str) -> None:
    record = load_example(preset)
    game = replay(record)
    assert game.over and game.loser is not None
    assert record.rules == load_rules(preset)
    assert len(record.seats) == 3
    assert record.result == {"loser": game.loser, "durchmarsch": game.durchmarsch}
    # written by dumps: the file is exactly what dumps gives for the replayed game
    assert dumps(game) == example_text(preset)


def test_example_accepts_an_alias() -> None:
    assert load_example("Porzer") == load_example("porz")


@pytest.mark.parametrize("preset", PRESETS)
def test_replay_example_tells_who_lost(preset: str) -> None:
    game = replay(load_example(preset))
    assert game.loser is not None
    result = run("replay", "--example", preset)
    assert result.exit_code == 0, result.output
    loser = game.seats[game.loser].name
    assert f"{loser} hat das Spiel verloren." in result.stdout or (
        game.durchmarsch and f"{loser} hat beide Hälften" in result.stdout
    )
    assert "verloren" in result.stdout
    assert result.stdout.startswith("Schocken nach den Regeln")


@pytest.mark.parametrize("preset", PRESETS)
def test_replay_json_has_the_loser_and_the_final_state(preset: str) -> None:
    game = replay(load_example(preset))
    result = run("replay", "--example", preset, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["loser"] == game.loser
    assert data["rules"]["id"] == preset
    assert data["record"]["rules"] == {"preset": preset, "overrides": {}}
    assert data["over"] is True
    assert data["half_losers"] == game.half_losers
    assert data["deckel"] == list(game.deckel) and data["stock"] == game.stock
    assert data["seats"] == [s.name for s in game.seats]
    # the running score the account keeps agrees with the game at the end
    last = data["halves"][-1]
    assert last["deckel"] == data["deckel"] and last["stock_end"] == data["stock"]
    assert last["loser"] == data["half_losers"][-1]


def test_json_and_text_tell_the_same_game() -> None:
    data = json.loads(run("replay", "--example", "porz", "--json").stdout)
    del data["record"]
    assert render_text(data) == run("replay", "--example", "porz").stdout


def test_replay_in_english() -> None:
    game = replay(load_example("mosel"))
    assert game.loser is not None
    result = run("replay", "--example", "mosel", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Schocken under the rules")
    assert "Showdown:" in result.stdout and "Aufdecken" not in result.stdout
    assert game.seats[game.loser].name in result.stdout.splitlines()[-1]
    assert "lost" in result.stdout.splitlines()[-1]


def test_replay_file_is_the_same_as_the_example(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", example_text("irmgarteich"))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == run("replay", "--example", "irmgarteich").stdout


def test_examples_are_reproducible(load_script: Callable[[str], ModuleType]) -> None:
    """scripts/make_examples.py writes exactly the shipped files."""
    module = load_script("make_examples")
    for preset in PRESETS:
        _, text = module.example(preset)
        assert text == example_text(preset), preset


# --------------------------------------------------------------------------- bad input


def test_neither_file_nor_example_is_a_usage_error() -> None:
    result = run("replay")
    assert result.exit_code == 2
    assert "genau eins an: DATEI oder --example PRESET" in result.stderr


def test_both_file_and_example_is_a_usage_error(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", example_text("porz"))
    result = run("replay", str(path), "--example", "porz")
    assert result.exit_code == 2
    assert "genau eins an: DATEI oder --example PRESET" in result.stderr


def test_unknown_example() -> None:
    assert_bad_input(run("replay", "--example", "skat"), "--example", "'skat'", "porz")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    assert_bad_input(run("replay", str(path), "--lang", "en"), "nowhere.json", "no such file")


def test_directory_instead_of_a_file(tmp_path: Path) -> None:
    assert_bad_input(run("replay", str(tmp_path), "--lang", "en"), str(tmp_path), "cannot read")


def test_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe{")
    assert_bad_input(run("replay", str(path), "--lang", "en"), "game.json", "not UTF-8")


def test_malformed_json(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.json", '{"format": "schock-record",\n  "version": 1,,\n}')
    assert_bad_input(run("replay", str(path)), "broken.json", "kein gültiges JSON", "Zeile 2")
    assert_bad_input(run("replay", str(path), "--lang", "en"), "not valid JSON", "line 2")


@pytest.mark.parametrize(
    ("content", "de", "en"),
    [
        ('{"format": "schock-record"}', "version: dieses schock liest Version 1, nicht None",
         "version: this schock reads version 1, got None"),
        ("[1]", "Ein Spielprotokoll ist ein JSON-Objekt", "a record is a JSON object"),
        ('{"format": "x"}', "format: erwartet 'schock-record', nicht 'x'",
         "format: expected 'schock-record', got 'x'"),
        ('{"format": "schock-record", "version": 1, "rules": {"preset": "porz", "overrides": {}},'
         ' "seats": [{"name": "A"}, {"name": "B"}], "dice": {"source": "seeded", "seed": 1},'
         ' "actions": ["0 fly"]}', "actions[0]: unbekannte Aktion 'fly' (erlaubt: throw",
         "actions[0]: unknown action 'fly' (allowed: throw"),
    ],
)
def test_a_bad_record_is_told_in_the_commands_language(
    tmp_path: Path, content: str, de: str, en: str
) -> None:
    """Issue 27 item 6: no English inside a German refusal of a record file (and back)."""
    path = write(tmp_path / "bad.json", content)
    assert_bad_input(run("replay", str(path)), "kein Spielprotokoll", de)
    assert_bad_input(run("replay", str(path), "--lang", "en"), "not a game record", en)


def test_wrong_version(tmp_path: Path) -> None:
    data = example_json("porz")
    data["version"] = 99
    path = write(tmp_path / "v99.json", json.dumps(data))
    assert_bad_input(run("replay", str(path)), "v99.json", "version", "99")


def test_bad_action_string(tmp_path: Path) -> None:
    data = example_json("porz")
    actions = data["actions"]
    assert isinstance(actions, list)
    actions[3] = "1 jump"
    path = write(tmp_path / "bad.json", json.dumps(data))
    assert_bad_input(run("replay", str(path)), "bad.json", "actions[3]", "unbekannte Aktion 'jump'")


def _first(actions: list[str], pattern: str) -> int:
    return next(i for i, a in enumerate(actions) if re.fullmatch(pattern, a))


def test_action_the_rules_forbid(tmp_path: Path) -> None:
    """Under porz only 1s may be set aside: a well-formed '<seat> aside 5' is illegal."""
    data = example_json("porz")
    actions = data["actions"]
    assert isinstance(actions, list)
    i = _first(actions, r"\d aside 1")
    seat = actions[i].split()[0]
    actions[i] = f"{seat} aside 5"
    path = write(tmp_path / "illegal.json", json.dumps(data))
    assert_bad_input(
        run("replay", str(path)), "illegal.json", f"actions[{i}]", f"'{seat} aside 5'", "only 1s"
    )


def test_action_out_of_turn(tmp_path: Path) -> None:
    data = example_json("mosel")
    actions = data["actions"]
    assert isinstance(actions, list)
    i = _first(actions, r"\d lift")
    seat = int(actions[i].split()[0])
    actions[i] = f"{(seat + 1) % 3} lift"
    path = write(tmp_path / "turn.json", json.dumps(data))
    assert_bad_input(run("replay", str(path)), f"actions[{i}]")


def test_wrong_result(tmp_path: Path) -> None:
    data = example_json("niederrhein")
    result = data["result"]
    assert isinstance(result, dict)
    result["loser"] = (result["loser"] + 1) % 3
    path = write(tmp_path / "result.json", json.dumps(data))
    assert_bad_input(run("replay", str(path)), "result.loser")


# --------------------------------------------------------------------------- narrate


def scripted_porz() -> Game:
    """Three rounds of porz, every step given: Schock 3, Sechsen gedreht, Einsen
    zurückgenommen, "zu", Mit ist Shit, a void throw, a Strafdeckel, Schock Aus."""
    dice = [
        1, 4, 6, 1, 3,      # R1 Anna: 1-4-6, keeps the 1, then 1-3
        6, 6, 2, 6, 2,      # R1 Ben: 6-6-2, turns 6-6 into a 1, then 6-2
        1, 5, 5, 2, 3, 4,   # R1 Cem: 1-5-5, keeps and takes back the 1, then 2-3-4
        3, 3, 5,            # R2 Ben: 3-3-5, stands "zu"
        5, 3, 3,            # R2 Cem: 3-3-5 as well: Mit ist Shit
        2, 2, 2,            # R2 Anna: General 2
        4, 4, 1,            # R3 Cem: void (Türmchen)
        1, 1, 1,            # R3 Cem: Schock Aus
        2, 3, 5,            # R3 Anna
        2, 4, 6,            # R3 Ben
    ]  # fmt: skip
    g = Game(load_rules("porz"), seats=["Anna", "Ben", "Cem"], starter=0, dice=ScriptedDice(dice))
    act(g, "0 throw", "0 lift", "0 aside 1", "0 throw", "0 stop")
    act(g, "1 throw", "1 turn 1", "1 throw", "1 stop")
    act(g, "2 throw", "2 aside 1", "2 back 1", "2 throw", "2 stop")
    act(g, "1 throw", "1 stop", "2 throw", "2 stop", "0 throw", "0 stop")
    act(g, "2 throw", "2 void", "2 throw", "2 lift", "0 strafdeckel 1", "2 stop")
    act(g, "0 throw", "0 stop", "1 throw", "1 stop")
    assert g.over
    return g


def test_account_of_a_scripted_game() -> None:
    g = scripted_porz()
    data = account(g)
    assert data["loser"] == 0 and data["deckel"] == [13, 0, 0] and data["stock"] == 0
    rounds = data["halves"][0]["rounds"]
    assert [r["starter"] for r in rounds] == [0, 1, 2]
    r1 = rounds[0]
    assert r1["limit"] == 2
    assert [(row["seat"], row["label"]) for row in r1["showdown"]] == [
        (0, "Schock 3"),
        (2, "Straße 2-3-4"),
        (1, "621"),
    ]
    assert r1["deckel"] == {"winner": 0, "result": "Schock 3", "loser": 1, "giver": None,
                            "count": 3, "owed": 3, "all": False}  # fmt: skip
    assert r1["after"] == {"stock": 10, "deckel": [0, 3, 0]}
    ben = r1["turns"][1]
    assert [s["type"] for s in ben["steps"]] == ["throw", "turn", "throw"]
    assert ben["stop"] == {"throws": 2, "result": "1-2-6", "covered": True}
    r2 = rounds[1]
    assert r2["showdown"][2]["tie"] == "mit_ist_shit"
    r3 = rounds[2]
    assert r3["turns"][0]["steps"][0]["void"] is True
    assert r3["strafdeckel"] == [{"seat": 0, "giver": None, "count": 1}]
    assert r3["deckel"]["all"] is True and r3["half_lost"] == 0
    # where Anna's twelve new Deckel came from (she held one Strafdeckel already)
    assert r3["deckel"]["sources"] == [{"giver": None, "count": 6}, {"giver": 1, "count": 3},
                                       {"giver": 2, "count": 3}]
    json.dumps(data)  # JSON-ready


def test_german_account_of_a_scripted_game() -> None:
    lines = render_text(account(scripted_porz())).splitlines()
    expected = [
        "Schocken nach den Regeln „1. Porzer Schockmeisterschaft“ (porz)",
        "Am Tisch: Anna, Ben, Cem",
        "Hälfte (wer sie verliert, verliert das Spiel): Anna, Ben, Cem; 13 Deckel im Stock",
        "  Runde 1 · beginnt: Anna · höchstens 2 Würfe",
        "    Anna:  Wurf 1: 1-4-6, hebt den Becher, legt 1 raus; Wurf 2: 1-3;"
        " steht nach 2 Würfen mit 1-1-3",
        "    Ben:   Wurf 1: 2-6-6, dreht 6-6 zu einer 1; Wurf 2: 2-6; steht nach 2 Würfen mit 1-2-6",
        "    Cem:   Wurf 1: 1-5-5, legt 1 raus, nimmt 1 zurück in den Becher; Wurf 2: 2-3-4;"
        " steht nach 2 Würfen mit 2-3-4",
        "      1. Anna  Schock 3      (1-1-3, 2 Würfe)",
        "      2. Cem   Straße 2-3-4  (2-3-4, 2 Würfe, auf die Hand)",
        "      3. Ben   621           (1-2-6, 2 Würfe)",
        "    Ben bekommt 3 Deckel aus dem Stock (Anna: Schock 3)",
        "    Stand: Stock 10; Anna 0, Ben 3, Cem 0",
        "  Runde 2 · beginnt: Ben · höchstens 1 Wurf",
        "    Ben:   Wurf 1: 3-3-5; steht nach 1 Wurf mit 3-3-5 (zu, ungesehen)",
        "      1. Anna  General 2  (2-2-2, 1 Wurf, auf die Hand)",
        "      2. Ben   533        (3-3-5, 1 Wurf)",
        "      3. Cem   533        (3-3-5, 1 Wurf, Mit ist Shit)",
        "    Cem bekommt 3 Deckel aus dem Stock (Anna: General 2)",
        "    Cem:   Wurf 1: 1-4-4 – ungültig (Türmchen/Kippe), neu geworfen; Wurf 1: 1-1-1,"
        " hebt den Becher; steht nach 1 Wurf mit 1-1-1",
        "    Strafdeckel für Anna (vom Tisch gefallen): 1 Deckel aus dem Stock",
        "    Schock Aus von Cem: Anna bekommt 6 Deckel aus dem Stock, 3 von Ben und 3 von Cem"
            " – alle 13 Deckel der Hälfte",
        "    Stand: Stock 0; Anna 13, Ben 0, Cem 0",
        "    Anna hat alle 13 Deckel: die Hälfte und damit das Spiel verloren",
        "Anna hat das Spiel verloren.",
    ]
    for line in expected:
        assert line in lines, line
    order = [lines.index(line) for line in expected]
    assert order == sorted(order)


def test_english_account_of_a_scripted_game() -> None:
    text = render_text(account(scripted_porz()), "en")
    assert (
        "    Ben:   throw 1: 2-6-6, turns 6-6 into a 1; throw 2: 2-6; stops after 2 throws"
        " with 1-2-6" in text
    )
    assert "    Ben receives 3 Deckel from the Stock (Anna: Schock 3)" in text
    assert "Anna has lost the game." in text


def test_render_text_knows_its_languages() -> None:
    with pytest.raises(ValueError, match="lang must be one of de, en"):
        render_text(account(scripted_porz()), "fr")


def test_roll_off_for_the_opening_with_a_void_die_and_a_tie() -> None:
    """ferschweiler: one die each, highest begins; the tied throw again."""
    g = Game(
        load_rules("ferschweiler"),
        seats=["Anna", "Ben", "Cem"],
        dice=ScriptedDice([5, 6, 2, 5, 2, 6]),
    )
    act(g, "0 throw", "1 throw", "1 void", "1 throw", "2 throw", "0 throw", "2 throw")
    assert g.round_starter == 2
    data = account(g)
    roll_off = data["halves"][0]["rounds"][0]["roll_offs"][0]
    assert roll_off["rolls"] == [
        [{"seat": 0, "die": 5, "void": False}, {"seat": 1, "die": 6, "void": True},
         {"seat": 1, "die": 2, "void": False}, {"seat": 2, "die": 5, "void": False}],
        [{"seat": 0, "die": 2, "void": False}, {"seat": 2, "die": 6, "void": False}],
    ]  # fmt: skip
    lines = render_text(data).splitlines()
    assert lines[4:6] == [
        "  Auswürfeln, wer beginnt (höchste Zahl beginnt): Anna 5, Ben 6 (ungültig), Ben 2,"
        " Cem 5; nochmal: Anna 2, Cem 6 → Cem beginnt",
        "  Runde 1 · beginnt: Cem",
    ]
    assert lines[-1] == "Stand am Ende: Stock 13; Anna 0, Ben 0, Cem 0"
    assert "Das Spiel ist noch nicht zu Ende: noch kein Verlierer." in lines


def test_composed_strasse_is_an_einfacher_wurf() -> None:
    g = Game(
        load_rules("porz"),
        seats=["Anna", "Ben"],
        starter=0,
        dice=ScriptedDice([1, 4, 6, 2, 3, 3, 3, 4]),
    )
    act(g, "0 throw", "0 lift", "0 aside 1", "0 throw", "0 stop", "1 throw", "1 stop")
    text = render_text(account(g))
    assert "      1. Ben   433  (3-3-4, 1 Wurf)\n" in text
    assert "      2. Anna  321  (1-2-3, 2 Würfe, nicht auf die Hand)\n" in text
    assert "(1-2-3, 2 throws, not auf die Hand)" in render_text(account(g), "en")


def test_opening_round_tie_decided_by_age_or_by_dice() -> None:
    seats = [Seat("Anna", 40), Seat("Ben", 20), Seat("Cem", 30)]
    dice = [4, 5, 6, 2, 4, 1, 4, 2, 1]  # Anna Straße, Ben and Cem both 421
    g = Game(load_rules("porz"), seats=seats, dice=ScriptedDice(dice))
    for _ in range(3):
        g.throw()
    text = render_text(account(g))
    assert "Gleichstand beim schlechtesten Wurf: Ben ist am jüngsten und verliert" in text
    assert "Ben bekommt 2 Deckel aus dem Stock (Anna: Straße 4-5-6)" in text

    g = Game(
        load_rules("niederrhein"), seats=["Anna", "Ben", "Cem"], dice=ScriptedDice([*dice, 2, 4])
    )
    for _ in range(5):
        g.throw()
    data = account(g)
    roll_off = data["halves"][0]["rounds"][0]["roll_offs"][0]
    assert roll_off["purpose"] == "opening_tie" and roll_off["decided"] == 1
    text = render_text(data)
    assert (
        "Gleichstand beim schlechtesten Wurf, Stechen (niedrigste Zahl verliert):"
        " Ben 2, Cem 4 → Ben verliert" in text
    )
    assert "Runde 1 · Eröffnungsrunde: jeder wirft einmal" in text
    assert "    Ben:   1-2-4\n" in text


def test_blind_round_doubles_the_deckel() -> None:
    # irmgarteich loads: everybody's first throw, then Anna says blind.
    g = Game(
        load_rules("irmgarteich"),
        seats=["Anna", "Ben", "Cem"],
        starter=0,
        dice=ScriptedDice([2, 3, 5, 4, 5, 6, 1, 1, 3]),
    )
    act(g, "0 throw", "1 throw", "2 throw", "0 blind", "1 stop", "2 stop")
    text = render_text(account(g))
    assert "  Runde 1 · beginnt: Anna · blind: ein Wurf für alle, Deckel doppelt" in text
    assert "    Anna:  Wurf 1: 2-3-5 (geladen), sagt blind an; steht nach 1 Wurf mit 2-3-5" in text
    assert "    Anna bekommt 6 Deckel aus dem Stock (Cem: Schock 3; blind: doppelt)" in text
    en = render_text(account(g), "en")
    assert "(Cem: Schock 3; blind: doubled)" in en


def test_einkaufen_and_a_half_lost_by_strafdeckel_before_the_round() -> None:
    """porz with 3 Deckel and Strafdeckel from the right: Anna loses while Cem decides."""
    rules = load_rules("porz").replace(deckel=3, strafdeckel="stock_then_right")
    dice = [
        1, 2, 4, 3, 5, 6, 2, 4, 5,   # R1: Anna 421 loses 1
        1, 2, 4, 3, 5, 6, 2, 4, 5,   # R2: Anna 421 loses 1
        3, 5, 6, 1, 2, 4, 2, 4, 5,   # R3: Ben 421 loses the last one from the Stock
    ]  # fmt: skip
    g = Game(rules, seats=["Anna", "Ben", "Cem"], starter=0, dice=ScriptedDice(dice))
    for _ in range(3):  # Anna starts each round: she loses the first two
        act(g, "0 throw", "0 lift", "0 stop", "1 throw", "1 stop", "2 throw", "2 stop")
    assert g.stock == 0 and g.deckel == (2, 1, 0)
    act(g, "0 strafdeckel 1")  # while Cem decides on Einkaufen
    assert g.over and g.loser == 0
    data = account(g)
    last = data["halves"][0]["rounds"][-1]
    assert last["number"] == 4 and last["strafdeckel"] == [{"seat": 0, "giver": 1, "count": 1}]
    text = render_text(data)
    assert "    Cem hat keine Deckel und ist raus" in text
    assert "  Runde 4\n    Strafdeckel für Anna (vom Tisch gefallen): 1 Deckel von Ben" in text
    assert "    Anna hat alle 3 Deckel: die Hälfte und damit das Spiel verloren" in text


def test_record_that_ends_in_a_roll_off() -> None:
    """The dice of a roll-off not yet decided are kept, in the round it opens."""
    record = load_example("mosel")
    assert record.actions[0] == "0 throw"  # the first die of the opening roll-off
    data = account(replay(record, upto=1))
    (first,) = data["halves"][0]["rounds"]
    assert first["number"] == 1 and first["starter"] is None and first["turns"] == []
    assert first["roll_offs"][0]["rolls"][0][0]["seat"] == 0
    assert first["roll_offs"][0]["decided"] is None
    text = render_text(data)
    assert "  Auswürfeln, wer beginnt (niedrigste Zahl beginnt): Gabi " in text
    assert "→" not in text


def test_durchmarsch() -> None:
    """niederrhein with one Deckel a half: whoever loses a round loses the half."""
    rules = load_rules("niederrhein").replace(deckel=1)
    dice = [1, 2, 4, 3, 5, 6, 2, 4, 5] * 2
    g = Game(rules, seats=["Anna", "Ben", "Cem"], starter=0, dice=ScriptedDice(dice))
    for _ in range(2):
        act(g, "0 throw", "0 lift", "0 stop", "1 throw", "1 stop", "2 throw", "2 stop")
    assert g.over and g.durchmarsch
    data = account(g)
    assert data["durchmarsch"] is True and data["half_losers"] == [0, 0]
    lines = render_text(data).splitlines()
    assert lines[-2:] == [
        "Verlierer der Hälften: Anna, Anna",
        "Durchmarsch! Anna hat beide Hälften und damit das Spiel verloren, ohne Finale.",
    ]
    assert "    Anna hat alle 1 Deckel: die 2. Hälfte verloren" in lines


def test_account_of_a_game_not_over() -> None:
    record = load_example("niederrhein")
    game = replay(record, upto=20)
    data = account(game)
    assert data["over"] is False and data["loser"] is None
    text = render_text(data, "en")
    assert "The game is not over yet" in text
    assert "Score at the end: Stock" in text


def test_record_round_trip_keeps_the_account() -> None:
    g = scripted_porz()
    assert account(replay(loads(dumps(g)))) == account(g)
