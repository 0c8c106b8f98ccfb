"""Wire schemas: what a client may send (pydantic), with size limits."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Lang = Literal["de", "en"]
Token = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Msg):
    """The first frame: a seat token and/or the host token (none: a spectator)."""

    type: Literal["hello"]
    token: Token | None = None
    host: Token | None = None
    lang: Lang = "de"


class Act(_Msg):
    """An action in record notation without the seat (``"throw"``, ``"aside 1-1"``),
    on the state numbered ``n`` (the count of actions so far)."""

    type: Literal["act"]
    n: int = Field(ge=0, le=1_000_000)
    action: str = Field(min_length=1, max_length=32)


class HintRequest(_Msg):
    type: Literal["hint"]


class SetLang(_Msg):
    type: Literal["lang"]
    lang: Lang


class HostCommand(_Msg):
    type: Literal["host"]
    command: Literal["start", "pause", "resume", "end", "add_bot", "remove_bot", "replace",
                     "move", "remove", "rematch", "hand_host", "give_back", "clock",
                     "bot_once", "age"]
    seat: int | None = Field(default=None, ge=0, le=11)
    bot: str | None = Field(default=None, max_length=32)
    to: int | None = Field(default=None, ge=0, le=11)
    """``move``: the place the seat moves to (the waiting room, before the start)."""
    age: int | None = None
    """``age``: the age of seat ``seat`` (where the rules need ages; None: unknown)."""
    nudge: int | None = Field(default=None, ge=1, le=3600)
    """``clock``: seconds until the player to decide is nudged (None: never)."""
    takeover: int | None = Field(default=None, ge=1, le=3600)
    """``clock``: seconds until the host may let a bot decide once (None: never)."""


class Rematch(_Msg):
    """A person asks for the next game (the host's starts it at once)."""

    type: Literal["rematch"]


ClientMessage = Annotated[
    Hello | Act | HintRequest | SetLang | HostCommand | Rematch, Field(discriminator="type")
]


class SeatIn(_Msg):
    name: str = Field(min_length=1, max_length=24)
    bot: str | None = Field(default=None, max_length=32)
    age: int | None = None
    """Used where the rules need it (porz: an opening tie is lost by the youngest)."""


class CreateTable(_Msg):
    """``POST /api/tables``: a preset or house-rules TOML, and the seats."""

    preset: str = Field(default="ferschweiler", max_length=40)
    rules_toml: str | None = Field(default=None, max_length=20_000)
    seats: list[SeatIn] = Field(min_length=2, max_length=12)


class HostOnly(_Msg):
    """A call only the host may make (``POST /api/tables/{id}/close``)."""

    host: Token


class JoinTable(_Msg):
    """``POST /api/tables/{id}/join``: the invite token, a free seat (None: a new seat
    with ``name``), the name (empty: keep the free seat's name) and the age (where the
    rules need it; empty: not given)."""

    invite: Token
    seat: int | None = Field(default=None, ge=0, le=11)
    name: str = Field(default="", max_length=40)
    age: int | str | None = Field(default=None)
