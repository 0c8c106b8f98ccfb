"""The rows ``schock sim --out`` writes: per game, per round or per turn.

Every row stands alone: besides its own columns it names the rule set (its
label, and a hash of the fields that play), the bots, the seed, the version
of schock and the game it belongs to; a sweep adds a column per swept
field (``sweep_FIELD``). A CSV file starts with ``#`` comment lines that say the same for the
whole file and has a sidecar ``FILE.csv-metadata.json`` in the W3C "CSV on
the Web" form (the columns with their types and meaning, the full rules of
every rule set); a Parquet file (with pyarrow installed) carries the same
schema and metadata itself. The columns are :data:`COLUMNS`, documented in
docs/sim.md ("The rows").

>>> from schock import load_rules
>>> from schock.sim import simulate
>>> r = simulate(load_rules("porz"), ["heuristic"] * 3, games=20, seed=1, record="round")
>>> t = table([Run("porz", load_rules("porz"), r)], "round")
>>> list(t)[:7]
['rules', 'rules_hash', 'bots', 'seed', 'version', 'game', 'half']
>>> len(t["game"]) == r.rounds
True
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from schock import __version__
from schock.rules import Rules
from schock.sim import kernel
from schock.sim.tables import KINDS, RESULTS3, eval_tables

if TYPE_CHECKING:
    from schock.sim.core import SimResult

#: The levels of rows ``--per`` may ask for.
LEVELS = ("game", "round", "turn")
#: Games at most (all rule sets of a run together) for rows per round and per turn:
#: every round and turn is kept in memory until it is written (at the cap some
#: 0.7 GB of memory and 450 MB of CSV for rounds of ferschweiler).
MAX_GAMES: dict[str, int | None] = {"game": None, "round": 200_000, "turn": 50_000}

_SEAT = "seat from 1 (-1: none)"

#: Every column: (type, meaning). Types as in CSVW: "integer", "string".
COLUMNS: dict[str, tuple[str, str]] = {
    "rules": ("string", "the rule set's label (its id, or the swept values)"),
    "rules_hash": (
        "string",
        "first 16 hex digits of the SHA-256 of the fields that play (every field but "
        "id, name, source, base) as canonical JSON",
    ),
    "bots": ("string", "the bot of every seat, in seat order, comma-separated"),
    "seed": ("integer", "the run's seed"),
    "version": ("string", "the version of schock that played"),
    "game": (
        "integer",
        "the game, from 0; game g of two rule sets at one seed is played on the same dice",
    ),
    "loser": ("integer", "the seat that lost the game, " + _SEAT),
    "durchmarsch": ("integer", "1: the first half's loser lost the second half too"),
    "half1_loser": ("integer", "the first half's loser, " + _SEAT),
    "half2_loser": ("integer", "the second half's loser, " + _SEAT),
    "final_loser": ("integer", "the Finale's loser, " + _SEAT),
    "half1_rounds": ("integer", "rounds of the first half (-1: not played)"),
    "half2_rounds": ("integer", "rounds of the second half (-1: not played)"),
    "final_rounds": ("integer", "rounds of the Finale (-1: not played)"),
    "half1_schock_aus": ("integer", "1: a Schock Aus ended the first half (-1: not played)"),
    "half2_schock_aus": ("integer", "1: a Schock Aus ended the second half (-1: not played)"),
    "final_schock_aus": ("integer", "1: a Schock Aus ended the Finale (-1: not played)"),
    "starter": ("integer", "the seat that began the first ordinary round, " + _SEAT),
    "deckel": (
        "integer",
        "Deckel that changed hands (per game: in all its rounds; per round: in it; at a "
        "Schock Aus: what the loser received)",
    ),
    "rounds": ("integer", "rounds of the game, opening rounds included"),
    "half": ("integer", "1, 2: the halves; 3: the Finale"),
    "round": ("integer", "the round within its half, from 1 (an opening round too)"),
    "opening": ("integer", "1: the opening round (everybody throws once, at once)"),
    "players": ("integer", "seats that played the round"),
    "round_starter": ("integer", "the seat that threw first, " + _SEAT + "; -1 in an opening round"),
    "limit": ("integer", "the round's throw limit, set by its first player"),
    "round_loser": ("integer", "the seat that lost the round, " + _SEAT),
    "winner": ("integer", "the seat with the round's best result, " + _SEAT),
    "win_dice": ("string", "the best result's dice, e.g. 1-1-4"),
    "win_kind": ("string", "its kind: " + ", ".join(k.value for k in KINDS)),
    "win_on_hand": ("integer", "1: the best result was thrown in one go (auf die Hand)"),
    "schock_aus": ("integer", "1: a Schock Aus (or Schock Hand) ended the half"),
    "stock": ("integer", "Deckel left in the Stock after the round"),
    "loser_deckel": ("integer", "the round's loser's Deckel after it"),
    "position": ("integer", "the turn's place in the round's order, from 1"),
    "seat": ("integer", "the seat that threw, from 1"),
    "bot": ("string", "that seat's bot"),
    "cap": ("integer", "the throws the seat was allowed"),
    "throws": ("integer", "the throws it used"),
    "dice": ("string", "its result, e.g. 1-1-4"),
    "kind": ("string", "the result's kind"),
    "on_hand": ("integer", "1: thrown in one go (auf die Hand)"),
    "lost": ("integer", "1: this seat lost the round"),
}

#: The columns every row has (a sweep puts one per swept field after ``rules``).
COMMON = ("rules", "rules_hash", "bots", "seed", "version", "game")
#: A level's own columns, in order.
OWN: dict[str, tuple[str, ...]] = {
    "game": (*(c for c in kernel.COLUMNS), "rounds"),
    "round": (
        "half", "round", "opening", "players", "round_starter", "limit", "round_loser",
        "winner", "win_dice", "win_kind", "win_on_hand", "deckel", "schock_aus", "stock",
        "loser_deckel",
    ),
    "turn": (
        "half", "round", "position", "seat", "bot", "cap", "throws", "dice", "kind", "on_hand",
        "lost",
    ),
}


def rules_hash(rules: Rules) -> str:
    """A short fingerprint of what ``rules`` play (names and notes left out).

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> rules_hash(porz) == rules_hash(porz.replace(id="mine", name="Mine"))
    True
    >>> rules_hash(porz) == rules_hash(porz.replace(deckel=15))
    False
    """
    fields = {k: v for k, v in rules.to_dict().items() if k not in ("id", "name", "source", "base")}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Run:
    """One rule set's result, its rules, its label and, in a sweep, the swept values."""

    label: str
    rules: Rules
    result: SimResult
    swept: dict[str, object] = field(default_factory=dict)


