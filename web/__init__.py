"""The phone-first web app: a Flask app factory with blueprints.

It talks to ``companion`` only and holds no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (tests, embedding)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(SECRET_KEY=None, MAX_CONTENT_LENGTH=16 * 1024 * 1024)
    if test_config is not None:
        app.config.from_mapping(test_config)

    from web import home

    app.register_blueprint(home.bp)
    return app
