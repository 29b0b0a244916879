"""What the pages of a table share: the context they are drawn with and the move they submit.

Every page of a table (seat, host, public board, scores, scan, photo score)
is drawn from :func:`context`: the view of its viewer (a seat's player, or
None for the public table), the drawing and the templates of the game's
presenter (``web.presenters``), the turn line, the history as that
viewer may see it, the camera's status and the seating for a photo of the
end. Nothing here reads a secret the viewer may not see.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion import photo_score
from companion.catalog_info import piece
from companion.games import DocumentError, read_json, whole_number
from companion.sentences import event_text
from companion.sessions import BadRequest, Table
from web import drawings, labels, present, tables
from web.i18n import pick_language
from web.presenters import GENERIC_SEAT, GENERIC_TABLE, PRESENTERS

Page = str | tuple[str, int] | tuple[BaseResponse, int] | BaseResponse
"""What a route answers: a page, a page with its status, or a response."""


def context(table: Table, viewer: str | None) -> dict[str, Any]:
    """The template values every page of ``table`` needs, as ``viewer`` may see it."""
    lang = pick_language()
    status, kind = present.turn_line(table, viewer, lang)
    view = table.state.view(viewer)
    shown = PRESENTERS[table.game]
    return {
        "table": table,
        "game": current_app.extensions["games"][table.game],
        "view": view,
        "drawing": shown.drawing(view) if shown.drawing is not None else None,
        "table_template": shown.table_template or GENERIC_TABLE,
        "seat_template": shown.seat_template or GENERIC_SEAT,
        "viewer": viewer,
        "status": status,
        "status_kind": kind,
        "history": present.history(table, viewer, lang),
        "over": table.state.to_move is None,
        "stream": url_for("live.stream", table_id=table.id),
        "piece": lambda pid: piece(table.game, pid),
        "name": lambda pid: labels.name_of(table.game, pid, lang),
        "move_label": lambda move: present.move_label(table.game, move, lang),
        "total": lambda points: present.total(table.game, points, lang),
        "event_words": lambda event: event_text(table.game, event, lang),
        "colour": lambda player: (
            drawings.player_colour(table.players.index(player))
            if player in table.players
            else "#333"
        ),
        "live": live_status(table.id),
        "photo_scored": photo_score.scored(table.game),
        "seating": seating(table, lang) if photo_score.scored(table.game) else [],
    }


def live_status(table_id: str) -> dict[str, Any] | None:
    """The camera's state for the pages of ``table_id``; None when the app has no camera."""
    hub = tables.camera()
    if hub.camera is None:
        return None
    following = hub.of(table_id)
    busy = hub.busy() and following is None
    return {
        "status": following.status() if following is not None else None,
        "busy": busy,
        "url": url_for("live.status", table_id=table_id),
    }


def seating(table: Table, lang: str) -> list[dict[str, Any]]:
    """Each seat's number, player and mats (as their prints name them in ``lang``), for
    laying the end of the game out."""
    mats = photo_score.seat_mats(table.game, len(table.players))
    return [
        {"seat": n, "player": p, "mats": [photo_score.mat_name(table.game, i, lang) for i in m]}
        for n, (p, m) in enumerate(zip(table.players, mats, strict=True), start=1)
    ]


def public_url(endpoint: str, **values: Any) -> str:
    """A link another device opens (a seat's QR code): under ``PUBLIC_URL`` when set."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


MAX_VERSION = 10**9
"""A table's log never gets near a billion entries; a larger version is not one."""


def version_of(value: Any) -> int:
    """The table version a submission names (a JSON integer or a form's digits).

    Raises:
        BadRequest: 400 when it is missing or not a whole number from 0 to ``MAX_VERSION``
            (``1e400``, ``true``, ``"²"`` and 5,000 digits included).
    """
    try:
        return whole_number(value, what="the version", low=0, high=MAX_VERSION)
    except DocumentError as exc:
        raise BadRequest(
            f"the request does not say which version of the table it was made on: {exc}",
            code="table.no_version",
        ) from exc


def move_form(*, versioned: bool = True) -> tuple[Any, int]:
    """The submitted move (JSON object, JSON text or notation) and the page's version."""
    data: Any = request.form
    if request.is_json:
        try:
            data = read_json(request.get_data())
        except DocumentError as exc:
            raise BadRequest(
                f"the request's JSON cannot be read: {exc}", code="table.bad_json"
            ) from exc
    if not data or not hasattr(data, "get") or "move" not in data:
        raise BadRequest(
            "the request names no move (send a form or a JSON object with 'move')",
            code="table.no_move",
        )
    if not versioned:
        return data["move"], -1
    return data["move"], version_of(data.get("version"))
