"""An analysis in words, German first: marks, chances, numbers and each decision
as a line (with the better choice where it was not the best).
"""

from __future__ import annotations

from schock.analysis.ratings import Decision
from schock.engine.actions import EinkaufenAction, parse_action
from schock.messages import Msg

_MARK_KEYS = {
    "ok": "analyse.mark.ok",
    "ungenau": "analyse.mark.ungenau",
    "fehler": "analyse.mark.fehler",
    "patzer": "analyse.mark.patzer",
}


def mark_label(name: str, lang: str = "de") -> str:
    """A mark for people: ``Patzer`` / ``blunder``."""
    return Msg(_MARK_KEYS[name]).text(lang)


def percent(x: float, lang: str = "de") -> str:
    """A chance as a whole percentage, ``44 %`` (German) or ``44%``.

    >>> percent(0.444), percent(0.0051, "en")
    ('44\xa0%', '1%')
    """
    from schock import i18n

    return i18n.percent(x, lang)


def number(x: float, lang: str = "de", digits: int = 2) -> str:
    """A number for people: a decimal comma in German.

    >>> number(1.005, "de", 1), number(-0.25, "en")
    ('1,0', '-0.25')
    """
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "de" else text


def _throws(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} throw" if n == 1 else f"{n} throws"
    return "1 Wurf" if n == 1 else f"{n} Würfen"


def holding_text(d: Decision, lang: str = "de") -> str:
    """What the seat held when it decided: ``Schock doof nach 1 Wurf``."""
    if d.holding is None:
        return Msg("analyse.cup").text(lang)
    return Msg("analyse.holding", {"result": d.holding, "throws": _throws(d.throws, lang)}).text(
        lang
    )


def decision_text(d: Decision, lang: str = "de") -> tuple[str, str | None]:
    """A decision in words, and the better choice where it was not the best.

    >>> from schock.analysis import analyse
    >>> from schock.examples import load_example
    >>> a = analyse(load_example("porz"))
    >>> worst = max(a.rated(), key=lambda d: d.loss)
    >>> line, better = decision_text(worst)
    >>> "Patzer" in line and better.startswith("besser: ")
    True
    """
    if d.kind == "einkaufen":
        join = parse_action(d.actions[0])[1] if d.actions else None
        key = "analyse.einkaufen_yes" if join == EinkaufenAction(True) else "analyse.einkaufen_no"
        played = Msg(key).text(lang)
        why = Msg("analyse.einkaufen").text(lang)
        return Msg("analyse.unrated", {"name": d.name, "played": played, "why": why}).text(
            lang
        ), None
    if d.played is None or d.best is None:
        return Msg("analyse.unrated", {"name": d.name, "played": "?", "why": d.note or "?"}).text(
            lang
        ), None
    line = Msg(
        "analyse.line",
        {
            "name": d.name,
            "holding": holding_text(d, lang),
            "played": d.played.describe(lang),
            "mark": mark_label(d.mark or "ok", lang),
        },
    ).text(lang)
    if d.loss <= 0:
        return line, None
    better = Msg(
        "analyse.better",
        {
            "best": d.best.describe(lang),
            "value_best": percent(d.best.value, lang),
            "value_played": percent(d.played.value, lang),
        },
    ).text(lang)
    return line, better
