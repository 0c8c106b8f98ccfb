"""The web app's own words, German first, English second."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # analyse: the Analyse pages (issue 26)
    "analyse_no_record": (
        "Kein Spielprotokoll: eine Datei wählen oder den Text einfügen",
        "no record: choose a file or paste the record's text",
    ),
    "analyse_too_large": (
        "Das Spielprotokoll ist zu groß (erlaubt: {limit} Bytes)",
        "the record is too large (allowed: {limit} bytes)",
    ),
    "analyse_not_utf8": ("Das Spielprotokoll ist kein UTF-8-Text", "the record is not UTF-8 text"),
    "analyse_bad_record": ("Kein gültiges Spielprotokoll: {reason}", "not a valid game record: {reason}"),
    "analyse_no_kept": ("Kein solches mitgeschriebenes Spiel", "no such kept game"),
    "analyse_no_evening_game": (
        "Kein Spiel {game!r} mit Spielprotokoll in dieser Runde",
        "no game {game!r} with a record in this group",
    ),
    "analyse_no_evening": (
        "Kein Abend {evening!r}; erlaubt: {allowed}",
        "no evening {evening!r}; allowed: {allowed}",
    ),
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
    # table-seats: socket binding, rematch, host hand-over, seats given back
    "not_over": (
        "Ein neues Spiel gibt es erst, wenn dieses vorbei oder beendet ist",
        "a new game only follows when this one is over or ended",
    ),
    "no_person": (
        "Platz {seat} ({name}) spielt keine Person mit eigenem Link",
        "seat {seat} ({name}) is not played by a person with their own link",
    ),
    "not_replaced": (
        "Platz {seat} ({name}) wurde nicht durch einen Bot ersetzt",
        "seat {seat} ({name}) was not replaced by a bot",
    ),
    "bad_clock": (
        "Zug-Uhr: der Bot darf erst nach der Erinnerung übernehmen (Erinnerung nach {nudge} s, "
        "Bot nach {takeover} s)",
        "turn clock: the bot may take over only after the nudge (nudge after {nudge} s, bot "
        "after {takeover} s)",
    ),
    "no_takeover": (
        "Gerade darf kein Bot übernehmen: keine Zug-Uhr gesetzt oder niemand muss entscheiden",
        "no bot may take over now: no turn clock is set or nobody has to decide",
    ),
    "too_early": (
        "Noch {s} s, dann darf ein Bot diese Entscheidung übernehmen",
        "{s} s more, then a bot may make this decision",
    ),
    "not_kept": (
        "An diesem Tisch ist noch kein Spiel fertig oder beendet; der Bericht eines "
        "laufenden Spiels wird nicht herausgegeben",
        "no game at this table is finished or ended yet; a running game's account is "
        "not given out",
    ),
    "no_game": (
        "Spiel {game} gibt es an diesem Tisch nicht (fertig oder beendet: {allowed})",
        "there is no game {game} at this table (finished or ended: {allowed})",
    ),
    "opened_elsewhere": (
        "Dieser Platz ist in einem anderen Fenster offen; hier ist die Verbindung beendet",
        "this seat is open in another window; this connection is closed",
    ),
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
    # --- table lobby (issue 23: start page, one invite link, ages, my tables) ---
    "too_many_tables": (
        "Von dieser Adresse laufen schon {n} Tische; beende alte unter „Meine Tische“ "
        "auf der Startseite (fertige Spiele zählen nicht)",
        "{n} tables from this address are already running; end old ones under "
        "'My tables' on the start page (finished games do not count)",
    ),
    "seat_count": (
        "Schocken braucht 2 bis 12 Plätze, angegeben: {n}",
        "Schocken needs 2 to 12 seats, got {n}",
    ),
    "seat_names_differ": (
        "Die Namen müssen verschieden sein (Groß- und Kleinschreibung zählt nicht): "
        "{name!r} kommt doppelt vor",
        "seat names must differ (ignoring case): {name!r} appears twice",
    ),
    "seat_name_bad": (
        "Name {name!r}: erlaubt sind 1 bis {limit} druckbare Zeichen",
        "name {name!r}: allowed are 1 to {limit} printable characters",
    ),
    "bad_age": (
        "Alter {age!r}: erlaubt ist eine ganze Zahl von 0 bis 150 oder nichts",
        "age {age!r}: allowed is a whole number from 0 to 150, or nothing",
    ),
    "upload_large": (
        "{file}: größer als {limit} Bytes", "{file}: larger than {limit} bytes",
    ),
    "upload_text": ("{file}: keine UTF-8-Textdatei", "{file}: not UTF-8 text"),
    "no_table": ("Kein solcher Tisch", "no such table"),
    "bad_invite": (
        "Dieser Einladungslink gilt nicht (mehr) für diesen Tisch",
        "this invite link is not (or no longer) valid for this table",
    ),
    "game_running": (
        "Das Spiel läuft schon; über den Einladungslink kommt man erst zwischen zwei "
        "Spielen dazu (zuschauen geht immer)",
        "the game is running; the invite link lets people in only between games "
        "(watching is always possible)",
    ),
    "seat_taken": (
        "Platz {seat} ({name}) ist schon vergeben; wähle einen freien Platz oder gib "
        "deinen Namen ein",
        "seat {seat} ({name}) is already taken; pick a free seat or type your name",
    ),
    "seats_full": (
        "Der Tisch hat schon {n} Plätze (höchstens {n})",
        "the table already has {n} seats (at most {n})",
    ),
    "name_taken": (
        "Den Namen {name!r} gibt es an diesem Tisch schon; bitte einen anderen",
        "the name {name!r} is already at this table; please choose another",
    ),
    "join_what": (
        "Wähle einen freien Platz oder gib deinen Namen ein",
        "pick a free seat or type your name",
    ),
    "late_new_seat": (
        "Zwischen zwei Spielen kommt man mit seinem Namen auf einen neuen Platz dazu "
        "(die Plätze des letzten Spiels bleiben, wie sie sind)",
        "between games people join with their name on a new seat (the seats of the "
        "last game stay as they are)",
    ),
    "bad_move": (
        "Platz {seat} kann nicht an Stelle {to} rücken (erlaubt: 0 bis {last})",
        "seat {seat} cannot move to place {to} (allowed: 0 to {last})",
    ),
    # online tournament tables (issue 25 item 9)
    "series_seats": (
        "Ein Turniertisch hat die ausgelosten Plätze: keine Plätze dazu oder weg, die "
        "Gastgeber-Rolle bleibt bei der Turnierleitung (erlaubt: Bot für einen Platz, "
        "Platz zurückgeben, Anhalten, Beenden)",
        "a tournament table has the drawn seats: no seats added or removed, the host role "
        "stays with the organizer (allowed: a bot for a seat, give a seat back, pause, end)",
    ),
    "series_invite": (
        "An einem Turniertisch hat jeder Spieler seinen eigenen Platz-Link (von der "
        "Turnierleitung); dieser Einladungslink vergibt keine Plätze",
        "at a tournament table every player has his own seat link (from the organizer); "
        "this invite link gives no seats",
    ),
    "series_done": (
        "Dieser Tisch hat seine Spiele der Runde {round} gespielt; kein weiteres Spiel",
        "this table has played its games of round {round}; no further game",
    ),
    "series_closed": (
        "Die Turnierleitung hat diesen Tisch geschlossen; nur sie kann ihn wieder öffnen",
        "the organizer has closed this table; only the organizer can reopen it",
    ),
}


def text(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (``de`` or ``en``).

    >>> text("bad_seat", "en", seat=7)
    'no such seat: 7'
    """
    de, en = TEXTS[key]
    return (en if lang == "en" else de).format(**params)
