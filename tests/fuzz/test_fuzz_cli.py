"""Random argument lists into every ``schock`` command: exit 0 or 2, never a traceback.

Commands that would start something long (the terminal game, an arena run)
stop right where the real work would begin: reaching that point means the
arguments were accepted.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schock.cli import main
from schock.examples import example_text
from schock.tournament.simulate import simulate

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Started(Exception):
    """Raised where a command would start its long work: its arguments were accepted."""


def _stop(*_args: Any, **_kwargs: Any) -> Any:
    raise Started


#: (module, attribute) replaced by _stop for the test: where play and arena start running.
LONG_WORK = [
    ("schock.cli.play", "run_app"),
    ("schock.cli.arena", "run_arena"),
    ("schock.cli.serve", "serve_app"),  # schock serve
    ("schock.sim", "simulate"),  # schock sim
    ("schock.cli.solve", "solve"),  # schock solve (minutes per preset on a cold cache)
]


def _one_round(t: Any, **kwargs: Any) -> Any:
    """``schock turnier simulieren``: the real simulation, bot check included, for
    one round only (a whole tournament of 60 bots, up to 40 times, is minutes)."""
    return simulate(t, **{**kwargs, "max_rounds": 1})


#: (module, attribute, the function found there, its shorter run of the same code).
SHORT_WORK = [("schock.cli.turnier.simulate", "simulate", simulate, _one_round)]


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every leaf command (``schock``'s own are loaded lazily: ask the group for them)."""
    out: dict[str, Any] = {}
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        if isinstance(cmd, click.Group):
            out.update(_commands(cmd, (*prefix, name)))
        else:
            out[" ".join((*prefix, name))] = cmd
    return out


COMMANDS = _commands(main)
assert len(COMMANDS) > 30, sorted(COMMANDS)  # never an empty parametrization
BIG = "9" * 5000
values = st.one_of(
    st.sampled_from(
        ["porz", "mosel", "nope", "0", "1", "-1", "2", "1000", "nan", "inf", "1e999", "", " ",
         "de", "en", "xx", "1-1-4", "1-1-4/2", "1-?-?/3", "1+4-4 ²/3", "1-6-6 1/*", "2-3-5 1/3",
         "heuristic", "random", "optimal=x", "Anna", "Anna=heuristic", "a\x00b", BIG,
         "x" * 300 + ".toml", "/", "/tmp", "--", "-", "--help", "loss", "deckel", "net"]
    ),
    st.text(max_size=12),
)


def _args_for(cmd: click.Command) -> Any:
    options = [o for p in cmd.params if isinstance(p, click.Option) for o in p.opts]
    tokens = st.one_of(values, st.sampled_from(options) if options else values, values)
    return st.lists(tokens, max_size=6)


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    good = tmp_path / "good.json"
    good.write_text(example_text("porz"))
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 3000)
    toml = tmp_path / "house.toml"
    toml.write_text('extends = "porz"\ndeckel = ' + BIG + "\n")
    return [str(good), str(bad), str(toml), str(tmp_path)]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_random_arguments(
    name: str, files: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # commands that write (a database, a PDF) write here
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # the app dir's database (schock abend)
    for module, attr in LONG_WORK:
        monkeypatch.setattr(importlib.import_module(module), attr, _stop)
    for module, attr, real, short in SHORT_WORK:
        target = importlib.import_module(module)
        assert getattr(target, attr) is real, f"{module}.{attr} moved: update SHORT_WORK"
        monkeypatch.setattr(target, attr, short)
    runner = CliRunner()
    cmd = COMMANDS[name]

    @FUZZ
    @given(args=_args_for(cmd), file=st.sampled_from(files), with_file=st.booleans())
    def check(args: list[str], file: str, with_file: bool) -> None:
        argv = [*name.split(), *([file] if with_file else []), *args]
        result = runner.invoke(main, argv)
        if isinstance(result.exception, Started):
            return
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            argv,
            result.output,
            result.exception,
        )
        assert result.exit_code in (0, 2), (argv, result.exit_code, result.output)
        assert "Traceback" not in result.output

    check()
