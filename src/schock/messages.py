"""The engine's messages in German and English, and the German labels of rule references.

Every :class:`~schock.errors.IllegalActionError` the engine raises carries a
:class:`Msg`: a key of :data:`CATALOG` and its parameters. The English
template gives the exception's text (``str(exc)``); the German one is for the
German game. Game words stay German in both languages (Wurf, Becher, Deckel,
Stock, Sechsen drehen, Einkaufen, Strafdeckel, Hälfte).

The texts are data, one file per catalog and language under ``schock/locale``
(:mod:`schock.locale`), read on first use; this module renders them. A parameter
may itself be a :class:`Msg` (rendered in the same language); a list of dice
reads ``[5, 6]`` in English and ``5 und 6`` in German.

>>> m = Msg("set_aside.ones_sixes", {"rules": "porz", "bad": [5, 6]})
>>> m.text("en")
'may set aside only 1s under porz, not [5, 6] (sixes only by turning them)'
>>> m.text("de")
'Bei porz dürfen nur Einsen herausgelegt werden, nicht 5 und 6 (Sechsen nur durch Sechsen drehen)'
>>> Msg("need_turn.phase", {"what": action_msg("turn sixes"),
...                         "waiting": waiting_for("einkaufen", 1, ["Anna", "Ben"])}).text("de")
'Sechsen drehen geht jetzt nicht: Das Spiel wartet auf Ben (Platz 1): einkaufen oder nicht?'
>>> rule_label("docs/rules.md, A turn 3: Sechsen drehen", "de")
'Regeln: Ein Zug, 3. Sechsen drehen'
>>> rule_label("docs/rules.md, A turn 3: Sechsen drehen", "en")
'docs/rules.md, A turn 3: Sechsen drehen'
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from schock.locale import LANGS, texts

#: The names of the seat told in the second person (the terminal game's default player).
YOU = ("Du", "You")

#: Message templates by language and key (``schock/locale/<lang>/engine.toml``). Keys
#: starting ``do.`` and ``waiting.`` are parts of other messages (the action tried, what the
#: game waits for).
CATALOG: dict[str, dict[str, str]]
#: Messages of bad input (:class:`~schock.errors.InvalidInputError`), as the command
#: line reports them: German by default, English with ``--lang en``
#: (``schock/locale/<lang>/input.toml``).
INPUT_CATALOG: dict[str, dict[str, str]]
#: German labels of the rule references (the English reference is its own label;
#: ``schock/locale/de/rule_labels.toml``).
RULE_LABELS: dict[str, str]
#: Words for the values of the rules fields (``field.value``), by language; the
#: ladder's kinds are ``ladder.KIND``. A value without an entry is shown as it is
#: (``schock/locale/<lang>/values.toml``).
VALUE_LABELS: dict[str, dict[str, str]]

#: The module's catalogs, each read from its files on first use.
_PARTS = {"CATALOG": "engine", "INPUT_CATALOG": "input", "VALUE_LABELS": "values"}


def __getattr__(name: str) -> object:
    """:data:`CATALOG`, :data:`INPUT_CATALOG`, :data:`VALUE_LABELS` and :data:`RULE_LABELS`,
    read from ``schock/locale`` when first asked for."""
    if name == "RULE_LABELS":
        value: object = texts("rule_labels", "de")
    elif name in _PARTS:
        value = {lang: texts(_PARTS[name], lang) for lang in LANGS}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _words(part: str, lang: str) -> dict[str, str]:
    """The texts of ``part`` in ``lang``, English for a language without a catalog."""
    return texts(part, lang if lang in LANGS else "en")


def value_label(name: str, value: object, lang: str = "de") -> str:
    """A rules field's value in words: ``ja``/``nein``, ``nur Einsen``, a ladder as names.

    >>> value_label("set_aside", "ones"), value_label("set_aside", "ones", "en")
    ('nur Einsen', 'only 1s')
    >>> value_label("einkaufen", True), value_label("deckel", 13)
    ('ja', '13')
    >>> value_label("ladder", "schock_aus>jule>schock>general>strasse")
    'Schock Aus > Jule > Schock > General > Straße'
    """
    words = _words("values", lang)
    if isinstance(value, bool):
        if lang == "de":
            return "ja" if value else "nein"
        return "yes" if value else "no"
    if name == "ladder" and isinstance(value, str):
        return " > ".join(words.get(f"ladder.{k.strip()}", k.strip()) for k in value.split(">"))
    return words.get(f"{name}.{value}", str(value))


@functools.cache
def _actions() -> dict[str, str]:
    """The engine's English action phrases -> their keys (``do.``)."""
    return {text: key for key, text in texts("engine", "en").items() if key.startswith("do.")}


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: a key of :data:`CATALOG` and the values of its placeholders."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English for a language without a catalog)."""
        words = _words("engine", lang)
        if self.key not in words:
            words = _words("input", lang)
        key = self.key
        if self.params.get("name") in YOU and f"{key}@you" in words:
            key += "@you"  # the seat called "Du"/"You" is told in the second person
        return words[key].format_map({k: _show(v, lang) for k, v in self.params.items()})


