"""Issue 24 item 1: links come from --base-url or the socket's address, never the Host header;
the start page warns about loopback links; a sub-path behind a proxy; forwarded headers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webhelp import tables_from

from schock.errors import InvalidInputError
from schock.web import Settings, create_app, urls

SEATS = [{"name": "Anna"}, {"name": "Ben"}]


def client(tmp_path: Path, base: str = "http://testserver", **kw: Any) -> TestClient:
    return TestClient(create_app(Settings(db=str(tmp_path / "a.db"), bot_delay=0, **kw)),
                      base_url=base)


def new_table(c: TestClient, **headers: str) -> dict[str, Any]:
    r = c.post("/api/tables", json={"preset": "ferschweiler", "seats": SEATS}, headers=headers)
    assert r.status_code == 201, r.text
    info: dict[str, Any] = r.json()
    return info


def all_links(info: dict[str, Any]) -> list[str]:
    return [info["host_link"], info["spectator_link"], *(s["link"] for s in info["seats"])]


def test_base_url_builds_every_link_whatever_the_host_header(tmp_path: Path) -> None:
    with client(tmp_path, base_url="https://schock.example/") as c:
        info = new_table(c, host="evil.example")
        assert all(x.startswith(f"https://schock.example/t/{info['table']}") for x in all_links(info))
        page = c.post("/tables", data={"preset": "ferschweiler", "name0": "A", "name1": "B"},
                      headers={"host": "evil.example"}).text
        assert "evil.example" not in page and "https://schock.example/t/" in page
        assert "loopback-warning" not in c.get("/").text


def test_without_base_url_links_follow_the_socket_not_the_host_header(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        info = new_table(c, host="evil.example")
        assert all(x.startswith("http://testserver/t/") for x in all_links(info))


def test_listening_everywhere_a_loopback_visit_hands_out_the_lan_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(urls, "lan_addresses", lambda: ("192.168.1.20", "fd00::2"))
    with client(tmp_path, "http://127.0.0.1:8000", host="0.0.0.0", port=8000) as c:
        info = new_table(c)
        assert info["host_link"].startswith("http://192.168.1.20:8000/t/")
        assert "loopback-warning" not in c.get("/").text
    monkeypatch.setattr(urls, "lan_addresses", lambda: ())  # no network at all: warn
    with client(tmp_path, "http://127.0.0.1:8000", host="0.0.0.0") as c:
        assert "loopback-warning" in c.get("/").text


def test_the_start_page_warns_when_links_point_at_this_machine(tmp_path: Path) -> None:
    with client(tmp_path, "http://127.0.0.1:8000") as c:
        de = c.get("/").text
        assert 'id="loopback-warning"' in de and "http://127.0.0.1:8000" in de
        assert "nur dieser Rechner" in de and "--host 0.0.0.0" in de
        assert "only this computer" in c.get("/?lang=en").text
        bad = c.post("/tables", data={"preset": "nope"})  # the refused form keeps the warning
        assert bad.status_code == 400 and "loopback-warning" in bad.text
    with client(tmp_path, "http://[::1]:8000") as c:
        assert "loopback-warning" in c.get("/").text
    with client(tmp_path, "http://192.168.1.20:8000") as c:
        assert "loopback-warning" not in c.get("/").text


def test_printed_sheets_take_the_base_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from schock.web import tournament_pages

    seen: dict[str, str] = {}

    def fake_print(_db: Any, _tid: str, _kind: str, base_url: str, *_a: Any) -> bytes:
        seen["base"] = base_url
        return b"%PDF"

    monkeypatch.setattr(tournament_pages, "print_job", fake_print)
    monkeypatch.setattr(tournament_pages, "_organizer_access", lambda request, tid, k: (
        type("A", (), {"secret": "s"})()))
    with client(tmp_path, base_url="https://schock.example/kneipe") as c:
        c.app.state.offload_pool = ThreadPoolExecutor(1)  # type: ignore[attr-defined]
        r = c.get("/turnier/x/print/plan.pdf?k=s", headers={"host": "evil.example"})
    assert r.status_code == 200 and seen["base"] == "https://schock.example/kneipe"


def test_a_sub_path_prefixes_links_forms_redirects_and_assets(tmp_path: Path) -> None:
    with client(tmp_path, base_url="https://bar.example/schock") as c:
        for path in ("/", "/schock/"):  # a proxy that strips the prefix, or one that keeps it
            page = c.get(path).text
            assert 'href="/schock/static/style.css"' in page
            assert 'action="/schock/tables' in page
            assert not re.search(r'(?:href|src|action)="/(?!schock/|/)', page), page
        assert c.get("/schock/static/table.js").status_code == 200
        info = new_table(c)
        assert info["host_link"].startswith("https://bar.example/schock/t/")
        kept = c.post("/api/keep", json={"names": ["Anna", "Ben"]}).json()
        assert kept["link"] == f"https://bar.example/schock/keep/{kept['id']}"
        table = c.get(f"/t/{info['table']}").text
        assert 'src="/schock/static/table.js"' in table
        r = c.post("/abend/groups", data={"name": "Stammtisch"}, follow_redirects=False)
        if r.status_code == 303:  # the evening pages answer with a redirect to the new group
            assert r.headers["location"].startswith("/schock/abend/")
        with c.websocket_connect(f"/ws/tables/{info['table']}") as ws:
            ws.send_json({"type": "hello", "lang": "de"})
            assert ws.receive_json()["type"] == "welcome"


def test_root_path_alone_and_bad_values() -> None:
    assert Settings(db="x", root_path="schock/").root == "/schock"
    assert Settings(db="x", base_url="https://a.example/x", root_path="/").root == ""
    for bad in ("ftp://a.example", "https://", "a.example", "https://a.example/?q=1",
                "https://u@a.example", "http://a.example:99999"):
        with pytest.raises(InvalidInputError, match="base URL"):
            Settings(db="x", base_url=bad)
    with pytest.raises(InvalidInputError, match="root path"):
        Settings(db="x", root_path="/../etc")
    with pytest.raises(InvalidInputError, match="trusted proxy"):
        Settings(db="x", forwarded_allow_ips=("proxy.local",))


def test_forwarded_headers_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    with client(tmp_path) as c:  # nobody is trusted: a link-changing header is refused
        r = c.post("/api/tables", json={"preset": "ferschweiler", "seats": SEATS},
                   headers={"x-forwarded-proto": "https"})
        assert r.status_code == 400 and r.json()["code"] == "untrusted_forward"
        assert "testclient" in r.json()["en"] and "x-forwarded-proto" in r.json()["en"]
        assert tables_from(c, "testclient") == 0  # nothing written
        # X-Forwarded-For, as a carrier's or an office's forward proxy adds it, is not
        # believed (the table counts for the real peer), but the request goes through
        r = c.post("/api/tables", json={"preset": "ferschweiler", "seats": SEATS},
                   headers={"x-forwarded-for": "1.2.3.4"})
        assert r.status_code == 201, r.text
        assert tables_from(c, "1.2.3.4") == 0 and tables_from(c, "testclient") == 1
        page = c.get("/?lang=en", headers={"x-forwarded-host": "evil.example"})
        assert page.status_code == 400 and page.text.startswith("refused: the x-forwarded-host")
        assert c.get("/", headers={"forwarded": "for=1.2.3.4"}).text.startswith("Abgelehnt")
    with client(tmp_path, forwarded_allow_ips=("10.0.0.0/8",)) as c:
        r = c.get("/api/health", headers={"x-forwarded-proto": "https"})
        assert r.status_code == 400 and "10.0.0.0/8" in r.json()["en"]
    with client(tmp_path, forwarded_allow_ips=("*",)) as c:  # the proxy names the client
        new_table(c, **{"x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https"})
        assert tables_from(c, "203.0.113.9") == 1
        info = new_table(c, **{"x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https",
                               "x-forwarded-host": "schock.example"})
        assert info["host_link"].startswith("https://schock.example/t/")
        info = new_table(c, **{"x-forwarded-host": "evil.example/x?"})  # not a host: ignored
        assert info["host_link"].startswith("http://testserver/t/")


def test_lan_addresses_skip_loopback_and_put_the_default_route_first(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    import psutil

    real_default_route = urls._default_route_address
    route = real_default_route()
    assert route is None or "." in route

    def addr(family: int, address: str) -> Any:
        return type("A", (), {"family": family, "address": address})()

    monkeypatch.setattr(psutil, "net_if_addrs", lambda: {
        "lo": [addr(socket.AF_INET, "127.0.0.1"), addr(socket.AF_INET6, "::1")],
        "eth0": [addr(socket.AF_INET, "10.1.2.3"), addr(socket.AF_INET6, "fe80::1%eth0"),
                 addr(socket.AF_INET6, "2001:db8::5"), addr(socket.AF_PACKET, "00:11")],
        "wlan0": [addr(socket.AF_INET, "192.168.1.20")],
    })
    monkeypatch.setattr(urls, "_default_route_address", lambda: "192.168.1.20")
    urls.lan_addresses.cache_clear()
    try:
        assert urls.lan_addresses() == ("192.168.1.20", "10.1.2.3", "2001:db8::5")
    finally:
        urls.lan_addresses.cache_clear()


def test_scripts_reach_the_server_relative_to_their_own_address() -> None:
    """Under a sub-path a script's ``/api/...`` would miss the app: module imports and
    fetches are relative to the script (``new URL("../api/...", import.meta.url)``)."""
    from schock.web.app import HERE

    for js in sorted((HERE / "static").glob("*.js")):
        code = js.read_text(encoding="utf-8")
        for bad in ('from "/', 'import "/', 'fetch("/', "fetch(`/", "fetch('/"):
            assert bad not in code, f"{js.name}: {bad}"


def test_a_websocket_with_an_untrusted_forwarded_header_is_closed(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    with client(tmp_path) as c:
        info = new_table(c)
        with pytest.raises(WebSocketDisconnect) as closed, c.websocket_connect(
                f"/ws/tables/{info['table']}", headers={"x-forwarded-host": "evil.example"}):
            pass
        assert closed.value.code == 1008
