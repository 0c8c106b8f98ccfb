"""``schock replay``: replay a game record and tell the game round by round.

A record that cannot be read, or whose actions the rules forbid, exits with 2
and one line saying where the problem is (``actions[3] ...``).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from schock.cli.common import BadInputError, SafePath, lang_option, read_record
from schock.engine.record import replay as replay_record
from schock.engine.record import rules_to_json
from schock.errors import InvalidInputError
from schock.examples import EXAMPLES, load_example
from schock.messages import Msg
from schock.narrate import account, render_text


@click.command("replay")
@click.argument("file", required=False, type=SafePath(path_type=Path))
@click.option(
    "--example",
    metavar="PRESET",
    help=f"Replay the shipped example game of a preset ({', '.join(EXAMPLES)}).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the account as JSON.")
@lang_option("Language of the account.")
def replay(file: Path | None, example: str | None, as_json: bool, lang: str) -> None:
    """Replay a game record FILE (or a shipped example) and tell it round by round.

    Shows every round: who starts, each throw, the dice set aside, sixes
    turned, the showdown with its results, who receives how many Deckel,
    and who loses the halves and the game.
    """
    if (file is None) == (example is None):
        raise click.UsageError(Msg("cli.replay_one_of").text(lang))
    where: str
    if file is not None:
        record = read_record(file)
        where = str(file)
    else:
        assert example is not None
        try:
            record = load_example(example)
        except InvalidInputError as exc:
            raise BadInputError(Msg("input.where", {"where": "--example", "reason": exc})) from None
        where = f"example {example}"
    try:
        game = replay_record(record)
    except InvalidInputError as exc:
        raise BadInputError(f"{where}: {exc}") from None
    data = account(game)
    if as_json:
        out = {"record": {"rules": rules_to_json(record.rules)}, **data}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    click.echo(render_text(data, lang), nl=False)
