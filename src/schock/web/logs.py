"""The server's logs: text or JSON lines, an access log that never holds a secret.

Secrets travel in link fragments and the first websocket frame, which never reach
a log; what could are query strings (``?k=`` of tournament tables and organizers)
and paths that are themselves secret links (a kept game's ``/keep/<id>``):
:func:`redact` blanks both.

>>> redact("/turnier/t1/table/1/2", "k=abc123&lang=en")
'/turnier/t1/table/1/2?k=***&lang=en'
>>> redact("/keep/Zq0-p3lN7yWmC4x9sV2tQe", "")
'/keep/***'
>>> redact("/t/abcdefghijklmnop", "")
'/t/abcdefghijklmnop'
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

access_logger = logging.getLogger("schock.access")

#: Query parameters whose values are secrets.
SECRET_PARAMS = frozenset({"k", "key", "token", "secret", "host", "seat", "invite"})
#: A path segment this long of URL-safe characters is a secret (128-bit tokens are 22
#: characters; table ids, which any spectator may know, are 16).
_SECRET_SEGMENT = re.compile(r"[A-Za-z0-9_-]{20,}")


def redact(path: str, query: str) -> str:
    """``path?query`` with secret parameters and secret-looking path segments blanked."""
    parts = ["***" if _SECRET_SEGMENT.fullmatch(p) else p for p in path.split("/")]
    shown = "/".join(parts)
    if query:
        pairs = [(k, "***" if k.lower() in SECRET_PARAMS else v)
                 for k, v in parse_qsl(query, keep_blank_values=True)]
        shown += "?" + urlencode(pairs, safe="*")
    return shown


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message and any ``extra`` fields."""

    FIELDS = ("client", "method", "path", "status", "ms")

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in self.FIELDS:
            if hasattr(record, name):
                data[name] = getattr(record, name)
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def configure(log_format: str, level: int = logging.INFO) -> None:
    """Send schock's and uvicorn's logs to stderr as text or JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in ("schock", "uvicorn", "uvicorn.error"):
        log = logging.getLogger(name)
        log.handlers[:] = [handler]
        log.setLevel(level if name != "uvicorn.error" else logging.WARNING)
        log.propagate = False


class AccessLog:
    """Log every request once it is answered: client, method, redacted path, status, ms."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = [101 if scope["type"] == "websocket" else 500]

        async def watched(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            path = redact(scope.get("path", ""), scope.get("query_string", b"").decode("latin-1"))
            client = scope["client"][0] if scope.get("client") else "-"
            method = scope.get("method", "WS")
            ms = round((time.perf_counter() - began) * 1000, 1)
            access_logger.info("%s %s %s %s %.1fms", client, method, path, status[0], ms,
                               extra={"client": client, "method": method, "path": path,
                                      "status": status[0], "ms": ms})