#: A swept field's column: the prefix and the field (``sweep_opening``).
SWEPT = "sweep_"


def columns_of(per: str, swept: Sequence[str] = ()) -> list[str]:
    """The columns of rows per ``per``, in order.

    >>> columns_of("turn", ["opening"])[:8]
    ['rules', 'sweep_opening', 'rules_hash', 'bots', 'seed', 'version', 'game', 'half']
    """
    return [COMMON[0], *(SWEPT + f for f in swept), *COMMON[1:], *OWN[per]]


def _seats(values: npt.NDArray[Any]) -> npt.NDArray[np.int32]:
    return np.where(values >= 0, values + 1, -1).astype(np.int32)


_DICE = ["-".join(map(str, d)) for d in RESULTS3]


def _own(run: Run, per: str) -> dict[str, Any]:
    """The level's own columns of one run."""
    r = run.result
    if per == "game":
        out: dict[str, Any] = dict(r.game_rows())
        out["rounds"] = r.game_rounds()
        return out
    rows = r.round_rows if per == "round" else r.turn_rows
    if rows is None:
        raise ValueError(f"the run kept no {per} rows (simulate(..., record={per!r}))")
    names = kernel.ROUND_COLUMNS if per == "round" else kernel.TURN_COLUMNS
    col = {n: rows[:, i] for i, n in enumerate(names)}
    kind = eval_tables(run.rules).kind
    out = {"game": col["game"], "half": col["half"] + 1, "round": col["round"]}
    if per == "round":
        out.update({
            "opening": col["opening"],
            "players": col["players"],
            "round_starter": _seats(col["starter"]),
            "limit": col["limit"],
            "round_loser": _seats(col["loser"]),
            "winner": _seats(col["winner"]),
            "win_dice": [_DICE[i] for i in col["win_result"]],
            "win_kind": [KINDS[k].value for k in kind[col["win_result"], col["win_on_hand"]]],
            "win_on_hand": col["win_on_hand"],
            "deckel": col["deckel"],
            "schock_aus": col["schock_aus"],
            "stock": col["stock"],
            "loser_deckel": col["loser_deckel"],
        })
        return out
    out.update({
        "position": col["position"] + 1,
        "seat": col["seat"] + 1,
        "bot": [r.bots[s] for s in col["seat"]],
        "cap": col["cap"],
        "throws": col["throws"],
        "dice": [_DICE[i] for i in col["result"]],
        "kind": [KINDS[k].value for k in kind[col["result"], col["on_hand"]]],
        "on_hand": col["on_hand"],
        "lost": col["lost"],
    })
    return out


def _swept(runs: Sequence[Run]) -> list[str]:
    return list(dict.fromkeys(k for run in runs for k in run.swept))


#: Rows per block written at once.
BLOCK = 100_000


