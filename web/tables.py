"""The app's tables: the one place routes get the table store, tables, seats and the camera.

The flaskr ``db.py`` of this app. :func:`init_app` opens the table store
(:class:`companion.sessions.TableStore`, one SQLite file under the instance
folder unless ``DATABASE`` names another, or a PostgreSQL server) and the camera's hub
(:class:`companion.live.Live`, with the ``CAMERA`` the app was given, if any)
once per app; :func:`close` stops the camera and closes the store when the app
stops (the server's end, a test's teardown). A request reaches them through
:func:`store` and :func:`camera`, and opens a table by its id (:func:`load`),
a seat by its private token (:func:`seat`) or the host's pages by the host
token (:func:`host`). A wrong token is counted by the wrong-link throttle
(``web.security``, per address and table) and answered 403; a valid one is
never refused. ``DATABASE`` is an SQLite file or a ``postgresql://`` URL.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from companion.live import Camera, Live
from companion.photo_reader import PhotoReader
from companion.sessions import Seat, Table, TableStore
from web.security import refuse_token


def init_app(app: Flask) -> None:
    """Open the app's table store and camera hub (``app.extensions["tables"]``, ``["live"]``)."""
    database = app.config["DATABASE"] or Path(app.instance_path) / "tables.sqlite"
    app.extensions["tables"] = TableStore(
        database,
        cache=int(app.config["TABLE_CACHE"]),
        poll=float(app.config["LIVE_POLL_SECONDS"]),
    )
    app.extensions["photo_reader"] = PhotoReader(
        float(app.config["PHOTO_TIME_CAP_SECONDS"]),
        float(app.config["PHOTO_CPU_SECONDS"]),
        app.config["PHOTO_READER_SETUP"],
    )
    given = app.config["CAMERA"]
    camera = given if given is None or isinstance(given, Camera) else Camera.parse(str(given))
    app.extensions["live"] = Live(app.extensions["tables"], camera)


def close(app: Flask) -> None:
    """Stop the camera's loop and close the table store (the app is stopping)."""
    hub: Live = app.extensions["live"]
    hub.stop()
    app.extensions["departures"].close()  # web.live's watch on the streams' phones
    reader: PhotoReader = app.extensions["photo_reader"]
    reader.close()
    tables: TableStore = app.extensions["tables"]
    tables.close()


def store() -> TableStore:
    """The table store of this request's app."""
    tables: TableStore = current_app.extensions["tables"]
    return tables


def camera() -> Live:
    """The camera hub of this request's app (its ``camera`` is None when it has none)."""
    hub: Live = current_app.extensions["live"]
    return hub


def reader() -> PhotoReader:
    """The process this request's app reads photos in, each within its time cap."""
    found: PhotoReader = current_app.extensions["photo_reader"]
    return found


def load(table_id: str) -> Table:
    """The table ``table_id`` as its log stands (raises ``TableNotFound``: 404)."""
    return store().load(table_id)


def seat(table_id: str, token: str) -> tuple[Table, Seat]:
    """The table and the seat that ``token`` opens there (403 and counted when none does)."""
    table = load(table_id)
    found = table.seat_by_token(token)
    if found is None:
        refuse_token(
            table.id,
            "this link does not open a seat at this table; ask the host for yours",
            "table.not_a_seat",
        )
    return table, found


def host(table_id: str, token: str) -> Table:
    """The table whose host token is ``token`` (403 and counted when it is not)."""
    table = load(table_id)
    if not table.is_host(token):
        refuse_token(
            table.id, "this link does not open the host page of this table", "table.not_host"
        )
    return table
