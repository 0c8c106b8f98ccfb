"""Write the example printouts of docs/tournament/ (a simulated evening, seeded).

Usage: ``python scripts/tournament_examples.py [OUTDIR]`` (default ``docs/tournament``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from schock.tournament import printing
from schock.tournament.format import load_format
from schock.tournament.simulate import bot_tournament, play_round

NAMES = [
    "Anna Becker",
    "Ben Schmitz",
    "Cem Yilmaz",
    "Dora Müller",
    "Emil Weiß",
    "Frieda Koch",
    "Günter Hahn",
    "Hanna Jäger",
    "Ilse Krämer",
    "Jürgen Groß",
    "Karin Lang",
    "Lutz Brenner",
    "Marie Schäfer",
]


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("docs/tournament")
    out.mkdir(parents=True, exist_ok=True)
    base = "https://schock.example/turnier"
    t = bot_tournament(
        load_format("irmgarteich"), len(NAMES), seed=2026, name="Irmgarteicher Schockturnier"
    )
    t.id = "irmgarteich-2026"
    for number, name in enumerate(NAMES, start=1):
        t.players[number].name = name
        t.players[number].team = "Kegelclub" if number % 3 == 0 else None
    t.draw()
    play_round(t)
    t.draw()
    for kind, name in (("plan", "tischplan"), ("sheets", "spielzettel"), ("cards", "laufkarten")):
        (out / f"{name}.pdf").write_bytes(printing.render(t, kind, rnd=2, base_url=base))
    play_round(t)
    (out / "tabelle.pdf").write_bytes(printing.render(t, "standings"))
    (out / "preise.pdf").write_bytes(printing.render(t, "prizes"))
    porz = bot_tournament(load_format("porz"), 10, seed=7, name="Porzer Schockmeisterschaft")
    porz.id = "porz-2026"
    for number, name in enumerate(NAMES[:10], start=1):
        porz.players[number].name = name
    porz.draw()
    (out / "spielzettel-porz.pdf").write_bytes(printing.render(porz, "sheets", base_url=base))
    print("\n".join(sorted(str(p) for p in out.glob("*.pdf"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