def blocks(runs: Sequence[Run], per: str) -> Iterator[dict[str, list[Any]]]:
    """The rows of ``runs`` per ``per`` as blocks of at most :data:`BLOCK` rows
    (columns of plain values, in the order of :func:`columns_of`)."""
    names = columns_of(per, _swept(runs))
    for run in runs:
        r = run.result
        own = _own(run, per)
        fixed: dict[str, Any] = {
            "rules": run.label,
            "rules_hash": rules_hash(run.rules),
            "bots": ",".join(r.bots),
            "seed": r.seed,
            "version": __version__,
        }
        fixed.update({SWEPT + k: _plain(v) for k, v in run.swept.items()})
        n = len(own["game"])
        for start in range(0, n, BLOCK):
            stop = min(n, start + BLOCK)
            block: dict[str, list[Any]] = {}
            for name in names:
                if name in own:
                    values = own[name][start:stop]
                    block[name] = values.tolist() if isinstance(values, np.ndarray) else values
                else:
                    block[name] = [fixed.get(name, "")] * (stop - start)
            yield block


def table(runs: Sequence[Run], per: str) -> dict[str, list[Any]]:
    """Every row of ``runs`` per ``per`` (one of :data:`LEVELS`) as columns."""
    data: dict[str, list[Any]] = {n: [] for n in columns_of(per, _swept(runs))}
    for block in blocks(runs, per):
        for name, values in block.items():
            data[name].extend(values)
    return data


def _plain(value: object) -> object:
    """A swept value as it is written (enums as their names)."""
    return value if isinstance(value, bool | int) else str(value)


def metadata(runs: Sequence[Run], per: str, path: Path) -> dict[str, Any]:
    """The sidecar's content: CSVW table metadata plus the run's own description."""
    swept = _swept(runs)
    first = runs[0].result
    cols = []
    for name in columns_of(per, swept):
        kind, meaning = COLUMNS.get(
            name, ("string", f"the value of the swept rules field {name.removeprefix(SWEPT)}")
        )
        cols.append({"name": name, "titles": name, "datatype": kind, "dc:description": meaning})
    return {
        "@context": "http://www.w3.org/ns/csvw",
        "url": path.name,
        "dc:title": f"schock sim: one row per {per}",
        "dialect": {"commentPrefix": "#", "header": True},
        "tableSchema": {"columns": cols},
        "schock": {
            "version": __version__,
            "per": per,
            "seed": first.seed,
            "games": first.games,
            "bots": list(first.bots),
            "swept": swept,
            "rule_sets": [
                {
                    "label": run.label,
                    "rules_hash": rules_hash(run.rules),
                    "swept": {k: _plain(v) for k, v in run.swept.items()},
                    "rules": run.rules.to_dict(),
                }
                for run in runs
            ],
        },
    }
def sidecar(path: Path) -> Path:
    """Where the CSVW metadata of a CSV file goes (``FILE.csv-metadata.json``)."""
    return path.with_name(path.name + "-metadata.json")


def write(path: Path, runs: Sequence[Run], per: str) -> None:
    """Write the rows of ``runs`` per ``per`` to ``path`` (.csv with its sidecar,
    or .parquet); raise OSError or ImportError (pyarrow) as they come."""
    meta = metadata(runs, per, path)
    if path.suffix.lower() == ".parquet":
        _write_parquet(path, runs, per, meta)
        return
    with path.open("w", newline="", encoding="utf-8") as f:
        s = meta["schock"]
        f.write(
            f"# schock sim {s['version']}: one row per {per}; seed {s['seed']}, "
            f"{s['games']} games per rule set; bots {','.join(s['bots'])}\n"
        )
        for rs in s["rule_sets"]:
            rules = json.dumps(rs["rules"], ensure_ascii=False, sort_keys=True)
            f.write(f"# rules {rs['label']} ({rs['rules_hash']}): {rules}\n")
        f.write(f"# the columns: {sidecar(path).name} and docs/sim.md\n")
        w = csv.writer(f)
        w.writerow(columns_of(per, s["swept"]))
        for block in blocks(runs, per):
            w.writerows(zip(*block.values(), strict=True))
    sidecar(path).write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def _write_parquet(path: Path, runs: Sequence[Run], per: str, meta: dict[str, Any]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"integer": pa.int64(), "string": pa.string()}
    fields = [
        pa.field(c["name"], types[c["datatype"]], metadata={"description": c["dc:description"]})
        for c in meta["tableSchema"]["columns"]
    ]
    schema = pa.schema(fields, metadata={"schock": json.dumps(meta["schock"], ensure_ascii=False)})
    with pq.ParquetWriter(path, schema) as writer:
        for block in blocks(runs, per):
            writer.write_table(pa.table(block, schema=schema))
