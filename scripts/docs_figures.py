"""The numbers in docs/ that come from a run: each one made here, and checked.

A figure in a page is marked where it stands::

    ... loses <!-- fig:eq-arena-heuristic -->40.8% (38.7-43.0%)<!-- /fig --> ...

(inside a code block the markers go on lines of their own around it). Every
marked figure is made by a function below from a fixed seed, so the same
code gives the same text on every machine. Wall-clock seconds, steps per
second and memory are measurements, not figures: they are dated where they
stand and ``benchmarks/`` prints them afresh.

    .venv/bin/python scripts/docs_figures.py              # print every figure
    .venv/bin/python scripts/docs_figures.py --check      # exit 1 if a page differs
    .venv/bin/python scripts/docs_figures.py --write      # put the figures into the pages
    .venv/bin/python scripts/docs_figures.py --cost quick --check   # only the quick ones

``tests/unit/test_docs_figures.py`` checks the quick figures in the normal
suite and the slow ones under the ``slow`` marker (CI runs both); the
``heavy`` ones (minutes each) are checked by ``make docs-check``. The pages
written whole by a script (docs/sim, docs/presets, docs/equilibrium) have
their own ``--check``; ``make docs`` regenerates everything.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: ``<!-- fig:NAME -->TEXT<!-- /fig -->``; TEXT may span lines (a code block).
MARK = re.compile(r"<!-- fig:([a-z0-9-]+) -->(.*?)<!-- /fig -->", re.DOTALL)

COSTS = ("quick", "slow", "heavy")


@dataclass(frozen=True)
class Figure:
    name: str
    page: str
    """The page under docs/ that shows it."""
    cost: str
    """``quick`` (seconds: the normal suite), ``slow`` (under a minute: CI's slow
    tests), ``heavy`` (minutes: ``make docs-check``)."""
    make: Callable[[], str]
    how: str
    """What a reader runs to see it for himself."""


FIGURES: dict[str, Figure] = {}


def figure(name: str, page: str, cost: str, how: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(make: Callable[[], str]) -> Callable[[], str]:
        assert cost in COSTS and name not in FIGURES
        FIGURES[name] = Figure(name, page, cost, make, how)
        return make

    return register


def pct(k: int, n: int) -> str:
    """A loss rate and its Wilson interval, rounded as ``schock arena`` prints them."""
    from schock.arena import wilson_interval
    from schock.cli.arena import percent

    low, high = wilson_interval(k, n)
    return f"{percent(k / n)} ({percent(low).removesuffix('%')}-{percent(high)})"


# ---------------------------------------------------------------- docs/equilibrium.md
ARENA_GAMES = 2000
ARENA_SEED = 0


def _duel(other: str) -> str:
    from schock.arena import run_arena
    from schock.cli.arena import percent

    run = run_arena("porz", ["equilibrium", other], games=ARENA_GAMES, seed=ARENA_SEED, jobs=1,
                    keep_records=False)  # fmt: skip
    eq, them = run.result("equilibrium"), run.result(other)
    return f"{pct(eq.losses, eq.games)} against {percent(them.loss_rate)}"


for _other in ("optimal", "heuristic"):
    figure(
        f"eq-arena-{_other}", "equilibrium.md", "slow",
        f"schock arena --rules porz --bot equilibrium --bot {_other} "
        f"--games {ARENA_GAMES} --seed {ARENA_SEED}",
    )(lambda other=_other: _duel(other))  # fmt: skip


def _eq_values(preset: str) -> str:
    from schock.rules import load_rules
    from schock.solver.equilibrium import solve

    sol = solve(load_rules(preset))
    return (
        f"{sol.p_first_wins_round:.5f} | {sol.p_starter_wins_half:.5f} | "
        f"{sol.p_starter_wins_game:.5f} | {sol.exploitability:.1e}"
    )


@cache
def _check(preset: str) -> Any:
    from schock.adapters.openspiel import check_two_throw_round

    return check_two_throw_round(preset, iterations=400)


def _openspiel_row(preset: str) -> str:
    c = _check(preset)
    return (
        f"{c.histories:,} | {c.infosets:,} | {c.round_value:.6f} | {c.our_value:.6f} | "
        f"{c.our_exploitability:.1e} | {c.cfr_value:.6f} | {c.cfr_exploitability:.1e}"
    )


def _register_presets() -> None:
    from schock.rules import PRESETS

    for preset in PRESETS:
        quick = preset in ("porz", "ferschweiler")  # the two-throw tree of 30,213 nodes
        figure(f"eq-values-{preset}", "equilibrium.md", "slow" if preset == "porz" else "heavy",
               f"python benchmarks/equilibrium.py {preset}")(
            lambda preset=preset: _eq_values(preset))  # fmt: skip
        figure(f"eq-openspiel-{preset}", "equilibrium.md", "slow" if quick else "heavy",
               f"python scripts/check_equilibrium_openspiel.py {preset}")(
            lambda preset=preset: _openspiel_row(preset))  # fmt: skip


_register_presets()


# ---------------------------------------------------------------- docs/adapters.md
@figure("adapters-chance-outcomes", "adapters.md", "quick", "the OpenSpiel example")
def _chance_outcomes() -> str:
    import pyspiel

    import schock.adapters.openspiel  # noqa: F401  (registers python_schock)

    game = pyspiel.load_game("python_schock", {"rules": "mosel", "players": 2, "scope": "round"})
    first = game.new_initial_state().chance_outcomes()[:2]

    def cut(p: float) -> str:  # cut after three significant digits, then "..."
        digits = f"{p:.15f}"
        first = next(i for i, c in enumerate(digits) if c not in "0.")
        return digits[: first + 3] + "..."

    shown = "[" + ", ".join(f"({o}, {cut(p)})" for o, p in first) + "]"
    return (
        "```python\n"
        "import pyspiel\n"
        "import schock.adapters.openspiel  # registers python_schock\n\n"
        'game = pyspiel.load_game("python_schock", {"rules": "mosel", "players": 2, '
        '"scope": "round"})\n'
        "state = game.new_initial_state()\n"
        f"state.chance_outcomes()[:2]   # {shown}: 1-1-1 and 1-1-2\n"
        "```"
    )


@figure("adapters-tensor-length", "adapters.md", "quick", "the OpenSpiel section")
def _tensor_length() -> str:
    import pyspiel

    import schock.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_schock", {"rules": "porz", "players": 3})
    return str(game.information_state_tensor_shape()[0])


PORZ_1 = 'extends = "porz"\nid = "porz-1"\nname = "porz, one throw"\nmax_throws = 1\n'


@figure("adapters-cfr-porz-1", "adapters.md", "quick", "the CFR+ example")
def _cfr_porz_1() -> str:
    from schock.adapters.openspiel import cfr_round_value

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "porz-1.toml"
        path.write_text(PORZ_1, encoding="utf-8")
        value, expl = cfr_round_value(str(path), iterations=3)
    return (
        "```python\n"
        "from schock.adapters.openspiel import cfr_round_value\n"
        f'cfr_round_value("porz-1.toml", iterations=3)   # ({value:.10f}..., {expl})\n'
        "```"
    )


def _tree_sizes() -> str:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import adapters as bench  # benchmarks/adapters.py

    out = io.StringIO()
    with redirect_stdout(out):
        bench.tree_sizes(1)
    line = next(x for x in out.getvalue().splitlines() if x.startswith("max_throws=2"))
    found = re.search(r"first turn histories \{(.*?)\}, second turn histories \{(.*?)\}, "
                      r"round histories ([\d,]+)", line)  # fmt: skip
    assert found is not None, line
    first = sum(int(v.split(":")[1]) for v in found[1].split(","))
    second = sorted(int(v.split(":")[1]) for v in found[2].split(","))
    return (
        f"{first:,} for the first turn, {second[0]:,} or {second[1]:,} for the second "
        f"(after a first turn of one or two throws), {found[3]} for the round"
    )


figure("adapters-histories", "adapters.md", "slow", "python benchmarks/adapters.py --only cfr")(
    _tree_sizes
)


def _nodes(preset: str) -> str:
    return f"{_check(preset).histories:,}"


figure("adapters-nodes-porz", "adapters.md", "slow", "ReducedRound(porz).efg()")(
    lambda: _nodes("porz")
)
figure("adapters-nodes-mosel", "adapters.md", "heavy", "ReducedRound(mosel).efg()")(
    lambda: _nodes("mosel")
)

Q_EPISODES = 20_000


@figure("adapters-q-learning", "adapters.md", "slow", "the Gymnasium example")
def _q_learning() -> str:
    """The page's Q-learning example, run as printed there (its code block is
    cut out of the page and executed, so page and figure cannot drift apart)."""
    page = (DOCS / "adapters.md").read_text(encoding="utf-8")
    code = next(b for b in re.findall(r"```python\n(.*?)```", page, re.DOTALL)
                if "for episode in range" in b)  # fmt: skip
    out = io.StringIO()
    with redirect_stdout(out):
        exec(compile(code, "docs/adapters.md", "exec"), {"__name__": "docs_example"})
    return f"`{out.getvalue().strip()}`"


# ---------------------------------------------------------------- docs/analysis.md
def _analyse(*args: str) -> str:
    """``schock analyse duel.json ARGS`` on the page's duel (porz: Anna stands on
    Schock 6 after three throws, her last die covered; Ben throws 1-1-2 and stops)."""
    from click.testing import CliRunner

    from schock.cli import main as cli
    from schock.engine import Game, ScriptedDice
    from schock.engine.actions import parse_action
    from schock.engine.record import dumps
    from schock.rules import load_rules

    g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
             dice=ScriptedDice([1, 3, 5, 1, 4, 6, 1, 1, 2]))  # fmt: skip
    steps = ["throw", "lift", "aside 1", "throw", "aside 1", "throw", "stop"]
    for text in (*(f"0 {t}" for t in steps), "1 throw", "1 stop"):
        g.apply(*parse_action(text))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "duel.json"
        path.write_text(dumps(g), encoding="utf-8")
        result = CliRunner().invoke(cli, ["analyse", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.output


@figure("analysis-account", "analysis.md", "quick", "schock analyse duel.json")
def _analysis_account() -> str:
    lines = _analyse().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Ben ("))
    return "```\n" + "\n".join(line[2:] for line in lines[at : at + 2]) + "\n```"


@figure("analysis-json", "analysis.md", "quick", "schock analyse duel.json --json --seat Ben")
def _analysis_json() -> str:
    return "```json\n" + compact_json(json.loads(_analyse("--json", "--seat", "Ben"))) + "\n```"


def compact_json(data: dict[str, object], width: int = 88) -> str:
    """JSON laid out for a page: a top-level key a line; a list of objects an
    object at a time, its members packed into lines of at most ``width``
    characters (a member longer than that on a line of its own).

    >>> print(compact_json({"a": 1, "b": [{"x": 1, "y": [2, 3]}]}))
    {
      "a": 1,
      "b": [
        {"x": 1, "y": [2, 3]}
      ]
    }
    >>> print(compact_json({"b": [{"x": "y" * 12, "z": [1, 2, 3]}]}, width=18))
    {
      "b": [
        {"x": "yyyyyyyyyyyy",
         "z": [1,
               2,
               3]}
      ]
    }
    """

    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    out = ["{"]
    keys = list(data)
    for k, key in enumerate(keys):
        end = "," if k < len(keys) - 1 else ""
        value = data[key]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.append(f'  "{key}": [')
            for i, item in enumerate(value):
                members = [f"{one(m)}: {one(v)}" for m, v in item.items()]
                lines = ["    {"]
                for j, v in enumerate(item.values()):
                    piece = members[j] + ("," if j < len(members) - 1 else "}")
                    if len(lines[-1]) + len(piece) + 1 > width and lines[-1].strip() != "{":
                        lines.append("     " + piece)
                    else:
                        lines[-1] += ("" if lines[-1].endswith("{") else " ") + piece
                    if len(lines[-1]) > width and isinstance(v, list) and len(v) > 1:
                        # a long list: an element a line, under the first
                        head = lines[-1][: lines[-1].index(": [") + 3]
                        tail = piece[len(members[j]) :]
                        rows = [one(x) for x in v]
                        lines[-1] = head + rows[0] + ","
                        lines += [" " * len(head) + x + "," for x in rows[1:-1]]
                        lines.append(" " * len(head) + rows[-1] + "]" + tail)
                lines[-1] += "," if i < len(value) - 1 else ""
                out.extend(lines)
            out.append(f"  ]{end}")
        else:
            out.append(f"  {one(key)}: {one(value)}{end}")
    out.append("}")
    return "\n".join(out)


# ---------------------------------------------------------------- the pages
def marks(text: str) -> Iterator[tuple[str, str, re.Match[str]]]:
    for m in MARK.finditer(text):
        yield m[1], m[2].strip("\n"), m


def shows(text: str, value: str) -> bool:
    """Whether a page's ``text`` shows ``value``: a block exactly, a figure in
    running text up to line breaks (a paragraph may wrap inside it)."""
    if value.startswith("```"):
        return text == value
    return text.split() == value.split()


def pages(docs: Path = DOCS) -> list[Path]:
    return sorted(docs.rglob("*.md"))


def found(docs: Path = DOCS) -> dict[str, list[tuple[Path, str]]]:
    """Every marked figure in docs/: name -> [(page, the text it shows)]."""
    out: dict[str, list[tuple[Path, str]]] = {}
    for page in pages(docs):
        for name, text, _ in marks(page.read_text(encoding="utf-8")):
            out.setdefault(name, []).append((page, text))
    return out


def write(values: dict[str, str], docs: Path = DOCS) -> list[Path]:
    changed = []
    for page in pages(docs):
        old = page.read_text(encoding="utf-8")

        def put(m: re.Match[str]) -> str:
            if m[1] not in values or shows(m[2].strip("\n"), values[m[1]]):
                return m[0]  # unknown here, or already shown (a wrapped line stays wrapped)
            body = values[m[1]]
            if m[2].startswith("\n"):  # a block: the markers on lines of their own
                body = f"\n{body}\n"
            return f"<!-- fig:{m[1]} -->{body}<!-- /fig -->"

        new = MARK.sub(put, old)
        if new != old:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if a page shows another value")
    mode.add_argument("--write", action="store_true", help="put the figures into the pages")
    parser.add_argument("--cost", choices=COSTS, action="append",
                        help="only figures of this cost (repeatable; default: all)")  # fmt: skip
    parser.add_argument("--docs", type=Path, default=DOCS, help="the pages' folder (docs/)")
    parser.add_argument("names", nargs="*", help="only these figures")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in FIGURES]
    if unknown:
        parser.error(f"unknown figure {', '.join(unknown)} (known: {', '.join(FIGURES)})")
    chosen = [f for f in FIGURES.values()
              if (not args.names or f.name in args.names) and (not args.cost or f.cost in args.cost)]
    shown = found(args.docs)
    bad = 0
    values = {}
    for f in chosen:
        value = values[f.name] = f.make()
        where = shown.get(f.name, [])
        if not where:
            print(f"{f.name}: NOT IN docs/{f.page}\n  made:  {value}")
            bad += 1
            continue
        for page, text in where:
            same = shows(text, value)
            bad += not same
            if args.check or not same:
                print(f"{f.name} ({page.relative_to(args.docs)}): {'ok' if same else 'DIFFERS'}")
            if not same or not args.check:
                print(f"  made:  {value}" + ("" if same else f"\n  shown: {text}"))
    if args.write:
        for page in write(values, args.docs):
            print(f"wrote {page}")
        return 0
    return 1 if bad and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
