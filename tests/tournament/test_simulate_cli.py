"""A simulated tournament of 60 players per preset format, end to end through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schock.cli import main
from schock.store import open_database
from schock.tournament import archive, storage
from schock.tournament.format import Scoring, load_format
from schock.tournament.standings import ledger, standings


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["turnier", *args, "--db", str(db)])


@pytest.mark.parametrize("fmt", ["irmgarteich", "porz", "mosel"])
def test_sixty_players_end_to_end(tmp_path: Path, fmt: str) -> None:
    db = tmp_path / "t.db"
    result = run(db, "simulieren", "--format", fmt, "--spieler", "60", "--seed", "5", "--speichern")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"Simulation: 60 Spieler, Format {fmt}, Bots heuristic"
    assert lines[-2].startswith("Insgesamt: ") and "Minuten" in lines[-2]
    assert lines[-1].startswith("Sieger: ")

    database = open_database(str(db))
    t = storage.load(database)
    snaps = storage.snapshots(database, t.id)
    database.close()
    f = load_format(fmt)
    assert t.finished
    assert [r for r, _, _ in snaps] == list(range(1, len(t.rounds) + 1))
    table = standings(t)
    assert len(table) == 60 and sorted(s.number for s in table) == list(range(1, 61))
    if f.scoring is Scoring.POINTS:
        assert len(t.rounds) == 2
        assert all(s.games == 2 * f.games_per_round for s in table)
        # every game gives each player his place's points: the total is the sum over games
        total = sum(sum(t.game_points(g).values()) for g in t.results())
        assert sum(s.points for s in table) == total
        drinks = sum(x.count for x in ledger(t))
        trink = sum(len(t.rounds[g.round - 1].trinkrunden) for g in t.results() if g.game == 1)
        assert drinks == sum(
            len(g.players) - 1 for g in t.results() if t.is_trinkrunde(g.round, g.game)
        )
        assert trink == 2 * 20 * f.trinkrunden  # 20 tables of 3, 5 Trinkrunden per half
    else:
        assert [s.status for s in table].count("in") == 1 and table[0].status == "in"
        assert len(t.derived.eliminated) == 59
        assert all(g.record is not None for g in t.results())
    if f.eliminated_buys_drinks:
        debts = {(x.buyer, x.receiver) for x in ledger(t)}
        for g in t.results():
            if t.derived.eliminated.get(g.loser) == (g.round, g.table, g.game):
                assert all((g.loser, m) in debts for m in g.players if m != g.loser)

    out = run(db, "tabelle", "--lang", "en")
    assert out.exit_code == 0 and "Rank" in out.output
    assert run(db, "getraenke").exit_code == 0
    assert (
        run(db, "drucken", "spielzettel", "-o", str(tmp_path / "z.pdf"), "--runde", "1").exit_code
        == 0
    )
    assert run(db, "export", "-o", str(tmp_path / "t.xlsx")).exit_code == 0
    assert run(db, "export", "-o", str(tmp_path / "t.json")).exit_code == 0
    text = (tmp_path / "t.json").read_text("utf-8")
    assert json.loads(text)["tournament"]["format"]["id"] == fmt
    assert archive.dumps(archive.loads(text)) == text


def test_simulation_without_saving_reports_the_evening(tmp_path: Path) -> None:
    result = run(
        tmp_path / "none.db",
        "simulate",
        "--format",
        "porz",
        "--players",
        "9",
        "--seconds-per-throw",
        "3",
        "--break",
        "0",
        "--lang",
        "en",
    )
    assert result.exit_code == 0, result.output
    assert "In all:" in result.output and "with 0 minutes of break" in result.output
    assert not (tmp_path / "none.db").exists()
    bad = run(tmp_path / "none.db", "simulate", "--bot", "genius")
    assert bad.exit_code == 2 and "unknown bot 'genius'" in bad.output
