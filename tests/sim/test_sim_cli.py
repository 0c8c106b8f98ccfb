"""`schock sim`: the statistics table, plots, per-game files, sweeps, the error edge."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schock.cli import main
from schock.sim import simulate


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["sim", *args])


def test_table_in_german_by_default_with_the_simulated_figures() -> None:
    result = run("--rules", "porz", "--rules", "mosel", "--games", "3000", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3.000 Spiele je Regelwerk, Seed 4" in out and "Verlustquote Platz 1" in out
    assert "porz" in out and "mosel" in out and "Durchmarsch" in out
    expected = simulate("mosel", ["heuristic"] * 3, games=3000, seed=4)
    rate = expected.losses_by_seat()[0] / 3000
    line = next(line for line in out.splitlines() if "Verlustquote Platz 1" in line)
    assert f"{100 * rate:.1f}\xa0%".replace(".", ",") in line
    assert "Runden/s" in result.stderr


def test_english_bots_per_seat_and_players() -> None:
    result = run("--bot", "bold", "--bot", "heuristic", "--games", "500", "--lang", "en", "--quiet")
    assert result.exit_code == 0, result.output
    assert "bots: bold, heuristic" in result.stdout and "loss rate seat 2" in result.stdout
    assert "loss rate seat 3" not in result.stdout
    result = run("--bot", "cautious", "--players", "5", "--games", "500", "--lang", "en", "--quiet")
    assert result.exit_code == 0, result.output
    assert "loss rate seat 5" in result.stdout


def test_plot_and_csv(tmp_path: Path) -> None:
    png, rows = tmp_path / "cmp.png", tmp_path / "games.csv"
    result = run(
        "--rules",
        "porz",
        "--rules",
        "irmgarteich",
        "--games",
        "400",
        "--quiet",
        "--plot",
        str(png),
        "--out",
        str(rows),
    )
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    with rows.open(encoding="utf-8") as f:
        table = list(csv.DictReader(line for line in f if not line.startswith("#")))
    assert len(table) == 800
    assert {r["rules"] for r in table} == {"porz", "irmgarteich"}
    assert all(r["loser"] in {"1", "2", "3"} for r in table)


def test_sweep_plots_every_value(tmp_path: Path) -> None:
    svg = tmp_path / "sweep.svg"
    result = run(
        "--sweep", "sixes_turning", "--games", "300", "--quiet", "--plot", str(svg), "--lang", "en"
    )
    assert result.exit_code == 0, result.output
    assert "porz: sixes_turning varied" in result.stdout
    assert "False" in result.stdout and "True" in result.stdout
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_sweep_skips_a_value_the_rules_forbid(tmp_path: Path) -> None:
    result = run(
        "--sweep",
        "final_starter",
        "--rules",
        "porz",
        "--games",
        "200",
        "--quiet",
        "--plot",
        str(tmp_path / "s.png"),
        "--lang",
        "en",
    )
    assert result.exit_code == 0, result.output
    assert "final_starter = random: skipped" in result.stdout


def test_parquet_without_pyarrow_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    result = run("--games", "10", "--quiet", "--out", str(tmp_path / "g.parquet"))
    assert result.exit_code == 2
    assert "braucht pyarrow (pip install pyarrow)" in result.stderr
    english = run("--games", "10", "--quiet", "--out", str(tmp_path / "g.parquet"), "--lang", "en")
    assert "needs pyarrow (pip install pyarrow)" in english.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "games must be a whole number from 1 on, got 0"),
        (["--games", "-3"], "games must be a whole number from 1 on, got -3"),
        (["--bot", "random"], "'random' cannot play in the batch path"),
        (["--bot", "genius", "--bot", "heuristic"], "unknown bot"),
        (["--bot", "heuristic", "--players", "1"], "--players must be 2 to 12, got 1"),
        (["--players", "13"], "--players must be 2 to 12, got 13"),
        (["--bot", "heuristic", "--bot", "bold", "--players", "3"], "one --bot per seat"),
        (["--rules", "nowhere"], "nowhere"),
        (["--sweep", "colour"], "cannot sweep rules field 'colour'"),
        (["--plot", "x.gif"], "unknown format '.gif'"),
        (["--out", "x.xlsx"], "unknown format '.xlsx'"),
        (
            ["--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", "0.5"],
            "cannot reach the Dask scheduler",
        ),
        (["--jobs", "0"], "jobs must be a whole number from 1 on"),
        (
            ["--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", "0"],
            "the cluster timeout must be a number of seconds above 0, got 0.0",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    args = [*args, "--lang", "en"]
    result = run("--games", "10", *args) if "--games" not in args else run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "games: 0; erlaubt: eine ganze Zahl ab 1"),
        (["--bot", "random"], "Bot 'random' kann im Batch-Pfad (schock sim) nicht spielen"),
        (["--bot", "genius", "--bot", "heuristic"], "unbekannter Bot; alle Bots:"),
        (["--players", "13"], "--players: 13; erlaubt: 2 bis 12"),
        (["--bot", "heuristic", "--bot", "bold", "--players", "3"], "je Platz ein --bot"),
        (["--sweep", "colour"], "Regelfeld 'colour' lässt sich nicht durchlaufen"),
        (["--plot", "x.gif"], "unbekanntes Format '.gif'"),
        (["--jobs", "0"], "jobs: 0; erlaubt: eine ganze Zahl ab 1"),
        (
            ["--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", "0"],
            "Wartezeit für den Cluster: 0.0; erlaubt: Sekunden über 0",
        ),
    ],
)
def test_bad_input_is_german_by_default(args: list[str], message: str) -> None:
    result = run("--games", "10", *args) if "--games" not in args else run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], lines


def test_without_the_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    result = run("--games", "10")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Fehler: schock sim braucht das Extra 'sim' (es fehlt: numba); "
        "installieren mit: pip install 'schock[sim]'"
    )
    english = run("--games", "10", "--lang", "en")
    assert english.stderr.strip() == (
        "Error: schock sim needs the optional extra 'sim' (missing: numba); "
        "install it with: pip install 'schock[sim]'"
    )


def test_the_core_imports_none_of_the_extra() -> None:
    import subprocess

    code = (
        "import sys, schock, schock.engine, schock.solver, schock.bots, schock.cli;"
        "bad = [m for m in ('numpy', 'numba', 'scipy', 'matplotlib', 'dask') if m in sys.modules];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_on_a_dask_cluster_the_same_table() -> None:
    distributed = pytest.importorskip("distributed")
    here = run("--games", "25000", "--seed", "8", "--quiet", "--lang", "en")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        there = run(
            "--games",
            "25000",
            "--seed",
            "8",
            "--quiet",
            "--lang",
            "en",
            "--cluster",
            cluster.scheduler_address,
        )
    assert there.exit_code == 0, there.output
    assert here.stdout == there.stdout


def test_a_bad_house_rules_file_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "porz"\nopening = "coin"\n', encoding="utf-8")
    result = run("--rules", str(house), "--games", "10", "--lang", "en")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "opening = 'coin': bad value" in lines[0], lines


@pytest.mark.parametrize(
    ("option", "name", "de", "en"),
    [
        ("--out", "nowhere/games.csv", "den Ordner gibt es nicht", "its folder does not exist"),
        ("--plot", "nowhere/fig.png", "den Ordner gibt es nicht", "its folder does not exist"),
    ],
)
def test_output_paths_are_checked_before_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, name: str, de: str, en: str
) -> None:
    """Issue 28 item 5: a path that cannot be written is refused before any game is
    played (the rows of a long run were lost after it)."""
    import schock.sim

    played: list[int] = []
    monkeypatch.setattr(schock.sim, "simulate", lambda *a, **k: played.append(1))
    for lang, text in (("de", de), ("en", en)):
        result = run("--games", "100", option, str(tmp_path / name), "--lang", lang)
        assert result.exit_code == 2 and text in result.stderr, result.output
    assert played == []


def test_the_speed_line_is_in_the_languages_number_format() -> None:
    """German groups thousands with '.', and the speed leaves out the kernel's compile."""
    de = run("--games", "3000")
    assert de.exit_code == 0, de.output
    line = next(x for x in de.stderr.splitlines() if "Runden/s" in x)
    assert line.startswith("3.000 Spiele, ") and "," not in line.split("(")[1].split()[0]
    en = run("--games", "3000", "--lang", "en")
    assert next(x for x in en.stderr.splitlines() if "rounds/s" in x).startswith("3,000 games, ")
