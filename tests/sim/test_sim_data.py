"""`schock sim --out --per`: rows that stand alone; sweeps of one or two fields;
differences of rule sets on common dice (issue 28, items 2 and 3)."""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner, Result

from schock import __version__, load_rules
from schock.cli import main
from schock.sim import simulate
from schock.sim.export import COLUMNS, OWN, Run, columns_of, rules_hash, sidecar, table

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["sim", "--quiet", *args])


def read(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """The comment lines and the rows of a CSV file ``schock sim`` wrote."""
    with path.open(encoding="utf-8") as f:
        lines = f.read().splitlines()
    comments = [x for x in lines if x.startswith("#")]
    rows = list(csv.DictReader(x for x in lines if not x.startswith("#")))
    return comments, rows


def test_rows_per_game_round_and_turn_agree_and_stand_alone(tmp_path: Path) -> None:
    paths = {per: tmp_path / f"{per}.csv" for per in ("game", "round", "turn")}
    for per, path in paths.items():
        result = run(
            "--rules", "mosel", "--bot", "bold", "--bot", "heuristic", "--bot", "cautious",
            "--games", "300", "--seed", "9", "--out", str(path), "--per", per, "--lang", "en",
        )
        assert result.exit_code == 0, result.output
        assert f"{per} rows: {path}" in result.stdout
    games = {per: read(p)[1] for per, p in paths.items()}
    mosel = load_rules("mosel")
    for per, rows in games.items():
        assert list(rows[0]) == columns_of(per)
        for row in rows:  # every row says what played it
            assert row["rules"] == "mosel" and row["rules_hash"] == rules_hash(mosel)
            assert row["bots"] == "bold,heuristic,cautious" and row["seed"] == "9"
            assert row["version"] == __version__
    # the rounds add up to their game: count and Deckel
    rounds: Counter[str] = Counter(r["game"] for r in games["round"])
    deckel: Counter[str] = Counter()
    for r in games["round"]:
        deckel[r["game"]] += int(r["deckel"])
    assert len(games["game"]) == 300
    for g in games["game"]:
        assert rounds[g["game"]] == int(g["rounds"]) > 0
        assert deckel[g["game"]] == int(g["deckel"])
        halves = [int(g[f"{h}_rounds"]) for h in ("half1", "half2", "final")]
        assert sum(h for h in halves if h > 0) == int(g["rounds"])
    # the turns add up to their round: one per player, the loser among them
    turns: dict[tuple[str, str, str], list[dict[str, str]]] = defaultdict(list)
    for t in games["turn"]:
        turns[(t["game"], t["half"], t["round"])].append(t)
    assert len(turns) == len(games["round"])
    for r in games["round"]:
        mine = turns[(r["game"], r["half"], r["round"])]
        assert len(mine) == int(r["players"])
        assert [t["seat"] for t in mine if t["lost"] == "1"] == [r["round_loser"]]
        assert all(int(t["throws"]) <= int(t["cap"]) for t in mine)
        if r["opening"] == "0":
            assert mine[0]["seat"] == r["round_starter"]
            assert mine[0]["throws"] == r["limit"]
    bots = {t["seat"]: t["bot"] for t in games["turn"]}
    assert bots == {"1": "bold", "2": "heuristic", "3": "cautious"}
    assert {t["kind"] for t in games["turn"]} <= {k for k in COLUMNS["win_kind"][1].split(": ")[1].split(", ")}


def test_the_header_comment_and_the_sidecar_describe_the_file(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    result = run("--rules", "porz", "--rules", "irmgarteich", "--games", "50", "--seed", "3",
                 "--out", str(path), "--per", "round")
    assert result.exit_code == 0, result.output
    comments, rows = read(path)
    assert comments[0].startswith(f"# schock sim {__version__}: one row per round; seed 3")
    assert any(c.startswith("# rules porz (") and '"deckel": 13' in c for c in comments)
    meta = json.loads(sidecar(path).read_text(encoding="utf-8"))
    assert meta["@context"] == "http://www.w3.org/ns/csvw" and meta["url"] == "r.csv"
    assert meta["dialect"] == {"commentPrefix": "#", "header": True}
    assert [c["name"] for c in meta["tableSchema"]["columns"]] == list(rows[0])
    assert all(c["dc:description"] for c in meta["tableSchema"]["columns"])
    sets = meta["schock"]["rule_sets"]
    assert [s["label"] for s in sets] == ["porz", "irmgarteich"]
    assert load_rules("irmgarteich").to_dict() == sets[1]["rules"]
    assert {r["rules_hash"] for r in rows} == {s["rules_hash"] for s in sets}
    # game g of both rule sets: the same first round's dice (common random numbers)
    assert meta["schock"]["games"] == 50 and meta["schock"]["per"] == "round"


def test_every_column_is_documented() -> None:
    page = (ROOT / "docs" / "sim.md").read_text(encoding="utf-8")
    for per in OWN:
        for name in columns_of(per):
            assert f"`{name}`" in page, name
    assert set(COLUMNS) == {n for per in OWN for n in columns_of(per)}


def test_a_sweep_writes_its_values_as_columns(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    result = run("--rules", "porz", "--sweep", "deckel=9,15", "--sweep", "sixes_turning",
                 "--games", "40", "--out", str(path), "--plot", str(tmp_path / "s.png"))
    assert result.exit_code == 0, result.output
    _comments, rows = read(path)
    cells = Counter((r["sweep_deckel"], r["sweep_sixes_turning"], r["rules"]) for r in rows)
    assert cells == {
        ("9", "False", "9 · False"): 40, ("9", "True", "9 · True"): 40,
        ("15", "False", "15 · False"): 40, ("15", "True", "15 · True"): 40,
    }
    assert len({r["rules_hash"] for r in rows}) == 4


def test_table_of_a_run_without_recorded_rounds_says_so() -> None:
    r = simulate("porz", ["heuristic"] * 2, games=5, seed=1)
    with pytest.raises(ValueError, match="kept no round rows"):
        table([Run("porz", load_rules("porz"), r)], "round")


def test_parquet_has_the_schema_and_the_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyarrow is not installed here: a stand-in records what schock hands it."""
    written: dict[str, Any] = {}

    class Writer:
        def __init__(self, path: Path, schema: Any) -> None:
            written["path"], written["schema"], written["tables"] = path, schema, []

        def __enter__(self) -> Writer:
            return self

        def __exit__(self, *exc: object) -> None:
            written["closed"] = True

        def write_table(self, t: Any) -> None:
            written["tables"].append(t)

    pa = ModuleType("pyarrow")
    pa.int64 = lambda: "int64"  # type: ignore[attr-defined]
    pa.string = lambda: "string"  # type: ignore[attr-defined]
    pa.field = lambda name, kind, metadata: (name, kind, metadata)  # type: ignore[attr-defined]
    pa.schema = lambda fields, metadata: SimpleNamespace(fields=fields, metadata=metadata)  # type: ignore[attr-defined]
    pa.table = lambda data, schema: (data, schema)  # type: ignore[attr-defined]
    pq = ModuleType("pyarrow.parquet")
    pq.ParquetWriter = Writer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyarrow", pa)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", pq)
    path = tmp_path / "t.parquet"
    result = run("--games", "30", "--out", str(path), "--per", "turn", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Parquet" in result.stdout and written["closed"]
    fields = written["schema"].fields
    assert [f[0] for f in fields] == columns_of("turn")
    assert dict((f[0], f[1]) for f in fields)["dice"] == "string"
    assert dict((f[0], f[1]) for f in fields)["throws"] == "int64"
    meta = json.loads(written["schema"].metadata["schock"])
    assert meta["per"] == "turn" and meta["rule_sets"][0]["label"] == "porz"
    rows = sum(len(t[0]["game"]) for t in written["tables"])
    assert rows > 30 * 3
    assert not sidecar(path).exists()


@pytest.mark.parametrize(
    ("args", "en", "de"),
    [
        (["--per", "hand"], "got 'hand'", "Zeilen je 'hand'; erlaubt: game, round, turn"),
        (["--per", "turn", "--games", "60000"], "at most 50000 games in all rule sets together, "
         "got 60000", "höchstens 50000 Spiele aller Regelwerke zusammen, nicht 60000"),
        (["--per", "round", "--games", "100000", "--sweep", "deckel=9,13,17"],
         "at most 200000 games in all rule sets together, got 300000",
         "höchstens 200000 Spiele aller Regelwerke zusammen, nicht 300000"),
        (["--sweep", "deckel="], "write FIELD or FIELD=V1,V2", "erlaubt ist FELD oder FELD=W1,W2"),
        (["--sweep", "deckel=,"], "write FIELD or FIELD=V1,V2", "erlaubt ist FELD oder FELD=W1,W2"),
        (["--sweep", "deckel=9,x"], "--sweep deckel=x: allowed: a whole number",
         "--sweep deckel=x: erlaubt: eine ganze Zahl"),
        (["--sweep", "deckel=9,9"], "a value named twice", "ein Wert doppelt genannt"),
        (["--sweep", "deckel=0,9"], "--sweep deckel=0:", "--sweep deckel=0:"),
        (["--sweep", "blind=maybe"], "allowed: true, false", "erlaubt: true, false"),
        (["--sweep", "opening=sometimes"], "--sweep opening=sometimes", "--sweep opening=sometimes"),
        (["--sweep", "deckel", "--sweep", "deckel=5"], "the same field twice", "dasselbe Feld zweimal"),
        (["--sweep", "deckel", "--sweep", "opening", "--sweep", "max_throws"],
         "at most two --sweep fields, got 3", "höchstens zwei --sweep-Felder, nicht 3"),
        (["--sweep", "blind"],
         "no value of it changes the games of these bots (heuristic, heuristic, heuristic): "
         "only the first player may declare blind",
         "kein Wert ändert die Spiele dieser Bots (heuristic, heuristic, heuristic): "
         "blind ansagen darf nur der Erste"),
        (["--sweep", "strafdeckel", "--sweep", "deckel=9,13"], "--sweep strafdeckel: no value",
         "--sweep strafdeckel: kein Wert"),
        (["--sweep", "einkaufen"], "never buy into a round", "kaufen sich nie ein"),
    ],
)
def test_bad_data_and_sweep_input_exit_2_and_write_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], en: str, de: str
) -> None:
    _refused(tmp_path, monkeypatch, args, en, de, ["--out", str(tmp_path / "rows.csv")])


def test_rows_per_round_need_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _refused(tmp_path, monkeypatch, ["--per", "round"], "give --out FILE too",
             "--out DATEI dazu angeben", [])


def _refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], en: str, de: str,
    out: list[str],
) -> None:
    """Exit 2 with one line in either language; nothing played, nothing written."""
    import schock.sim

    played: list[int] = []
    monkeypatch.setattr(schock.sim, "simulate", lambda *a, **k: played.append(1))
    for lang, text in (("en", en), ("de", de)):
        base = [*out, "--plot", str(tmp_path / "p.png"), "--lang", lang]
        result = run(*(["--games", "10"] if "--games" not in args else []), *args, *base)
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and text in lines[0], lines
    assert played == [] and list(tmp_path.iterdir()) == []


def test_several_rule_sets_are_all_swept(tmp_path: Path) -> None:
    """--rules A --rules B --sweep F sweeps both (issue 28: B was dropped silently)."""
    result = run("--rules", "porz", "--rules", "mosel", "--sweep", "deckel=9,13", "--games", "200",
                 "--plot", str(tmp_path / "p.png"), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "porz, mosel: deckel varied" in result.stdout
    for label in ("porz · 9", "porz · 13", "mosel · 9", "mosel · 13"):
        assert label in result.stdout
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    assert "differences with intervals for up to 5 columns" not in result.stdout
    assert "difference to porz · 9" in result.stdout


def test_values_that_play_alike_are_named_and_a_wide_sweep_has_no_difference_table(
    tmp_path: Path,
) -> None:
    result = run("--sweep", "opening", "--sweep", "deckel=9,13", "--games", "100",
                 "--plot", str(tmp_path / "p.svg"), "--lang", "en", "--out", str(tmp_path / "g.csv"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "opening = opening_round_youngest plays the same games as opening = opening_round" in out
    _comments, rows = read(tmp_path / "g.csv")
    labels = list(dict.fromkeys(r["rules"] for r in rows))
    assert labels[0] == "one_die_high · 9" and labels[-1] == "opening_round_youngest · 13"
    assert len(labels) == 8
    alike = [r for r in rows if r["sweep_deckel"] == "9" and r["sweep_opening"].startswith("opening_")]
    by_value = defaultdict(list)
    for r in alike:
        by_value[r["sweep_opening"]].append((r["loser"], r["rounds"], r["deckel"]))
    assert by_value["opening_round"] == by_value["opening_round_youngest"]  # the very same games
    assert "differences with intervals for up to 5 columns" in out
    assert (tmp_path / "p.svg").is_file()


def test_difference_table_in_german_with_the_common_dice_factor() -> None:
    result = run("--rules", "porz", "--rules", "irmgarteich", "--games", "3000", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Unterschied zu porz (dieselben Würfel je Spiel, gepaart)" in out
    line = next(x for x in out.splitlines() if x.strip().startswith("Deckel je Runde") and "÷" in x)
    assert "," in line and "Pp" not in line
    rate = next(x for x in out.splitlines() if "Verlustquote Platz 1" in x and "÷" in x)
    assert "Pp" in rate


def test_structure_change_says_the_dice_help_little(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "porz"\nid = "porz-halves"\nstructure = "halves_and_final"\n'
                     'deckel = 5\n', encoding="utf-8")
    result = run("--rules", "porz", "--rules", str(house), "--games", "3000", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "porz-halves: the common dice help little here (variance ÷" in result.stdout


def test_one_game_has_no_interval() -> None:
    result = run("--rules", "porz", "--rules", "mosel", "--games", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = [x for x in result.stdout.splitlines() if x.strip().startswith("Deckel per round")]
    assert len(lines) == 2 and lines[0].count("(–)") == 2  # the figures: no spread
    assert lines[1].rstrip().endswith("–")  # the difference: no interval
