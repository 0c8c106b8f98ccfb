"""The one place where a seat's :class:`~schock.engine.views.View` becomes a message.

Every path that sends game state to a client goes through :func:`state_message`, or
through :class:`StateTexts`, which makes the same messages as JSON text for the many
connections of one moment of a table, so the leak test (no die a seat may not see)
guards all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import orjson

from schock.engine.actions import Action, format_action
from schock.engine.events import Event
from schock.engine.game import Game
from schock.engine.views import TurnView, own_turn
from schock.messages import ranking_ladder, value_label
from schock.results import evaluate
from schock.rules import Rules
from schock.rules.model import Structure, field_label


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text a websocket sends (compact, UTF-8 as it is; orjson:
    a tenth of the json module's time, and the frames are the server's largest work).

    >>> encode({"type": "state", "log": ["Würfel"], "n": 3, "waited": 1.5, "x": None})
    '{"type":"state","log":["Würfel"],"n":3,"waited":1.5,"x":null}'
    """
    return orjson.dumps(message).decode()


def _inner(message: dict[str, Any]) -> str:
    """``message`` encoded without its braces: a part to join into a larger object."""
    return encode(message)[1:-1]


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
        "results": _results(game, view.turns, lang),
    }


def _results(game: Game, turns: Sequence[TurnView], lang: str) -> dict[str, str]:
    """The results a seat may see in ``turns`` (its view's), named ("Schock 4", "Straße",
    "621")."""
    return {str(t.seat): evaluate(game.rules, t.result).label(lang)
            for t in turns if t.result is not None}


#: The dicts of the events a view names (its last showdown and Deckel), by the id of
#: the event, which is kept with them (events never change; a view names the same one
#: for a round or longer). Cleared when it holds many (each game makes new ones).
_EVENT_DICTS: dict[int, tuple[Event, dict[str, Any]]] = {}


def _event_dict(event: Event | None) -> dict[str, Any] | None:
    """``event.to_dict()``, made once per event (do not change it)."""
    if event is None:
        return None
    made = _EVENT_DICTS.get(id(event))
    if made is None or made[0] is not event:
        if len(_EVENT_DICTS) > 4096:
            _EVENT_DICTS.clear()
        made = _EVENT_DICTS[id(event)] = (event, event.to_dict())
    return made[1]


class StateTexts:
    """The :func:`state_message` of every connection of one moment of a table, as the
    JSON text sent: what all seats share is made once (a spectator's view: a turn looks
    the same to everybody but its owner, so a seat's view differs from it in the seat
    and its own turn, :func:`~schock.engine.views.own_turn`; the table; the story; the
    new log lines of each language and log position), each seat's own part (its turn,
    legal actions and results) once per seat and language, and the frame of each
    (seat, language, log position) once. A frame parses to exactly the message
    :func:`state_message` builds for that seat alone (tests/web/test_broadcast.py).

    ``game`` must not change while the texts are made (the table's lock is held).
    """

    def __init__(self, game: Game, table: dict[str, Any], live: bool) -> None:
        self.game, self.live = game, live
        self._head = f'"type":"state","n":{len(game.actions)}'
        self._table = table
        view = game.view(None)
        public = replace(view, last_showdown=None, last_deckel=None).to_dict()
        public["last_showdown"] = _event_dict(view.last_showdown)
        public["last_deckel"] = _event_dict(view.last_deckel)
        del public["seat"]
        round_ = public.pop("round")
        self._turns: tuple[TurnView, ...] = view.turns
        self._turn_dicts: list[dict[str, Any]] = round_.pop("turns")
        self._view_rest, self._round_rest = _inner(public), _inner(round_)
        self._views: dict[int | None, tuple[Sequence[TurnView], tuple[Action, ...], str]] = {}
        self._own: dict[tuple[int | None, str], str] = {}
        self._common: dict[tuple[str, int], str] = {}
        self._texts: dict[tuple[int | None, str, int], str] = {}

    def _view(self, seat: int | None) -> tuple[Sequence[TurnView], tuple[Action, ...], str]:
        """``seat``'s turns, legal moves and ``view`` object as text."""
        made = self._views.get(seat)
        if made is not None:
            return made
        turns: Sequence[TurnView] = self._turns
        turn_dicts = self._turn_dicts
        legal: tuple[Action, ...] = ()
        if seat is not None:
            own = own_turn(self.game, seat)
            if own is not None:
                i, turn = own
                turns, turn_dicts = list(turns), list(turn_dicts)
                turns[i], turn_dicts[i] = turn, turn.to_dict()
            if seat == self.game.actor:
                legal = tuple(self.game.legal_actions())
        text = (f'{{"seat":{"null" if seat is None else seat},"round":{{{self._round_rest},'
                f'"turns":{orjson.dumps(turn_dicts).decode()}}},{self._view_rest}}}')
        made = self._views[seat] = (turns, legal, text)
        return made

    def text(self, seat: int | None, lang: str, start: int, lines: list[str],
             story: dict[str, Any]) -> str:
        """The frame of ``seat`` in ``lang`` for a client that keeps the first ``start``
        of the log ``lines`` (told in ``lang``, with ``story``, at this moment)."""
        key = (seat, lang, start)
        text = self._texts.get(key)
        if text is None:
            own = self._own.get((seat, lang))
            if own is None:
                turns, legal, view_text = self._view(seat)
                verbs = legal_verbs(seat, legal) if seat is not None and self.live else []
                own = self._own[(seat, lang)] = (
                    f'{self._head},"seat":{"null" if seat is None else seat},'
                    f'"view":{view_text},'
                    + _inner({"legal": verbs, "results": _results(self.game, turns, lang)}))
            common = self._common.get((lang, start))
            if common is None:
                common = self._common[(lang, start)] = _inner(
                    {"table": self._table, "log": {"from": start, "lines": lines[start:]},
                     "story": story})
            text = self._texts[key] = f"{{{own},{common}}}"
        return text


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
