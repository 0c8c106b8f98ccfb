"""Issue 24 item 7: security headers on every answer and the Origin check on form posts."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from webhelp import tables_from

from schock.web import Settings, create_app

EVIL = {"origin": "http://evil.example"}


def client(tmp_path: Path, **kw: object) -> TestClient:
    return TestClient(create_app(Settings(db=str(tmp_path / "h.db"), bot_delay=0, **kw)))  # type: ignore[arg-type]


def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        info = c.post("/api/tables", json={"preset": "ferschweiler", "seats": [
            {"name": "A"}, {"name": "B"}]}).json()
        for path in ("/", "/static/style.css", "/api/health", f"/t/{info['table']}", "/nope",
                     "/abend", "/turnier", "/keep"):
            h = c.get(path).headers
            assert "script-src 'self'" in h["content-security-policy"], path
            assert "frame-ancestors 'none'" in h["content-security-policy"]
            assert h["referrer-policy"] == "no-referrer"
            assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"


def test_a_cross_origin_form_post_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        form = {"preset": "ferschweiler", "name0": "Anna", "name1": "Ben"}
        r = c.post("/tables", data=form, headers=EVIL)
        assert r.status_code == 403
        assert r.text.startswith("Abgelehnt: dieses Formular kam von einer fremden Seite "
                                 "(http://evil.example)")
        r = c.post("/tables?lang=en", data=form, headers=EVIL)
        assert r.status_code == 403 and "came from another site" in r.text
        api = c.post("/api/tables", json={"preset": "ferschweiler", "seats": [
            {"name": "A"}, {"name": "B"}]}, headers=EVIL)
        assert api.status_code == 403 and api.json()["code"] == "cross_origin"
        assert c.post("/abend/groups", data={"name": "X"}, headers=EVIL).status_code == 403
        assert c.post("/tables", data=form, headers={"origin": "null"}).status_code == 403
        for site in ("cross-site", "same-site"):  # what the browser itself says
            r = c.post("/tables", data=form, headers={"origin": "null", "sec-fetch-site": site})
            assert r.status_code == 403 and f"(Sec-Fetch-Site: {site})" in r.text
        r = c.post("/tables", data=form, headers={"sec-fetch-site": "same-origin", **EVIL})
        assert r.status_code == 403  # an Origin naming another site is never believed
        assert tables_from(c, "testclient") == 0  # nothing was written
        # the same site, with or without a port, and a post without Origin are fine
        assert c.post("/tables", data=form, headers={"origin": "http://testserver"}).status_code == 200
        assert c.post("/tables", data=form, headers={"origin": "http://testserver:80"}).status_code == 200
        assert c.post("/tables", data=form).status_code == 200
        # under Referrer-Policy no-referrer a browser's own form says Origin: null
        same = {"origin": "null", "sec-fetch-site": "same-origin"}
        assert c.post("/tables", data=form, headers=same).status_code == 200
        assert c.get("/", headers=EVIL).status_code == 200  # reading is not refused


def test_the_base_url_is_the_same_site_behind_a_proxy(tmp_path: Path) -> None:
    with client(tmp_path, base_url="https://schock.example") as c:
        form = {"preset": "ferschweiler", "name0": "Anna", "name1": "Ben"}
        ok = c.post("/tables", data=form, headers={"origin": "https://schock.example"})
        assert ok.status_code == 200
        bad = c.post("/tables", data=form, headers={"origin": "http://schock.example"})
        assert bad.status_code == 403  # another scheme is another site


def test_no_page_has_inline_script_or_event_handlers() -> None:
    """The CSP allows only script files of this site: an inline script would silently not run."""
    import re

    from schock.web.app import HERE

    for page in sorted((HERE / "templates").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"{page.name}: inline script {tag}"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: inline event handler"
