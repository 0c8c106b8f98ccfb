"""People's names for bot seats and bot kinds in words, shared by every front end
(``schock play`` and the browser table name their bots the same way)."""

from __future__ import annotations

from collections.abc import Sequence

#: Names for bot seats: people at a pub table (the bot's kind is shown apart).
BOT_PEOPLE = (
    "Uschi", "Jupp", "Gabi", "Heinz", "Karin", "Willi",
    "Moni", "Manni", "Helga", "Kalle", "Renate", "Günther",
)  # fmt: skip

#: Bot kinds in words, by language (a kind missing here is shown as it is).
BOT_KINDS: dict[str, dict[str, str]] = {
    "de": {
        "beginner": "Anfänger",
        "bold": "mutig",
        "casual": "Gelegenheitsspieler",
        "cautious": "vorsichtig",
        "good": "gut",
        "heuristic": "Faustregel",
        "optimal": "optimal",
        "random": "Zufall",
    },
}


def bot_names(kinds: Sequence[str], taken: Sequence[str]) -> list[str]:
    """Names for bots of ``kinds``: people's names not taken yet (ignoring case);
    past the last of them, the kind numbered from 2.

    >>> bot_names(["heuristic", "heuristic", "random"], taken=["Anna", "jupp"])
    ['Uschi', 'Gabi', 'Heinz']
    """
    used = {t.casefold() for t in taken}
    free = [p for p in BOT_PEOPLE if p.casefold() not in used]
    out = []
    for kind in kinds:
        if free:
            name = free.pop(0)
        else:
            name, n = kind, 1
            while name.casefold() in used:
                n += 1
                name = f"{kind} {n}"
        used.add(name.casefold())
        out.append(name)
    return out


def bot_label(kind: str, lang: str) -> str:
    """A bot's kind in words: ``Faustregel`` (``heuristic``); an unknown kind as it is.

    >>> bot_label("heuristic", "de"), bot_label("heuristic", "en"), bot_label("x", "de")
    ('Faustregel', 'heuristic', 'x')
    """
    return BOT_KINDS.get(lang, {}).get(kind, kind)
