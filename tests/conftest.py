"""Every test run holds the sixth game, Pond (``tests/sixth/``), beside the five games in
every layer: registered before any test module is collected."""

from __future__ import annotations

from tests import sixth

sixth.register()
