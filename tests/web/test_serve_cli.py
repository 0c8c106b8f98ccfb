"""``schock serve``: prints the address, passes the settings, refuses a bad --db."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import schock.cli.serve as serve_module
from schock.cli import main
from schock.web import urls


def test_serve_prints_the_address_and_runs_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = run_fake(monkeypatch)
    db = tmp_path / "x.db"
    r = CliRunner().invoke(main, ["serve", "--port", "8123", "--db", str(db), "--bot-delay", "0"])
    assert r.exit_code == 0, r.output
    assert "http://127.0.0.1:8123/" in r.output
    assert seen["port"] == 8123 and seen["host"] == "127.0.0.1"
    assert seen["app"].state.settings.db == str(db)


def test_serve_default_db_in_the_app_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_module, "serve_app", lambda app, on_ready, **kw: on_ready())
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(urls, "lan_addresses", lambda: ("192.168.1.20", "2001:db8::5"))
    r = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0"])
    assert r.exit_code == 0, r.output
    assert "schock: http://192.168.1.20:8000/ im Browser öffnen" in r.output
    assert "auch erreichbar unter http://[2001:db8::5]:8000/" in r.output
    assert "Mit dem Handy scannen:" in r.output and "█" in r.output  # the QR code
    assert (Path(tmp_path) / "schock").is_dir() or any(Path(tmp_path).rglob("schock"))


def test_serve_refuses_a_bad_db() -> None:
    r = CliRunner().invoke(main, ["serve", "--db", "nosuchdialect://x"])
    assert r.exit_code == 2 and r.output.startswith("Fehler: ")


def run_fake(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, on_ready: Any = None, **kw: Any) -> None:
        seen["app"] = app
        seen.update(kw)
        if on_ready is not None:
            on_ready()  # the server answers

    monkeypatch.setattr(serve_module, "serve_app", fake_run)
    return seen


def test_serve_takes_every_setting_from_schock_environment_variables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = run_fake(monkeypatch)
    env = {"SCHOCK_DB": str(tmp_path / "env.db"), "SCHOCK_BASE_URL": "https://schock.example/k/",
           "SCHOCK_PORT": "8124", "SCHOCK_BOT_DELAY": "0.2", "SCHOCK_FORWARDED_ALLOW_IPS":
           "127.0.0.1, 10.0.0.0/8", "SCHOCK_MAX_TABLES_PER_HOST": "3", "SCHOCK_RATE": "5",
           "SCHOCK_BURST": "7", "SCHOCK_MAX_SPECTATORS_PER_TABLE": "9",
           "SCHOCK_ADDRESS_RATE": "11", "SCHOCK_ADDRESS_BURST": "13",
           "SCHOCK_METRICS_ALLOW": "127.0.0.1, 10.9.0.0/16"}
    r = CliRunner().invoke(main, ["serve", "--lang", "en"], env=env)
    assert r.exit_code == 0, r.output
    assert "schock: open https://schock.example/k/ in your browser" in r.output
    s = seen["app"].state.settings
    assert (s.db, s.base_url, s.root, s.port, s.bot_delay) == (
        str(tmp_path / "env.db"), "https://schock.example/k", "/k", 8124, 0.2)
    assert s.forwarded_allow_ips == ("127.0.0.1", "10.0.0.0/8")
    assert (s.max_tables_per_host, s.rate, s.burst, s.max_spectators_per_table) == (3, 5, 7, 9)
    assert (s.address_rate, s.address_burst, s.metrics_allow) == (
        11, 13, ("127.0.0.1", "10.9.0.0/16"))
    assert seen["port"] == 8124 and seen["proxy_headers"] is False  # the app checks proxies
    r = CliRunner().invoke(main, ["serve", "--port", "8125"], env=env)  # options beat the env
    assert seen["port"] == 8125


@pytest.mark.parametrize(("args", "de", "en"), [
    (["--base-url", "ftp://schock.example"], "Basis-Adresse 'ftp://schock.example': keine http(s)",
     "base URL 'ftp://schock.example': not an http(s) address with a host"),
    (["--base-url", "https://"], "keine http(s)-Adresse mit Rechnername", "with a host"),
    (["--root-path", "/a b"], "Unterpfad '/a b'", "root path '/a b'"),
    (["--forwarded-allow-ips", "proxy"], "Vertrauter Proxy 'proxy'", "trusted proxy 'proxy'"),
    (["--metrics-allow", "prometheus"], "Adresse für /metrics 'prometheus'",
     "metrics address 'prometheus'"),
    (["--db", "/nonexistent/dir/x.db"], "Datenbank nicht nutzbar (nichts wurde geschrieben)",
     "cannot use the database (nothing was written): database '/nonexistent/dir/x.db'"),
    (["--db", "nosuchdialect://x"], "Datenbank nicht nutzbar", "cannot use the database"),
])
def test_serve_refuses_bad_input_in_one_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], de: str, en: str
) -> None:
    seen = run_fake(monkeypatch)
    db = ["--db", str(tmp_path / "never.db")] if "--db" not in args else []
    for lang, want in (("de", de), ("en", en)):
        r = CliRunner().invoke(main, ["serve", *db, *args, "--lang", lang])
        assert r.exit_code == 2, r.output
        assert r.output.startswith("Fehler: " if lang == "de" else "Error: "), r.output
        assert want in r.output, r.output
        assert len(r.output.strip().splitlines()) == 1
    assert not (tmp_path / "never.db").exists() and not seen


def test_serve_refuses_an_unreachable_database_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = run_fake(monkeypatch)
    r = CliRunner().invoke(main, ["serve", "--db", "postgresql://u@127.0.0.1:1/x", "--lang", "en"])
    assert r.exit_code == 2 and "cannot use the database" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1 and not seen


def test_every_setting_is_in_the_configuration_table() -> None:
    from schock.cli.serve import serve

    doc = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text()
    rows = [line for line in doc.splitlines() if line.startswith("| `--")]
    for p in serve.params:
        if p.name == "lang":
            continue
        assert p.envvar == "SCHOCK_" + str(p.name).upper(), p.name
        assert any(f"`{p.opts[0]}`" in r and f"`{p.envvar}`" in r for r in rows), p.name


def test_the_address_is_printed_only_once_the_server_answers(tmp_path: Path) -> None:
    """Issue 27 item 7: ``schock serve`` prints its address after the server listens: the
    moment the first line appears, a request to that address is answered. A port that is
    taken prints no address and ends with uvicorn's status 3."""
    import os
    import re
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [sys.executable, "-m", "schock", "serve", "--port", str(port), "--db",
           str(tmp_path / "s.db"), "--lang", "en"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # waits for the announcement, however long it takes
        url = re.search(r"http://\S+/", first)
        assert url is not None, first
        with urllib.request.urlopen(url.group(0) + "api/health", timeout=10) as answer:
            assert answer.status == 200
    finally:
        proc.terminate()
        proc.wait(60)

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        r = CliRunner().invoke(main, ["serve", "--port", str(busy), "--db", str(tmp_path / "b.db")])
    assert r.exit_code == 3 and "http://" not in r.output, r.output
