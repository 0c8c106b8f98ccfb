"""The terminal game: a Textual app around a :class:`~schock.tui.session.Session`.

One screen shows the table (every seat's Deckel, dice and state), the dice
of the player to move drawn large, the last showdown and a log of the
rounds. Keys act for the human whose turn it is; bots move at a readable
pace (``delay`` seconds per move, skippable with Space or Enter).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from schock.engine import events as ev
from schock.engine.actions import (
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.engine.views import View
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.narrate import Chronicle
from schock.tui.bodies import (
    Choice,
    describe_event,
    hint_body,
    hint_title,
    log_body,
    rules_body,
)
from schock.tui.boxes import InfoScreen, QuitScreen
from schock.tui.render import (
    dice_panel,
    header,
    illegal_text,
    key_bar,
    seats_table,
    showdown_panel,
    status_line,
)
from schock.tui.session import NoSuchDie, Session, log_lines
from schock.tui.texts import say

#: The smallest terminal the game is drawn in (columns, lines), for up to
#: :data:`ROOMY_SEATS` seats; each further seat needs one more line.
MIN_SIZE = (80, 24)
ROOMY_SEATS = 6

__all__ = ["InfoScreen", "PlayResult", "QuitScreen", "SchockApp", "describe_event", "min_size"]


def min_size(seats: int) -> tuple[int, int]:
    """The smallest terminal for a table of ``seats``.

    >>> min_size(3), min_size(12)
    ((80, 24), (80, 30))
    """
    width, height = MIN_SIZE
    return width, height + max(0, seats - ROOMY_SEATS)


#: How much longer the pause after a showdown is than after another bot move.
SHOWDOWN_PAUSE = 3.0


@dataclass(frozen=True, slots=True)
class PlayResult:
    """How the app ended: where the record was saved (if it was), and the loser."""

    saved: Path | None
    over: bool
    loser: str | None
    tally: tuple[tuple[str, int], ...] = ()
    """Striche of the evening: lost games per player, over every game played in the app."""


#: Terminals narrower than this get the narrow split of table and log.
NARROW_BELOW = 100


class GameScreen(Screen[None]):
    """The table: everything a player needs to see, and the keys to act."""

    DEFAULT_CSS = """
    GameScreen #main { height: 1fr; }
    GameScreen #header { height: auto; max-height: 2; background: $boost; padding: 0 1; }
    GameScreen #body { height: 1fr; }
    GameScreen #left { width: 3fr; padding: 0 1; }
    GameScreen #right { width: 2fr; border-left: solid $primary; padding: 0 1; }
    GameScreen #seats { height: auto; }
    GameScreen #dice { height: auto; margin-top: 1; }
    GameScreen #showdown { height: auto; margin-bottom: 1; }
    GameScreen #log-title { text-style: bold underline; }
    GameScreen #logbox { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    GameScreen #log { padding-right: 1; }
    GameScreen #status { height: auto; max-height: 3; padding: 0 1; }
    GameScreen #message { height: auto; max-height: 3; padding: 0 1; }
    GameScreen #message.error { color: $error; }
    GameScreen #keys { height: auto; max-height: 3; padding: 0 1; }
    GameScreen #small { display: none; height: 1fr; content-align: center middle; }
    """

    def __init__(self, session: Session, *, lang: str, delay: float) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.delay = delay
        self.too_small = False
        self.skipping = False
        self.timer: Timer | None = None
        self.chronicle: Chronicle | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="header")
            with Horizontal(id="body"):
                with VerticalScroll(id="left"):
                    yield Static(id="seats")
                    yield Static(id="dice")
                with Vertical(id="right"):
                    yield Static(id="showdown")
                    yield Static(say(self.lang, "log.title"), id="log-title")
                    with VerticalScroll(id="logbox"):
                        yield Static(id="log")
            yield Static(id="status")
            yield Static(id="message")
            yield Static(id="keys")
        yield Static(id="small")

    def on_mount(self) -> None:
        self.check_size(self.app.size.width, self.app.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Below :func:`min_size` show only a message, and wait for a resize."""
        mw, mh = min_size(len(self.session.game.seats))
        # a narrow terminal (80 columns) gives the table two thirds, so that the seats'
        # columns and names fit; a wide one gives the log more room
        narrow = width < NARROW_BELOW
        self.query_one("#left").styles.width = "2fr" if narrow else "3fr"
        self.query_one("#right").styles.width = "1fr" if narrow else "2fr"
        small = width < mw or height < mh
        self.too_small = small
        self.query_one("#main").display = not small
        box = self.query_one("#small", Static)
        box.display = small
        if small:
            box.update(Text(say(self.lang, "small", w=width, h=height, mw=mw, mh=mh), style="bold"))
        elif self.timer is None and self.session.step() in ("bot", "auto"):
            self.advance()  # bots waited while the terminal was too small

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        """Draw the table as the viewer sees it."""
        s = self.session
        lang = self.lang
        view = s.view()
        self.query_one("#header", Static).update(header(view, lang))
        app = self.app
        tally = app.count_game() if isinstance(app, SchockApp) else None
        seats = self.query_one("#seats", Static)
        seats.update(seats_table(view, s.players, lang, tally, seats.content_size.width or None))
        self.query_one("#dice", Static).update(dice_panel(view, lang))
        if self.chronicle is None or self.chronicle.game is not s.game:
            self.chronicle = Chronicle(s.game)  # the showdown told as the browser tells it
        told = self.chronicle.story(lang)["showdown"]
        deckel = told["deckel"] if told is not None else None
        self.query_one("#showdown", Static).update(showdown_panel(view, lang, deckel))
        # one human: the log speaks to him; several at one screen: names only
        lines = log_lines(s.game, lang, s.humans[0] if len(s.humans) == 1 else None)
        self.query_one("#log", Static).update(
            log_body(lines[-200:]) if lines else Text(say(lang, "log.empty"), style="dim")
        )
        self.query_one("#logbox", VerticalScroll).scroll_end(animate=False)
        self.query_one("#status", Static).update(status_line(view, s.players, lang))
        self.query_one("#keys", Static).update(key_bar(self.keys_now(view)))

    def loser_name(self) -> str:
        g = self.session.game
        return g.seats[g.loser].name if g.loser is not None else ""

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a one-line message under the table."""
        msg = self.query_one("#message", Static)
        msg.set_class(error, "error")
        msg.update(text)

    def keys_now(self, view: View) -> list[tuple[str, str]]:
        """The keys that do something now (for the key bar)."""
        lang = self.lang
        step = self.session.step()
        out: list[tuple[str, str]] = []
        if step == "over":
            out.append(("n", say(lang, "key.rematch")))
        if step in ("bot", "auto"):
            out.append(("Enter", say(lang, "key.skip")))
        elif step == "human":
            legal = set(self.session.game.legal_actions())
            if ThrowAction() in legal:
                out.append(("␣", say(lang, "key.throw")))
            if any(isinstance(a, SetAsideAction | TakeBackAction) for a in legal):
                out.append(("1-3", say(lang, "key.dice")))
            if TurnSixesAction(1) in legal:
                out.append(("d", say(lang, "key.sixes")))
            if TurnSixesAction(2) in legal:
                out.append(("D", say(lang, "key.sixes2")))
            if LiftAction() in legal:
                out.append(("a", say(lang, "key.lift")))
            if StopAction() in legal:
                out.append(("s", say(lang, "key.stop")))
            if BlindAction() in legal:
                out.append(("b", say(lang, "key.blind")))
            if EinkaufenAction(True) in legal:
                out.append(("j", say(lang, "key.join")))
                out.append(("n", say(lang, "key.pass")))
            if view.phase in ("turn", "einkaufen"):
                out.append(("h", say(lang, "key.hint")))
        out += [
            ("r", say(lang, "key.rules")),
            ("?", say(lang, "key.help")),
            ("q", say(lang, "key.quit")),
        ]
        return out

    # ------------------------------------------------------------------ moving the game on
    def advance(self) -> None:
        """Play forced moves and bots until a human must act; bots one move per ``delay``."""
        if self.timer is not None:
            return
        s = self.session
        while self.run_autos():
            step = s.step()
            if step not in ("bot", "auto"):
                self.skipping = False
                break
            if not (self.skipping or self.delay <= 0):
                if not self.too_small:
                    self.timer = self.set_timer(self.delay, self.bot_tick)
                break
            if not self.guarded(s.bot_act if step == "bot" else s.auto):
                break
        self.show()

    def run_autos(self) -> bool:
        """Make the moves nobody decides (roll-offs, loading throws); False on an error.
        A move made for a human (his loaded throw stands in a one-throw round) is said."""
        s = self.session
        while s.step() == "auto":
            actor = s.game.actor
            if actor in s.bots and not (self.skipping or self.delay <= 0):
                return True  # a bot's throw of the opening or Laden: shown at the bots' pace
            if not self.guarded(s.auto):
                return False
            if actor is not None and actor not in s.bots:
                self.say(say(self.lang, "auto.stop", name=s.game.seats[actor].name))
        return True

    def guarded(self, move: Callable[[], ev.Event], *, tell: bool = False) -> bool:
        """Make a move of the dice or a bot (``tell``: and say what it was); an
        error (scripted dice that ran out) is shown instead of ending the program."""
        try:
            event = move()
        except SchockError as exc:
            self.say(say(self.lang, "error", message=exc.localized(self.lang)), error=True)
            return False
        if tell:
            self.say(describe_event(event, self.session, self.lang))
        return True

    def bot_tick(self) -> None:
        """One bot move, then wait again (longer after a showdown)."""
        self.timer = None
        if self.too_small:
            return
        s = self.session
        before = len(s.game.log)
        move = s.auto if s.step() == "auto" else s.bot_act
        if not (self.guarded(move, tell=True) and self.run_autos()):
            self.show()
            return
        showdown = any(isinstance(e, ev.Showdown) for e in s.game.log[before:])
        if showdown and s.step() in ("bot", "auto") and not self.skipping:
            self.show()
            self.timer = self.set_timer(self.delay * SHOWDOWN_PAUSE, self.resume)
            return
        self.advance()

    def resume(self) -> None:
        self.timer = None
        self.advance()

    def skip(self) -> None:
        """Let the bots finish their moves at once."""
        self.skipping = True
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.say("")
        self.advance()

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        app = self.app
        assert isinstance(app, SchockApp)
        key = event.key
        lang = self.lang
        if key == "q":
            app.action_request_quit()
            return
        if key in ("question_mark", "f1"):
            app.push_screen(
                InfoScreen(say(lang, "help.title"), say(lang, "help.body"), say(lang, "help.foot"))
            )
            return
        if key == "r":
            app.push_screen(
                InfoScreen(
                    say(lang, "rules.title"), rules_body(self.session, lang), say(lang, "help.foot")
                )
            )
            return
        if self.too_small:
            return
        step = self.session.step()
        if step == "over":
            if key == "n":
                app.request_rematch()
                return
            self.say(say(lang, "over.keys", name=self.loser_name()))
            return
        if step in ("bot", "auto"):
            if key in ("space", "enter"):
                self.skip()
            else:
                actor = self.session.game.actor
                assert actor is not None
                self.say(say(lang, "wait.bot", name=self.session.game.seats[actor].name))
            return
        if key == "h":
            self.hint()
            return
        self.human_key(key, event.character)

    def human_key(self, key: str, character: str | None) -> None:
        lang = self.lang
        s = self.session
        try:
            action = s.key_action(key)
        except NoSuchDie as exc:
            self.say(say(lang, "hidden.die" if exc.hidden else "no.die", n=exc.number), error=True)
            return
        if action is None:
            shown = character if character and character.isprintable() else key
            self.say(say(lang, "unknown.key", key=shown), error=True)
            return
        try:
            s.act(action)
        except IllegalActionError as exc:
            self.say(illegal_text(exc, s.game.rules, lang), error=True)
            return
        except InvalidInputError as exc:  # pragma: no cover - keys make only well-formed actions
            self.say(say(lang, "error", message=exc.localized(lang)), error=True)
            return
        self.say("")
        self.advance()

    def hint(self) -> None:
        """Ask the turn solver for the choices of the human to move, with their odds."""
        lang = self.lang
        s = self.session
        actor = s.game.actor
        assert actor is not None
        title = hint_title(s.game.seats[actor].name, lang)
        if s.game.view(actor).phase == "einkaufen":  # the solver does not rate it: say what it means
            body = Text(say(lang, "hint.einkaufen"))
            self.app.push_screen(InfoScreen(title, body, say(lang, "hint.einkaufen.foot")))
            return
        try:
            hints = importlib.import_module("schock.solver.hints").hints
        except (ImportError, AttributeError):
            self.say(say(lang, "hint.unavailable"), error=True)
            return
        choices: Sequence[Choice]
        try:
            choices = hints(s.game.view(actor))
        except InvalidInputError:  # nothing to decide (e.g. Einkaufen)
            choices = ()
        if not choices:
            self.say(say(lang, "hint.nothing"))
            return
        self.app.push_screen(
            InfoScreen(
                title,
                hint_body(choices, lang, s.game.view(actor).turn_of(actor)),
                say(lang, "hint.foot"),
            )
        )


class SchockApp(App[PlayResult]):
    """``schock play``: one game of Schocken in the terminal."""

    TITLE = "schock"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", show=False, priority=True),
        Binding("ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self,
        session: Session,
        *,
        lang: str = "de",
        delay: float = 0.6,
        save_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.delay = delay
        self.save_path = save_path or Path(f"schock-{session.game.rules.id}.json")
        self.saved_at: int | None = None  # how many actions the last saved record had
        self.saved_path: Path | None = None
        self.own_save: Path | None = None  # where this very game was last saved
        self.games = 1
        self.tally: dict[str, int] = {p.name: 0 for p in session.players}
        self.counted = False  # the current game's loser has his Strich

    def get_default_screen(self) -> Screen[Any]:
        return GameScreen(self.session, lang=self.lang, delay=self.delay)

    @property
    def game_screen(self) -> GameScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def save(self, path: Path) -> None:
        """Write the game record to ``path`` (raises OSError)."""
        path.write_text(self.session.record_text(), encoding="utf-8")
        self.saved_at = len(self.session.game.actions)
        self.saved_path = path
        self.own_save = path

    def count_game(self) -> dict[str, int]:
        """The Striche of the evening, with the current game's loser once it is over."""
        g = self.session.game
        if g.over and g.loser is not None and not self.counted:
            self.counted = True
            name = g.seats[g.loser].name
            self.tally[name] = self.tally.get(name, 0) + 1
        return self.tally

    def request_rematch(self) -> None:
        """A rematch (``n`` once the game is over): where the finished game's record
        is not saved yet, a box offers to save it first, so it is never lost unasked."""
        g = self.session.game
        if self.saved_at == len(g.actions) or self.on_disk():
            self.rematch()
            return

        def done(answer: str | None) -> None:
            if answer is not None:
                self.rematch()

        self.push_screen(
            QuitScreen(
                lang=self.lang,
                over=True,
                default_path=self.save_path,
                save=self.save,
                starter=g.seats[g.loser].name if g.loser is not None else "",
                own=self.own_save,
                rematch=True,
            ),
            done,
        )

    def rematch(self) -> None:
        """A new game of the same table once this one is over; the loser starts."""
        old = self.session
        self.session = old.rematch()
        self.games += 1
        self.counted = False
        self.saved_at = None
        self.own_save = None
        stem = self.save_path.stem.removesuffix(f"-{self.games - 1}")
        self.save_path = self.save_path.with_name(f"{stem}-{self.games}.json")
        screen = self.game_screen
        screen.session = self.session
        screen.skipping = False
        screen.say(say(self.lang, "rematch", name=old.game.seats[old.game.loser or 0].name))
        screen.advance()

    def on_disk(self) -> bool:
        """Whether the save file already holds this very record (a resumed game
        that nobody moved on)."""
        try:
            return self.save_path.read_text(encoding="utf-8") == self.session.record_text()
        except (OSError, UnicodeDecodeError):
            return False

    def result(self) -> PlayResult:
        g = self.session.game
        loser = g.seats[g.loser].name if g.loser is not None else None
        tally = tuple(self.count_game().items()) if self.games > 1 or g.over else ()
        return PlayResult(self.saved_path, g.over, loser, tally)

    def action_request_quit(self) -> None:
        """Quit; with a game that would be lost, ask first (a second Ctrl-C quits)."""
        if isinstance(self.screen, QuitScreen):
            self.exit(self.result())
            return
        g = self.session.game
        if not g.actions or self.saved_at == len(g.actions) or self.on_disk():
            self.exit(self.result())
            return

        def done(answer: str | None) -> None:
            if answer == "rematch":
                self.request_rematch()
            elif answer is not None:
                self.exit(self.result())

        starter = g.seats[g.loser].name if g.loser is not None else ""
        self.push_screen(
            QuitScreen(
                lang=self.lang,
                over=g.over,
                default_path=self.save_path,
                save=self.save,
                starter=starter,
                own=self.own_save,
            ),
            done,
        )
