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
from flask.templating import Environment
from jinja2 import ChoiceLoader

from companion.catalog_info import game_summaries
from web import builtin as builtin
from web.presenters import GameTemplates

MAX_UPLOAD_BYTES = 12 * 1024 * 1024
"""A 12 MP phone photo as JPEG is 3-8 MB; 12 MB leaves room and stops abuse."""

_DICT_ATTRIBUTES = frozenset(dir(dict))


class PageEnvironment(Environment):
    """Flask's Jinja environment, reading ``x.key`` of a dict without raising first.

    Jinja reads ``x.key`` as the attribute, else the item: on a dict (the views,
    drawings and history lines the pages draw) every such read raised and caught
    an ``AttributeError`` first, a sixth of a seat page's CPU (docs/server.md,
    "Measured"). A dict's attributes are its class's, so a name that is not one
    of them is looked up as a key straight away: the same answer, without the
    exception.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides the defaults (tests, embedding)."""
    app = Flask(__name__, instance_relative_config=True)
    # The compiled templates in a plain dict (the templates are a fixed set of files):
    # Jinja's default LRU cache takes a lock on every include, and under load the page
    # threads queue on it behind the interpreter lock (docs/server.md, "Measured").
    app.jinja_options = {**app.jinja_options, "cache_size": -1}
    app.jinja_environment = PageEnvironment
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
        # Live updates on SQLite: the tables streams wait on are read every LIVE_POLL_SECONDS
        # (one query per worker for all of them); PostgreSQL tells the workers at once.
        LIVE_POLL_SECONDS=0.05,
        LIVE_STREAM_SECONDS=300.0,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Live streams one worker holds at once; past it a page is told to come back
        # in LIVE_BUSY_RETRY_SECONDS (each stream holds one of the server's threads).
        LIVE_STREAMS=200,
        LIVE_BUSY_RETRY_SECONDS=2.0,
        # A seat's stream carries its new live regions up to this size (the largest measured:
        # Niagara's player to move with every canoe's forecast, 161 kB); past it the page
        # fetches them (web.live.seat_stream).
        LIVE_REGIONS_BYTES=256 * 1024,
        # Replayed tables each worker keeps in memory (companion.sessions).
        TABLE_CACHE=128,
        # Wrong seat or host links per address and table before it must wait (web.security).
        JOIN_ATTEMPTS=20,
        JOIN_WINDOW_SECONDS=60.0,
        # Photos: per address per window, read at once over all workers, each reader's
        # lease, and how long an upload waits for a free reader (web.security).
        PHOTO_PER_ADDRESS=12,
        PHOTO_WINDOW_SECONDS=60.0,
        PHOTO_READERS=1,
        PHOTO_LEASE_SECONDS=30.0,
        PHOTO_WAIT_SECONDS=20.0,
        # A photo's reading is stopped past this much CPU, or this long waiting for it
        # (companion.photo_reader); the costliest upload under the size limit takes
        # less CPU (bench.photo_cpu).
        PHOTO_CPU_SECONDS=2.0,
        PHOTO_TIME_CAP_SECONDS=10.0,
        # A "module:function" the photo reader runs as it starts (a game registered at run
        # time, such as the tests' sixth game, is registered in the reader too).
        PHOTO_READER_SETUP=None,
        # The camera the live loop reads (companion.live.Camera), None for none.
        CAMERA=None,
        LIVE_PICTURE_SECONDS=0.5,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.debug = False
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)

    from web import (
        errors,
        fragments,
        home,
        host,
        i18n,
        live,
        photos,
        play,
        quick,
        security,
        setup,
        tables,
    )

    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = security.secret_key(instance)
    tables.init_app(app)
    app.extensions["games"] = {g["id"]: g for g in game_summaries()}

    security.init_app(app)
    live.init_app(app)
    errors.init_app(app, upload_forms=photos.UPLOAD_FORMS)
    i18n.init_app(app)
    fragments.init_app(app)
    for blueprint in (home.bp, setup.bp, play.bp, host.bp, live.bp, photos.bp, quick.bp):
        app.register_blueprint(blueprint)
    return app


def warm(app: Flask) -> list[str]:
    """Compile every page template now, so no phone waits for it: a served worker does this
    as it starts (``cli.serve``). Compiling a seat page's templates on its first request
    took about a quarter of a second, paid by the first phone on each worker (and, under
    load, by every request queued behind it). Returns the names compiled."""
    names = [name for name in app.jinja_env.list_templates() if name.endswith(".html")]
    for name in names:
        app.jinja_env.get_template(name)
    return names
