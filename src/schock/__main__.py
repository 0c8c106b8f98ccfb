"""``python -m schock``: the ``schock`` command, where the script is not on PATH."""

from schock.cli import main

if __name__ == "__main__":  # pragma: no cover - run as a program
    main(prog_name="schock")
