"""The terminal game's boxes over the table: a note to read (:class:`InfoScreen`) and the
question before quitting (:class:`QuitScreen`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from schock.tui.texts import say

ResultT = TypeVar("ResultT")


class Box(ModalScreen[ResultT]):
    """A modal box that closes once: keys typed fast may arrive after it began to close."""

    dismissed = False

    def close_box(self, result: ResultT) -> None:
        if not self.dismissed:
            self.dismissed = True
            self.dismiss(result)


class InfoScreen(Box[None]):
    """A box with a title, a (scrollable) body and a foot; most keys close it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical {
        width: 90%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    InfoScreen .title { text-style: bold; }
    InfoScreen VerticalScroll { height: auto; max-height: 1fr; }
    InfoScreen .foot { color: $text-muted; }
    """

    SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})

    def __init__(self, title: str, body: RenderableType, foot: str) -> None:
        super().__init__()
        self._title = title
        self._body = body
        self._foot = foot

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._title, classes="title")
            with VerticalScroll():
                yield Static(self._body, id="info-body")
            yield Static(self._foot, classes="foot")

    def on_key(self, event: events.Key) -> None:
        if event.key in self.SCROLL_KEYS:
            return
        event.stop()
        self.close_box(None)


class QuitScreen(Box[str | None]):
    """Quit: save the record first (s), quit without saving (o), or go back (Esc).

    Dismisses with the saved path, ``"quit"``, ``"rematch"`` or None (keep playing).
    With ``rematch``, the box asks before a rematch whose finished game is not
    saved yet: save it first (s), go on without saving (n), or go back (Esc);
    it dismisses with ``"rematch"`` (saved or not) or None.
    """

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 76; height: auto; border: thick $warning; background: $surface; padding: 0 1;
    }
    QuitScreen .title { text-style: bold; }
    QuitScreen #save-box { display: none; height: auto; }
    QuitScreen #save-error { color: $error; }
    """

    AUTO_FOCUS = ""  # the file name field takes keys only once "s" has been pressed

    def __init__(
        self,
        *,
        lang: str,
        over: bool,
        default_path: Path,
        save: Callable[[Path], None],
        starter: str = "",
        own: Path | None = None,
        rematch: bool = False,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.over = over
        self.rematch = rematch
        self.default_path = default_path
        self.save = save
        self.starter = starter  # who starts a rematch (the loser), once the game is over
        self.own = own  # the file this game was last saved to (overwriting it needs no question)
        self.asking_path = False
        self.confirmed: Path | None = None  # an existing file the player agreed to overwrite

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical():
            if self.rematch:
                yield Static(say(lang, "rematch.title"), classes="title")
                yield Static(say(lang, "rematch.body", name=self.starter), id="quit-body")
            else:
                yield Static(say(lang, "quit.title"), classes="title")
                yield Static(say(lang, "quit.over" if self.over else "quit.running"))
                body = say(lang, "quit.body.over", name=self.starter) if self.over else None
                yield Static(body or say(lang, "quit.body"), id="quit-body")
            with Vertical(id="save-box"):
                yield Static(say(lang, "save.prompt"))
                yield Input(str(self.default_path), id="save-path")
                yield Static("", id="save-error")

    def on_key(self, event: events.Key) -> None:
        if self.asking_path:
            if event.key == "escape":
                event.stop()
                self.asking_path = False
                self.query_one("#save-box").display = False
                self.query_one("#quit-body").display = True
            return  # everything else goes to the input
        event.stop()
        if event.key == "s":
            self.asking_path = True
            self.query_one("#quit-body").display = False
            self.query_one("#save-box").display = True
            self.query_one("#save-path", Input).focus()
        elif event.key == "o" and not self.rematch:
            self.close_box("quit")
        elif event.key == "n" and self.over:
            self.close_box("rematch")
        elif event.key == "escape":
            self.close_box(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        path = Path(text).expanduser() if text else self.default_path
        if path.exists() and path != self.own and path != self.confirmed:
            # never overwrite a save without asking: a second Enter on the same name does
            self.confirmed = path
            self.query_one("#save-error", Static).update(say(self.lang, "save.exists", path=path))
            return
        try:
            self.save(path)
        except OSError as exc:
            message = f"{path}: {exc.strerror or exc}"
            self.query_one("#save-error", Static).update(
                say(self.lang, "save.error", message=message)
            )
            return
        self.close_box("rematch" if self.rematch else str(path))
