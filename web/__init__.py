"""The phone-first web app: a Flask app factory with blueprints by concern.

It talks to ``companion`` only and holds no rules. :mod:`web.tables` opens the
table store (SQLite under the instance folder, or ``DATABASE``) and the camera
once per app and is where every route gets its table and seat; the secret key
is made once and kept in the instance folder too, so a restart keeps every
table and every open page working. Blueprints: :mod:`web.home` (the games,
the language), :mod:`web.setup` (new tables, a saved game continued),
:mod:`web.play` (seat pages and moves, the public board, scores),
:mod:`web.host` (the host's page, undo, the saved state), :mod:`web.live`
(server-sent events, the camera) and :mod:`web.photos` (scans, scores from a
photo). :mod:`web.errors` answers every refusal; :mod:`web.security` keeps
CSRF, headers, the wrong-link throttle and the photo reader. How the pages show
each game is its ``Presenter`` in :mod:`web.presenters`; importing the package
registers the five games (:mod:`web.builtin`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import ChoiceLoader

from companion.catalog_info import game_summaries
from web import builtin as builtin
from web.presenters import GameTemplates

MAX_UPLOAD_BYTES = 12 * 1024 * 1024
"""A 12 MP phone photo as JPEG is 3-8 MB; 12 MB leaves room and stops abuse."""


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (tests, embedding)."""
    app = Flask(__name__, instance_relative_config=True)
    # A link with an empty segment (``/t/X/seat//view.json``: a token lost to a stray
    # newline) is a clear 404, not a 308 redirect to a different route.
    app.url_map.merge_slashes = False
    # The app's templates, then those a game brings in a folder of its own (web.presenters).
    if app.jinja_loader is not None:
        app.jinja_loader = ChoiceLoader([app.jinja_loader, GameTemplates()])
    app.config.from_mapping(
        SECRET_KEY=None,
        DATABASE=None,
        MAX_CONTENT_LENGTH=MAX_UPLOAD_BYTES,
        PUBLIC_URL=None,
        # Live updates: phones see a change within LIVE_POLL_SECONDS (< 1 s, the target).
        LIVE_POLL_SECONDS=0.25,
        LIVE_STREAM_SECONDS=300.0,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Wrong seat or host links per address before it must wait (web.security).
        JOIN_ATTEMPTS=20,
        JOIN_WINDOW_SECONDS=60.0,
        # How long an upload waits for the photo being read before it (web.security).
        PHOTO_WAIT_SECONDS=20.0,
        # The camera the live loop reads (companion.live.Camera), None for none.
        CAMERA=None,
        LIVE_PICTURE_SECONDS=0.5,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.debug = False
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)

    from web import errors, home, host, i18n, live, photos, play, security, setup, tables

    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = security.secret_key(instance)
    tables.init_app(app)
    app.extensions["games"] = {g["id"]: g for g in game_summaries()}

    security.init_app(app)
    errors.init_app(app, upload_forms=photos.UPLOAD_FORMS)
    i18n.init_app(app)
    for blueprint in (home.bp, setup.bp, play.bp, host.bp, live.bp, photos.bp):
        app.register_blueprint(blueprint)
    return app
