"""What every request passes through, outermost first (see :func:`install`):

- :class:`ForwardedGuard`: ``X-Forwarded-*`` headers from an address that is not a
  configured proxy are refused (400), so nobody can pretend to be another client;
  uvicorn's ProxyHeadersMiddleware then believes them from the configured proxies only.
- :class:`SubPath`: the app behind a proxy under a sub-path (``--root-path /schock``):
  the pages' own links, form targets and redirects get the prefix.
- :class:`Hardening`: security headers on every answer (CSP, no referrer, no framing,
  no sniffing) and an Origin check on every form post (a cross-origin post is refused
  with a clear message and changes nothing; same-origin and no Origin are allowed;
  ``Sec-Fetch-Site`` decides when the browser sends ``Origin: null``).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from schock.web.logs import AccessLog
from schock.web.settings import Settings
from schock.web.texts import text

#: Headers that change the links the server hands out: refused unless a trusted proxy sent
#: them. ``X-Forwarded-For`` alone is not among them: forward proxies of phone carriers and
#: offices add it to ordinary requests, so from anybody else it is only not believed.
FORWARDED = (b"x-forwarded-proto", b"x-forwarded-host", b"forwarded")
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}

#: No script but our own files; styles may be inline (the statistics plots are SVG with
#: style attributes); nothing may frame a page; forms post only here.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
SECURITY_HEADERS = (
    ("content-security-policy", CSP),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
)


def install(app: Any, settings: Settings) -> None:
    """Add the middleware to a FastAPI app (the last added runs first)."""
    app.add_middleware(Hardening, settings=settings)
    app.add_middleware(SubPath, root=settings.root)
    if settings.access_log:
        app.add_middleware(AccessLog)
    proxies = list(settings.forwarded_allow_ips)
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)
    app.add_middleware(ForwardedGuard, proxies=proxies)


def lang_of(scope: Scope) -> str:
    """``en`` when the query string asks for English, else ``de``."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return "en" if query.get("lang") == ["en"] else "de"


async def refuse(scope: Scope, send: Send, status: int, key: str, **params: object) -> None:
    """Answer with a refusal in the request's language: JSON for the API, else plain text;
    a websocket is closed (policy violation) before it is accepted."""
    de, en = text(key, "de", **params), text(key, "en", **params)
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": en[:120]})
        return
    if scope.get("path", "").startswith("/api/"):
        body = json.dumps({"type": "error", "code": key, "de": de, "en": en}).encode()
        kind = b"application/json"
    else:
        body = (en if lang_of(scope) == "en" else de).encode() + b"\n"
        kind = b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ForwardedGuard:
    """Refuse link-changing forwarded headers from an address that is not a configured
    proxy (an untrusted ``X-Forwarded-For`` is ignored by the proxy-headers middleware)."""

    def __init__(self, app: ASGIApp, proxies: list[str]) -> None:
        self.app = app
        self.proxies = proxies
        self.trusted = ProxyHeadersMiddleware(app, proxies).trusted_hosts  # type: ignore[arg-type]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            names = {name for name, _ in scope["headers"]}
            sent = [n.decode() for n in FORWARDED if n in names]
            peer = scope["client"][0] if scope.get("client") else ""
            if sent and peer not in self.trusted:
                await refuse(scope, send, 400, "untrusted_forward", header=sent[0], peer=peer,
                             allowed=", ".join(self.proxies) or "-")
                return
        await self.app(scope, receive, send)


_ABSOLUTE = re.compile(rb'(\s(?:href|src|action)=")/(?!/)')


class SubPath:
    """Serve under ``root`` (``/schock``): paths arrive with or without it (a proxy that
    strips it, or not); the app's absolute links, form targets and redirects get it."""

    def __init__(self, app: ASGIApp, root: str) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        root = self.root
        if not root or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if not (path == root or path.startswith(root + "/")):
            path = root + path
        scope = {**scope, "root_path": root, "path": path,
                 "raw_path": path.encode("utf-8")}
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        html = False
        chunks: list[bytes] = []

        async def wrapped(message: Message) -> None:
            nonlocal start, html
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                location = headers.get("location")
                if location and location.startswith("/") and not location.startswith("//"):
                    headers["location"] = root + location
                html = headers.get("content-type", "").startswith("text/html")
                if not html:
                    await send(message)
                else:
                    start = message
                return
            if not html:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            assert start is not None
            body = _ABSOLUTE.sub(rb"\1" + root.encode() + b"/", b"".join(chunks))
            MutableHeaders(scope=start)["content-length"] = str(len(body))
            await send(start)
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, wrapped)


class Hardening:
    """Security headers on every answer; the Origin check on every unsafe request."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    def allowed(self, headers: Headers) -> bool:
        """Whether an unsafe request may come from where it says it comes from.

        Under ``Referrer-Policy: no-referrer`` browsers send ``Origin: null`` even for
        this site's own forms, so the browser's ``Sec-Fetch-Site`` decides when it is
        there; an ``Origin`` that names a site must be this one; ``null`` without
        ``Sec-Fetch-Site`` is refused; a request with neither (not from a page) passes."""
        origin = headers.get("origin")
        if origin is not None and origin != "null" and not self.same_origin(origin, headers):
            return False
        site = headers.get("sec-fetch-site")
        if site is not None:
            return site in ("same-origin", "none")
        return origin != "null"

    def same_origin(self, origin: str, headers: Headers) -> bool:
        """Whether a request's ``Origin`` is this server as its browser reached it."""
        url = urlsplit(origin)
        if url.scheme not in ("http", "https") or not url.hostname:
            return False
        mine = {_netloc(headers.get("host", ""), url.scheme)}
        if self.settings.base_url:
            base = urlsplit(self.settings.base_url)
            if base.scheme == url.scheme:
                mine.add(_netloc(base.netloc, base.scheme))
        if headers.get("x-forwarded-host"):  # only a trusted proxy's gets this far
            mine.add(_netloc(headers["x-forwarded-host"].split(",")[0].strip(), url.scheme))
        return _netloc(url.netloc, url.scheme) in mine

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] in UNSAFE and not self.allowed(headers):
            origin = headers.get("origin", "")
            if origin in ("", "null") and "sec-fetch-site" in headers:
                origin = "Sec-Fetch-Site: " + headers["sec-fetch-site"]
            await refuse(scope, send, 403, "cross_origin", origin=origin[:100])
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    out.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, secured)


def _netloc(netloc: str, scheme: str) -> str:
    """``host:port`` in lower case, the scheme's default port left out.

    >>> _netloc("Schock.Example:443", "https"), _netloc("10.0.0.2:8000", "http")
    ('schock.example', '10.0.0.2:8000')
    """
    value = netloc.strip().lower()
    default = ":443" if scheme == "https" else ":80"
    return value[: -len(default)] if value.endswith(default) else value