def _show(value: object, lang: str) -> object:
    if isinstance(value, Msg):
        return value.text(lang)
    localized = getattr(value, "localized", None)
    if callable(localized):  # an error of schock, an amount or a count (schock.i18n): in ``lang``
        return localized(lang)
    if isinstance(value, Exception):
        return str(value)
    if lang == "de" and isinstance(value, list | tuple):
        items = [str(v) for v in value]
        if not items:
            return "nichts"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]
    return value


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders.

    >>> sorted(placeholders("cannot {what}: it is {name}'s turn"))
    ['name', 'what']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def action_msg(what: str) -> Msg | str:
    """The message part for an action phrase of the engine (``"set dice aside"``).

    An unknown phrase comes back as it is (the same in every language).

    >>> action_msg("set dice aside").text("de")
    'Würfel herauslegen'
    """
    key = _actions().get(what)
    return Msg(key) if key is not None else what


def waiting_for(phase: str, seat: int | None, names: Sequence[str]) -> Msg:
    """What the game waits for in ``phase`` (a :class:`~schock.engine.Phase` value), from ``seat``.

    >>> waiting_for("loading", 0, ["Anna", "Ben"]).text("en")
    'the first throw of Anna (seat 0)'
    >>> waiting_for("game_over", None, ["Anna", "Ben"]).text("de")
    'auf nichts mehr, es ist vorbei'
    >>> waiting_for("loading", 0, ["Du", "Ben"]).text("de")
    'auf deinen ersten Wurf (Platz 0)'
    """
    if phase == "game_over" or seat is None:
        return Msg("waiting.game_over")
    return Msg(f"waiting.{phase}", {"name": names[seat], "seat": seat})


def rule_label(rule: str, lang: str) -> str:
    """The label of a rule reference in ``lang``; unknown references come back as they are."""
    if lang == "de":
        return texts("rule_labels", "de").get(rule, rule)
    return rule


def ranking_ladder(rules: object, lang: str = "de") -> str:
    """The ranking of results under ``rules`` (a :class:`~schock.rules.Rules`), best first,
    with the rule set's exceptions (Schock Hand, Schock doof below General, results that
    count only from one throw, no General or Jule).

    >>> from schock import load_rules
    >>> ranking_ladder(load_rules("irmgarteich"))
    'Schock Aus > Schock 6 … Schock 2 > General > Straße > einfacher Wurf'
    >>> ranking_ladder(load_rules("niederrhein"), "en")  # doctest: +NORMALIZE_WHITESPACE
    'Schock Aus > Schock 6 … Schock 3 > General (on hand only) > Schock doof
     > Straße (on hand only) > einfacher Wurf'
    """
    de = lang == "de"
    words = texts("values", "de" if de else "en")
    on_hand = " (nur auf die Hand)" if de else " (on hand only)"
    doof_above = bool(getattr(rules, "schock_doof_above_general", True))
    has_general = bool(getattr(rules, "general", True))
    parts: list[str] = []
    for kind in str(getattr(rules, "ladder", "")).split(">"):
        kind = kind.strip()
        word = words.get(f"ladder.{kind}", kind)
        if kind == "schock_aus":
            if getattr(rules, "schock_hand", False):
                hand = "auf die Hand" if de else "on hand"
                parts.append(f"Schock Hand (1-1-1 {hand})")
            parts.append(word)
        elif kind == "jule":
            if getattr(rules, "jule", False):
                hand_only = getattr(rules, "jule_on_hand", False)
                parts.append(word + " (1-2-4)" + (on_hand if hand_only else ""))
        elif kind == "schock":
            low = 2 if doof_above or not has_general else 3
            parts.append(f"Schock 6 … Schock {low}")
        elif kind == "general":
            if has_general:
                parts.append(word + (on_hand if getattr(rules, "general_on_hand", False) else ""))
                if not doof_above:
                    parts.append("Schock doof")
        elif kind == "strasse":
            parts.append(word + (on_hand if getattr(rules, "strasse_on_hand", False) else ""))
    parts.append("einfacher Wurf")
    return " > ".join(parts)
