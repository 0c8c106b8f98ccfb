# Maintainer targets. The tests, lint and type checks: see README.md ("On a fresh machine").
PY ?= .venv/bin/python

.PHONY: docs docs-check

# Regenerate everything in docs/ that a script makes: the findings page and figures
# of docs/sim, the preset pages, the equilibrium pages, the tournament printouts and
# every marked number of the hand-written pages (scripts/docs_figures.py).
# Takes a while (minutes per part); the screenshots come from the browser tests.
docs:
	$(PY) scripts/make_sim_docs.py
	$(PY) scripts/make_preset_docs.py
	$(PY) scripts/make_equilibrium_docs.py
	$(PY) scripts/tournament_examples.py
	$(PY) scripts/docs_figures.py --write

# Exit non-zero when a page of docs/ no longer shows what its script prints (all of
# it, the heavy parts too; the test suite checks the quick and slow parts).
docs-check:
	$(PY) scripts/make_sim_docs.py --check
	$(PY) scripts/make_preset_docs.py --check
	$(PY) scripts/make_equilibrium_docs.py --check
	$(PY) scripts/docs_figures.py --check
