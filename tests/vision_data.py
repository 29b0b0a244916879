"""Where the shared test data lives: ``shared/`` beside the repository checkout."""

from __future__ import annotations

from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The project's ``shared/`` folder (beside the checkout, or beside its parent)."""
    for parent in _REPO.parents:
        candidate = parent / "shared"
        if (candidate / "testdata").is_dir():
            return candidate
    raise FileNotFoundError(f"no shared/testdata beside {_REPO} or its parents")
