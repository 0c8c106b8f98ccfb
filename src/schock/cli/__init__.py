"""The ``schock`` command.

Each subcommand lives in its own module under :mod:`schock.cli` and is
registered below with ``main.add_command(...)``. Domain errors become click
errors only here, at the edge (see :class:`schock.cli.common.SchockGroup`).
"""

from __future__ import annotations

import click

from schock import __version__
from schock.cli.abend import abend
from schock.cli.arena import arena
from schock.cli.common import SchockGroup
from schock.cli.hint import hint
from schock.cli.keep import keep
from schock.cli.odds import odds
from schock.cli.play import play
from schock.cli.replay import replay
from schock.cli.rules import rules
from schock.cli.serve import serve
from schock.cli.sim import sim
from schock.cli.solve import solve_cmd
from schock.cli.turnier import turnier


@click.group(cls=SchockGroup)
@click.version_option(__version__, "--version", prog_name="schock")
def main() -> None:
    """Schocken, the German pub dice game: rules, records and tools."""


# Subcommands: one module each, one line each.
main.add_command(rules)
main.add_command(replay)
main.add_command(odds)
main.add_command(play)
main.add_command(hint)
main.add_command(arena)
main.add_command(turnier)
main.add_command(sim)
main.add_command(solve_cmd)
main.add_command(serve)
main.add_command(abend)
main.add_command(abend, "evening")
main.add_command(keep)

__all__ = ["main"]
