"""JSON from outside (records, archives, messages) read without surprises.

:func:`loads_json` refuses what :func:`json.loads` lets through or crashes on:
numbers of thousands of digits (Python's own ValueError), ``NaN`` and
``Infinity``, and nesting deep enough to exhaust the stack. Every failure is
an :class:`~schock.errors.InvalidInputError` that names ``what`` was read.

>>> loads_json('{"a": [1, 2.5]}', "record")
{'a': [1, 2.5]}
>>> loads_json("[" * 5000, "record")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: record: JSON nested too deeply
>>> loads_json('{"seed": ' + "1" * 50 + "}", "record")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: record: a number of 50 digits; allowed: at most 40 digits
"""

from __future__ import annotations

import json
from typing import Any

from schock.errors import InvalidInputError
from schock.messages import Msg

#: Whole numbers read from JSON have at most this many digits (seeds fit in 128 bits).
MAX_INT_DIGITS = 40


class _Refused(Exception):
    """A value json.loads must not return; carries the reason."""


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise _Refused(f"a number of {len(digits)} digits; allowed: at most {MAX_INT_DIGITS} digits")
    return int(text)


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number JSON may hold here; allowed: plain numbers")


def loads_json(text: str, what: str | Msg) -> Any:
    """Parse JSON ``text``; errors say ``what`` it was meant to be (a word, or a
    :class:`~schock.messages.Msg` for a word in the reader's language)."""
    if isinstance(what, Msg) and not isinstance(text, str):
        what = what.text("en")
    if not isinstance(text, str):
        raise InvalidInputError(f"{what}: expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(Msg("json.bad", {"what": what, "line": exc.lineno,
                                                 "col": exc.colno, "reason": exc.msg})) from None
    except _Refused as exc:
        raise InvalidInputError(Msg("input.where", {"where": what, "reason": str(exc)})) from None
    except RecursionError:
        raise InvalidInputError(Msg("json.deep", {"what": what})) from None
