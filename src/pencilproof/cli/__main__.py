"""``python -m pencilproof.cli``: the ``pencilproof`` command."""
from .program import run

if __name__ == "__main__":
    run()
