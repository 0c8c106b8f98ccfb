"""Files sent with a form (a game record, house rules): read up to a limit, as UTF-8 text."""

from __future__ import annotations

from typing import Any

from schock.errors import InvalidInputError
from schock.messages import Msg


async def uploaded_text(form: Any, key: str, limit: int) -> tuple[str, str] | None:
    """The text and the file name of the file sent as ``key`` (None: no file chosen).

    Raises InvalidInputError naming the file when it is larger than ``limit`` bytes or
    not UTF-8 text; no more than ``limit + 1`` bytes are read.
    """
    upload = form.get(key)
    if upload is None or isinstance(upload, str) or not upload.filename:
        return None
    name = str(upload.filename)
    data = await upload.read(limit + 1)
    if len(data) > limit:
        raise InvalidInputError(Msg("abend.record_large", {"file": name[:80], "max": limit}))
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError:
        raise InvalidInputError(Msg("abend.record_utf8", {"file": name[:80]})) from None
