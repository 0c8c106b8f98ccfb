"""Issue 26: ``schock analyse RECORD [--json] [--lang en] [--seat NAME]``."""

from __future__ import annotations

import json
from pathlib import Path

from analysis_helpers import porz_duel
from click.testing import CliRunner

from schock.cli import main
from schock.engine import Game
from schock.engine.record import dumps
from schock.examples import load_example
from schock.rules import load_rules


def _duel_text() -> str:
    return dumps(porz_duel())


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["analyse", *args])
    return result.exit_code, result.stdout, result.stderr


def test_account_german_and_english(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    path.write_text(_duel_text(), encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 0
    assert "Das Spiel ist nicht zu Ende" in out
    assert "Ben (Schock doof nach 1 Wurf) spielt: stehen lassen — Patzer" in out
    assert "besser: 1-1 liegen lassen, 1 Würfel werfen — 64\xa0% statt 17\xa0%" in out
    assert "Zusammenfassung je Spieler" in out
    code, out, _ = run(str(path), "--lang", "en", "--seat", "ben")
    assert code == 0
    assert "Ben (Schock doof after 1 throw) played: stop — blunder" in out
    assert "better: keep 1-1, throw 1 die — 64% instead of 17%" in out
    assert "Anna (" not in out
    code, out, _ = run(str(path), "--all", "--seat", "Anna")
    assert "Anna (Wurf unter dem Becher) spielt: Becher heben — ok" in out


def test_json(tmp_path: Path) -> None:
    path = tmp_path / "porz.json"
    path.write_text(dumps_example("porz"), encoding="utf-8")
    code, out, _ = run(str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["objective"] == "round" and data["finished"] is True
    # the command prints the library's JSON, as is
    from schock.analysis import analyse

    assert data == json.loads(json.dumps(analyse(load_example("porz")).to_json()))
    assert [p["name"] for p in data["players"]] == ["Dieter", "Elke", "Frank"]
    assert all(set(p["marks"]) == {"ok", "ungenau", "fehler", "patzer"} for p in data["players"])


def dumps_example(preset: str) -> str:
    from schock.engine.record import replay

    record = load_example(preset)
    return dumps(replay(record))


def test_bad_input(tmp_path: Path) -> None:
    duel = tmp_path / "duel.json"
    duel.write_text(_duel_text(), encoding="utf-8")
    code, _, err = run(str(duel), "--seat", "Cem")
    assert code == 2 and "kein Spieler 'Cem'; die Spieler sind: Anna, Ben" in err
    code, _, err = run(str(duel), "--seat", "Cem", "--lang", "en")
    assert code == 2 and "no player 'Cem'; the players are: Anna, Ben" in err
    data = json.loads(_duel_text())
    data["actions"].append("0 stop")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(str(broken))
    assert code == 2 and "lässt sich nicht nachspielen" in err and "actions[9]" in err
    data = json.loads(_duel_text())
    data["actions"] = []
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(str(empty), "--lang", "en")
    assert code == 2 and "nothing to analyse" in err
    trio = tmp_path / "trio.json"
    trio.write_text(dumps_example("porz"), encoding="utf-8")
    code, _, err = run(str(trio), "--objective", "half", "--lang", "en")
    assert code == 2 and "two-player games only, this game has 3 seats" in err
    code, _, err = run(str(tmp_path / "missing.json"))
    assert code == 2


def test_all_ok_and_nothing_to_rate(tmp_path: Path) -> None:
    from schock.bots import play_game
    from schock.bots.solver_bots import OptimalBot
    from schock.engine import SeededDice

    g = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=SeededDice(5))
    play_game(g, [OptimalBot("loss"), OptimalBot("loss")])
    path = tmp_path / "best.json"
    path.write_text(dumps(g), encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 0 and "Jede bewertete Entscheidung war ok" in out
    data = json.loads(_duel_text())
    data["actions"] = data["actions"][:2]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(str(short), "--seat", "Ben", "--lang", "en")
    assert code == 0 and "No decision of Ben to rate." in out


def test_unrated_decision_says_why() -> None:
    import dataclasses

    from schock.analysis import analyse, decision_text
    from schock.engine.record import loads

    d = analyse(loads(_duel_text())).decisions[-1]
    odd = dataclasses.replace(d, played=None, best=None, note="the solver failed")
    assert not odd.rated and odd.loss == 0.0
    assert decision_text(odd, "en") == ("Ben: ? — not rated (the solver failed)", None)
