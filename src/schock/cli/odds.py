"""``schock odds``: the exact chances of each result within 1, 2 and 3 throws."""

from __future__ import annotations

import json

import click
from rich import box
from rich.table import Table

from schock.cli.common import lang_option, make_console, rules_option
from schock.rules import Rules, load_rules
from schock.solver import odds_table

_LABELS = {
    "schock_hand": ("Schock Hand", "Schock Hand"),
    "schock_aus": ("Schock Aus", "Schock Aus"),
    "schock": ("Schock (beliebig)", "Schock (any)"),
    "schock_6": ("Schock 6", "Schock 6"),
    "schock_5": ("Schock 5", "Schock 5"),
    "schock_4": ("Schock 4", "Schock 4"),
    "schock_3": ("Schock 3", "Schock 3"),
    "schock_2": ("Schock doof", "Schock doof"),
    "jule": ("Jule", "Jule"),
    "general": ("General", "General"),
    "strasse": ("Straße", "Straße"),
    "einfach": ("einfacher Wurf", "einfacher Wurf"),
}


def row_label(key: str, lang: str = "de") -> str:
    """The name of a row of the odds table.

    >>> row_label("schock_2"), row_label("schock", "en")
    ('Schock doof', 'Schock (any)')
    """
    de, en = _LABELS[key]
    return en if lang == "en" else de


def throws_heading(n: int, lang: str = "de") -> str:
    """A column heading: ``in 1 Wurf``, ``in 2 Würfen`` (``within 2 throws``).

    >>> throws_heading(1), throws_heading(3), throws_heading(2, "en")
    ('in 1 Wurf', 'in 3 Würfen', 'within 2 throws')
    """
    if lang == "en":
        return f"within {n} throw" + ("" if n == 1 else "s")
    return f"in {n} " + ("Wurf" if n == 1 else "Würfen")


def percent(p: float, lang: str = "de") -> str:
    """A probability as a percentage with 2 decimals (:func:`schock.i18n.percent`).

    >>> percent(0.0861640), percent(0.0861640, "en"), percent(1.0)
    ('8,62\xa0%', '8.62%', '100,00\xa0%')
    """
    from schock import i18n  # Babel only when a figure is written

    return i18n.percent(p, lang, 2)


def odds_rich_table(rules: Rules, table: dict[str, object], lang: str = "de") -> Table:
    """The odds table for people: one row per result, one column per throw limit."""
    throws = table["throws"]
    odds = table["odds"]
    assert isinstance(throws, list) and isinstance(odds, dict)
    title = (
        f"{rules.id}: beste Chance je Ergebnis in einem Zug"
        if lang == "de"
        else f"{rules.id}: best chance of each result in one turn"
    )
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    out.add_column("Ergebnis" if lang == "de" else "Result")
    for n in throws:
        out.add_column(throws_heading(n, lang), justify="right")
    for key, ps in odds.items():
        out.add_row(row_label(key, lang), *(percent(p, lang) for p in ps))
    return out


@click.command("odds")
@rules_option
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@lang_option("Language of the labels.")
def odds(rules_name: str, as_json: bool, lang: str) -> None:
    """Exact chances of each result within 1, 2 and 3 throws.

    Each row is played the way that maximizes that row's chance (setting
    aside and Sechsen drehen as the rules allow).
    """
    rules = load_rules(rules_name)
    table = odds_table(rules)
    if as_json:
        click.echo(json.dumps(table, ensure_ascii=False, indent=2))
        return
    make_console().print(odds_rich_table(rules, table, lang))
