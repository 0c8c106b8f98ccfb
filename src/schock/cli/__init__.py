"""The ``schock`` command.

Each subcommand lives in its own module under :mod:`schock.cli`. The modules
are imported only when their command runs (``schock --help`` and ``schock
--version`` import none of them, and ``schock hint`` does not load the web
app): :data:`COMMANDS` names each command's module, object and one-line help.
Domain errors become click errors only at the edge (see
:class:`schock.cli.common.SchockGroup`).

>>> import click
>>> main.get_command(click.Context(main), "odds").name
'odds'
"""

from __future__ import annotations

import importlib

import click

from schock.cli.common import SchockGroup
from schock.cli.helptext import SchockContext, use_schock_help

#: name -> (module, attribute, the one-line help ``schock --help`` shows). The help
#: must be the command's own short help (a test compares them).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "abend": (
        "schock.cli.abend",
        "abend",
        "Stammtisch-Abend: Spiele, Runden/Schulden, Statistik (the Stammtisch evening).",
    ),
    "analyse": (
        "schock.cli.analyse",
        "analyse_cmd",
        "Rate every decision of the game in RECORD with the exact solver.",
    ),
    "arena": (
        "schock.cli.arena",
        "arena",
        "Play seeded games between bots and print loss rates and ratings.",
    ),
    "evening": (
        "schock.cli.abend",
        "abend",
        "Stammtisch-Abend: Spiele, Runden/Schulden, Statistik (the Stammtisch evening).",
    ),
    "hint": (
        "schock.cli.hint",
        "hint",
        "The best choice after a throw, and the exact worth of every choice.",
    ),
    "keep": (
        "schock.cli.keep",
        "keep",
        "Keep score of a game played with real cups and dice: the engine checks each entry.",
    ),
    "odds": ("schock.cli.odds", "odds", "Exact chances of each result within 1, 2 and 3 throws."),
    "play": (
        "schock.cli.play",
        "play",
        "Play Schocken in the terminal, against bots or with friends at one keyboard.",
    ),
    "replay": (
        "schock.cli.replay",
        "replay",
        "Replay a game record FILE (or a shipped example) and tell it round by round.",
    ),
    "rules": (
        "schock.cli.rules",
        "rules",
        "The rule sets: the five presets and house-rules TOML files.",
    ),
    "serve": (
        "schock.cli.serve",
        "serve",
        "Play Schocken in the browser: start the server and open the printed address.",
    ),
    "tables": (
        "schock.cli.ops",
        "tables",
        "Die Tische des Servers: auflisten, schließen, alte löschen (the server's tables).",
    ),
    "db": (
        "schock.cli.ops",
        "db_group",
        "Die Datenbank des Servers sichern (the server's database).",
    ),
    "sim": (
        "schock.cli.sim",
        "sim",
        "Simulate many games in the fast batch path (numba) and print statistics.",
    ),
    "solve": (
        "schock.cli.solve",
        "solve_cmd",
        "The exact two-player equilibrium: round, half and game values, exploitability.",
    ),
    "turnier": (
        "schock.cli.turnier",
        "turnier",
        "Turniere: Anmeldung, Auslosung, Ergebnisse, Tabelle, Getränke, Druck (tournaments).",
    ),
}


class LazyGroup(SchockGroup):
    """A group whose commands (:data:`COMMANDS`) are imported when they are used.

    Commands added with ``add_command`` work as in any click group. Every command's
    help is in the language of ``--lang`` (:mod:`schock.cli.helptext`).
    """

    context_class = SchockContext

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in COMMANDS:
            module, attribute, _ = COMMANDS[cmd_name]
            found = getattr(importlib.import_module(module), attribute)
            if not isinstance(found, click.Command):  # pragma: no cover - a wrong table
                raise TypeError(f"{module}.{attribute} is not a click command")
            command = use_schock_help(found)
            self.add_command(command, cmd_name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, without importing the lazy commands."""
        names = self.list_commands(ctx)
        if not names:  # pragma: no cover - never empty
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows: list[tuple[str, str]] = []
        for name in names:
            loaded = self.commands.get(name)
            if loaded is not None:
                if loaded.hidden:
                    continue
                rows.append((name, loaded.get_short_help_str(limit)))
            else:
                placeholder = click.Command(name, help=COMMANDS[name][2])
                rows.append((name, placeholder.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="schock", prog_name="schock")
def main() -> None:
    """Schocken, the German pub dice game: rules, records and tools."""


__all__ = ["COMMANDS", "LazyGroup", "main"]
