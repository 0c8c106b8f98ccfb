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
    "table_full": ("Zu viele Verbindungen an diesem Tisch", "too many connections at this table"),
    # --- server operation (issue 24: addresses, hardening) ---
    "loopback_links": (
        "Achtung: Die Links dieses Servers beginnen mit {base} – diese Adresse erreicht nur "
        "dieser Rechner, kein Handy. Für Freunde im selben WLAN: schock serve --host 0.0.0.0; "
        "im Internet: schock serve --base-url https://deine-adresse (siehe docs/deploy.md).",
        "Note: this server's links start with {base}, an address only this computer can open, "
        "no phone. For friends on the same Wi-Fi: schock serve --host 0.0.0.0; on the internet: "
        "schock serve --base-url https://your-address (see docs/deploy.md).",
    ),
    "untrusted_forward": (
        "Abgelehnt: die Kopfzeile {header} kam von {peer}, das kein vertrauter Proxy ist; "
        "erlaubt nur von: {allowed}",
        "refused: the {header} header came from {peer}, which is not a trusted proxy; "
        "allowed only from: {allowed}",
    ),
    "cross_origin": (
        "Abgelehnt: dieses Formular kam von einer fremden Seite ({origin}); erlaubt sind nur "
        "Formulare von dieser Seite selbst. Nichts wurde geändert.",
        "refused: this form came from another site ({origin}); only forms of this site "
        "itself are allowed. Nothing was changed.",
    ),
    # --- end of server operation ---
}


def text(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (``de`` or ``en``).

    >>> text("bad_seat", "en", seat=7)
    'no such seat: 7'
    """
    de, en = TEXTS[key]
    return (en if lang == "en" else de).format(**params)
