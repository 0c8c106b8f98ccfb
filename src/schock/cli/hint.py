"""``schock hint``: the best choice after a throw, with the odds of every choice."""

from __future__ import annotations

import json
import math

import click
from rich import box
from rich.table import Table as RichTable

from schock.cli.common import BadInputError, lang_option, make_console, rules_option
from schock.cli.odds import percent
from schock.messages import Msg
from schock.rules import Rules, load_rules
from schock.solver.half import duel_half
from schock.solver.turn import (
    Objective,
    Result,
    Stakes,
    Table,
    parse_state,
    round_limit,
    solve,
)


def half_stakes(
    rules: Rules, stock: int | None, mine: int, *, first: bool, blind: bool, players: int
) -> Stakes:
    """What each end of a two-player round is worth to the hinted seat: its chance of
    not losing the half from the Deckel situation after the round (``--objective half``)."""
    if players != 2:
        raise BadInputError(Msg("hint.half_players", {"players": players}))
    if stock is None:
        raise BadInputError(Msg("hint.half_stock", {}))
    other = rules.deckel - stock - mine
    if other < 0:
        raise BadInputError(
            Msg("hint.half_deckel", {"stock": stock, "mine": mine, "deckel": rules.deckel})
        )
    table = duel_half(rules)
    if blind:
        if not first:
            raise BadInputError(Msg("hint.half_blind", {}))
        return table.blind_stakes(stock, mine, other)
    return table.stakes(stock, mine, other, first=first)


@click.command("hint")
@click.argument("state")
@rules_option
@click.option(
    "--before",
    "before",
    metavar="RESULT",
    multiple=True,
    help="The result of a player before you in this round, e.g. 1-1-4/2; "
    "? for a die still under the cup (1-?-?/3). Repeat for each player.",
)
@click.option(
    "--after",
    type=click.IntRange(0, 20),
    default=None,
    help="How many players come after you in this round "
    "[default: 1 if no --before is given, else 0].",
)
@click.option("--stock", type=click.IntRange(0, 99), default=None, help="Deckel left in the Stock.")
@click.option("--deckel", "mine", type=click.IntRange(0, 99), default=0, help="Your own Deckel.")
@click.option(
    "--piles",
    "piles",
    metavar="N",
    multiple=True,
    type=click.IntRange(0, 99),
    help="The Deckel of each other player of the round, in seat order (those before you, "
    "then those after you); repeat for each. Needed with three or more players when the "
    "Stock is empty (--stock 0: the Deckel come from the winner's own pile) or, with "
    "--stock, under schock_aus_keeps (a Schock Aus leaves its thrower his own Deckel).",
)
@click.option("--blind", is_flag=True, help="The round is blind (Deckel doubled).")
@click.option(
    "--objective",
    type=click.Choice([o.value for o in Objective]),
    default="loss",
    show_default=True,
    help="What the choices are weighed by. loss: the chance not to lose the round; "
    "deckel: fewest Deckel received; net: fewest Deckel in your own pile after the "
    "round; half: the chance not to lose the half (two players only; give --stock and "
    "--deckel, the other player holds the rest).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the choices as JSON.")
@lang_option()
def hint(
    state: str,
    rules_name: str,
    before: tuple[str, ...],
    after: int | None,
    stock: int | None,
    mine: int,
    piles: tuple[int, ...],
    blind: bool,
    objective: str,
    as_json: bool,
    lang: str,
) -> None:
    """The best choice after a throw, and the exact worth of every choice.

    STATE is the turn right after a throw: [KEPT+]THROWN THROWS/LIMIT, for
    example "1-6-6 1/*" (your first throw as the round's first player, who
    sets the limit) or "1-1+4 2/3" (1-1 kept, the second throw gave 4, the
    round's limit is 3). The round's first player sets the limit: after a
    --before the limit may be * (it is taken from the first --before) or
    must match it.

    \b
    Examples:
      schock hint "1-6-6 1/*" --after 2
      schock hint "1+2-5 2/3" --before 1-1-4/3 --before "1-?-?/2"
      schock hint "1-1-5 1/*" --objective half --stock 5 --deckel 6
    """
    rules = load_rules(rules_name)
    turn = round_limit(rules, parse_state(state), before)
    results = tuple(Result.parse(rules, text) for text in before)
    n_after = after if after is not None else (0 if results else 1)
    stakes = None
    if objective == Objective.HALF.value:
        stakes = half_stakes(rules, stock, mine, first=not results, blind=blind,
                             players=len(results) + n_after + 1)
    table = Table(before=results, after=n_after, stock=stock, mine=mine, blind=blind,
                  stakes=stakes, piles=piles)
    choices = solve(rules, turn, table, objective)
    if as_json:
        out = {
            "rules": rules.id,
            "state": str(turn),
            "objective": objective,
            "before": list(before),
            "after": n_after,
            "choices": [
                {
                    "move": c.describe("en"),
                    "stop": c.move.stop,
                    "keep": list(c.move.keep),
                    "turn": c.move.turn,
                    "value": c.value,
                    "p_not_lose": c.p_not_lose,
                    "expected_deckel": c.expected_deckel,
                }
                for c in choices
            ],
        }
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    de = lang == "de"
    title = (
        f"{rules.id}: {turn} – vor dir {len(results)}, nach dir {n_after}"
        if de
        else f"{rules.id}: {turn} – {len(results)} before you, {n_after} after you"
    )
    out_table = RichTable(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    out_table.add_column("")
    out_table.add_column("Wahl" if de else "Choice")
    out_table.add_column("nicht verlieren" if de else "not losing", justify="right")
    out_table.add_column("Deckel erwartet" if de else "Deckel expected", justify="right")
    half = objective == Objective.HALF.value
    if half:
        out_table.add_column("Hälfte nicht verlieren" if de else "not losing the half",
                             justify="right")
    for i, c in enumerate(choices):
        deckel = f"{c.expected_deckel:.3f}"
        row = [
            "→" if i == 0 else "",
            c.describe(lang),
            percent(c.p_not_lose, lang) if not math.isnan(c.p_not_lose) else "–",
            deckel.replace(".", ",") if de else deckel,
        ]
        if half:
            row.append(percent(c.value, lang))
        out_table.add_row(*row)
    console = make_console()
    console.print(out_table)
    best = choices[0]
    console.print(
        ("Am besten: " if de else "Best: ") + best.describe(lang),
        highlight=False,
    )
