"""The one place where a seat's :class:`~schock.engine.views.View` becomes a message.

Every path that sends game state to a client goes through :func:`state_message`,
so the leak test (no die a seat may not see) guards all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schock.engine.actions import format_action
from schock.engine.game import Game
from schock.messages import ranking_ladder, value_label
from schock.results import evaluate
from schock.rules import Rules
from schock.rules.model import Structure, field_label


def legal_verbs(seat: int, legal: Sequence[Any]) -> list[str]:
    """The legal actions in record notation without the seat (``"aside 1"``)."""
    return [format_action(seat, a).split(" ", 1)[1] for a in legal]


def state_message(
    game: Game,
    seat: int | None,
    *,
    table: dict[str, Any],
    log: dict[str, Any],
    story: dict[str, Any],
    live: bool = True,
    lang: str = "de",
) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) is sent after every change; ``live`` False
    (not started, paused, ended) offers no legal actions.

    ``log`` is what changed in the game's log (``from``: the lines the client keeps,
    ``lines``: what follows them) and ``story`` the public account of the last
    showdown and roll-off (:meth:`schock.narrate.Chronicle.story`): both are told once
    per action and language, the same for every seat."""
    view = game.view(seat)
    data = view.to_dict()
    return {
        "type": "state",
        "n": len(game.actions),
        "seat": seat,
        "table": table,
        "view": data,
        "legal": legal_verbs(seat, view.legal) if seat is not None and live else [],
        "log": log,
        "story": story,
        # the results this seat may see, named ("Schock 4", "Straße", "621")
        "results": {
            str(t.seat): evaluate(game.rules, t.result).label(lang)
            for t in view.turns
            if t.result is not None
        },
    }


_RANKING = {"de": "Rangfolge der Würfe", "en": "ranking of the results, best first"}

#: Fields said by the ranking row (``ranking_ladder``) or by the table itself.
_NOT_ROWS = frozenset({
    "id", "name", "source", "base", "ladder", "strasse_on_hand", "general_on_hand",
    "schock_doof_above_general", "jule", "jule_on_hand", "general", "schock_hand",
})  # fmt: skip


def rules_rows(rules: Rules, lang: str) -> list[list[str]]:
    """This table's rules as (label, value) rows in words: only the fields that apply
    (no Jule Deckel without Jule, no Finale starter without a Finale), the special
    results as one ranking.

    >>> from schock import load_rules
    >>> rows = dict(rules_rows(load_rules("porz"), "de"))
    >>> rows["Rangfolge der Würfe"]  # doctest: +NORMALIZE_WHITESPACE
    'Schock Aus > Schock 6 … Schock 2 > General (nur auf die Hand)
     > Straße (nur auf die Hand) > einfacher Wurf'
    >>> "Deckel für Jule" in rows, "Beginner des Finales" in rows
    (False, False)
    """
    rows = [[_RANKING[lang], ranking_ladder(rules, lang)]]
    for name, value in rules.to_dict().items():
        if name in _NOT_ROWS or (name == "jule_deckel" and not rules.jule) or (
            name == "final_starter" and rules.structure is Structure.ONE_HALF
        ):
            continue
        rows.append([field_label(name, lang), value_label(name, value, lang)])
    return rows
