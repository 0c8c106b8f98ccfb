"""The web app's own words, German first, English second."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "stale": (
        "Das Spiel ist inzwischen weiter (Zug {n}); bitte die aktuelle Ansicht benutzen",
        "the game has moved on (action {n}); please act on the current view",
    ),
    "spectator": ("Zuschauer können nicht mitspielen", "spectators cannot act"),
    "not_started": ("Das Spiel hat noch nicht begonnen", "the game has not started yet"),
    "paused": ("Das Spiel ist angehalten", "the game is paused"),
    "ended": ("Das Spiel ist beendet", "the game has ended"),
    "bad_token": ("Unbekannter oder ungültiger Link", "unknown or invalid link"),
    "hello_first": ("Zuerst anmelden (hello)", "say hello first"),
    "malformed": ("Ungültige Nachricht: {detail}", "malformed message: {detail}"),
    "too_large": (
        "Nachricht zu lang ({size} Zeichen, erlaubt: {limit})",
        "message too large ({size} characters, allowed: {limit})",
    ),
    "rate": ("Zu viele Nachrichten, bitte langsamer", "too many messages, slow down"),
    "not_host": ("Nur der Gastgeber darf das", "only the host may do that"),
    "not_allowed_action": (
        "Diese Aktion ist hier nicht erlaubt: {action!r}; erlaubt: {allowed}",
        "this action is not allowed here: {action!r}; allowed: {allowed}",
    ),
    "bad_action": ("Ungültige Aktion: {detail}", "invalid action: {detail}"),
    "only_before_start": (
        "Das geht nur vor dem Spielbeginn",
        "that is only possible before the game starts",
    ),
    "bad_seat": ("Kein solcher Platz: {seat}", "no such seat: {seat}"),
    "not_a_bot": ("Platz {seat} ist kein Bot", "seat {seat} is not a bot"),
    "is_a_bot": ("Platz {seat} ist schon ein Bot", "seat {seat} is already a bot"),
    "bad_bot": ("Unbekannter Bot {bot!r}; erlaubt: {allowed}", "unknown bot {bot!r}; allowed: {allowed}"),
    "no_hint": ("Gerade gibt es nichts zu entscheiden", "there is nothing to decide right now"),
    "replaced": ("Dein Platz wird jetzt von einem Bot gespielt", "a bot now plays your seat"),
    "invalid": ("{detail}", "{detail}"),
    "table_full": (
        "Zu viele Zuschauer an diesem Tisch (höchstens {limit}); Spieler kommen immer herein",
        "too many spectators at this table (at most {limit}); players always get in",
    ),
    # table-seats: socket binding
    "opened_elsewhere": (
        "Dieser Platz ist in einem anderen Fenster offen; hier ist die Verbindung beendet",
        "this seat is open in another window; this connection is closed",
    ),
}


def text(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (``de`` or ``en``).

    >>> text("bad_seat", "en", seat=7)
    'no such seat: 7'
    """
    de, en = TEXTS[key]
    return (en if lang == "en" else de).format(**params)
