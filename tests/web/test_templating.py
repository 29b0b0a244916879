"""How the pages' templates are drawn: the same answers, for less CPU."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from jinja2 import Environment

from web import create_app


def test_a_dicts_keys_and_attributes_read_as_jinjas_own_environment_reads_them(
    tmp_path: Path,
) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "test-only-key"})
    try:
        source = (
            "{{ d.n }}|{{ d.missing is defined }}|{{ d.items()|list|length }}|{{ d.get('n') }}"
            "|{{ d.keys }}|{{ o.n }}|{{ d.x.y is defined }}"
        )
        values = {
            "d": {"n": 3, "keys": "a key named like a method", "x": {}},
            "o": OrderedDict(n=4),
        }
        ours = app.jinja_env.from_string(source).render(values)
        jinjas = Environment(autoescape=True).from_string(source).render(values)
        assert ours == jinjas
        assert ours.startswith("3|False|3|3|&lt;built-in method keys")
    finally:
        app.extensions["tables"].close()
