"""Playing at a table: each seat's page, its moves and checks, the public board and scores.

A seat's page and JSON only ever carry ``view(seat)`` and the history as
``public_move(move, seat)``; the public board carries ``view(None)``. A move
names the table's version it was chosen on: a second phone tapping for the
same turn gets 409 with the table as it stands now.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for

from companion import registry, takeback
from companion.games import EngineError, IllegalMove, InvalidMove
from companion.games import advice as advise
from companion.sessions import BadRequest, Conflict, Forbidden, Seat, Table, check
from web import present, tables
from web.errors import error_body, status_of, wants_json
from web.i18n import pick_language
from web.kept import Kept
from web.pages import Page, context, move_form
from web.presenters import PRESENTERS

bp = Blueprint("play", __name__)


def seat_page(
    table: Table,
    seat: Seat,
    *,
    error: EngineError | None = None,
    verdict: dict[str, Any] | None = None,
    template: str = "seat.html",
) -> str:
    """The seat's page: its view, its legal moves as buttons, a refusal or a check's verdict.

    ``template`` ``seat_regions.html`` draws only the page's live regions (:func:`seat_regions`).
    """
    lang = pick_language()
    # A game whose seat template offers its player's moves by touch lists only chance.
    own = PRESENTERS[table.game].own_moves and seat.player in table.state.movers()
    may = table.may_move(seat.player) and not own
    advice = advise(table.state, seat.player) if may else None
    buttons = present.move_buttons(table, lang, advice, actor=seat.player) if may else []
    total = len(table.moves_of(seat.player)) if may else 0
    return render_template(
        template,
        seat=seat,
        board=registry.board(table.state, seat.player, request.args),
        buttons=buttons,
        more=max(0, total - len(buttons)),
        error=error,
        error_code=error.code if isinstance(error, IllegalMove) else None,
        verdict=verdict,
        take_back=takeback.may_take_back(table, seat.player),
        verdict_label=present.move_label(table.game, verdict["json"], lang) if verdict else "",
        **seat_links(table.id, seat.token),
        **context(table, seat.player),
    )


SEAT_LINKS = {
    "take_back_url": "play.seat_take_back",
    "page": "play.seat",
    "regions": "play.seat_regions",
    "regions_stream": "live.seat_stream",
    "post": "play.seat_move",
    "check_url": "play.seat_check",
    "scan_url": "photos.seat_scan",
    "answer_url": "live.seat_answer",
}
"""A seat page's links, by the name its templates know them by: the endpoint."""

_LINKS: Kept[tuple[str, str, str], dict[str, str]] = Kept(4096)


def seat_links(table_id: str, token: str) -> dict[str, str]:
    """The seat page's links (:data:`SEAT_LINKS`), built once per seat and the app's mount
    point: every live update of a seat draws its page again, with the same links."""
    key = (request.script_root, table_id, token)
    links = _LINKS.get(key)
    if links is None:
        links = {
            name: url_for(endpoint, table_id=table_id, token=token)
            for name, endpoint in SEAT_LINKS.items()
        }
        _LINKS.put(key, links)
    return links


def seat_data(table: Table, s: Seat) -> dict[str, Any]:
    """The seat's page as JSON: its view, legal moves, advice, history and the outcome."""
    lang = pick_language()
    may = table.may_move(s.player)
    return {
        "table": table.id,
        "game": table.game,
        "player": s.player,
        "version": table.version,
        "to_move": table.state.to_move,
        "view": table.state.view(s.player),
        "moves": [
            {"notation": b.notation, "move": json.loads(b.json), "label": b.label}
            for b in (present.move_buttons(table, lang, actor=s.player) if may else [])
        ],
        "advice": advise(table.state, s.player) if may else None,
        "history": present.history_json(table, s.player),
        "outcome": present.outcome_json(table),
    }


@bp.get("/t/<table_id>/seat/<token>")
def seat(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    return seat_page(table, s)


@bp.get("/t/<table_id>/seat/<token>/regions")
def seat_regions(table_id: str, token: str) -> Page:
    """The seat page's live regions alone: what ``web/static/live.js`` fetches and swaps in
    when the table moves on (the forms, options and header around them stay as they are)."""
    table, s = tables.seat(table_id, token)
    return seat_page(table, s, template="seat_regions.html")


IN_PLACE = "X-In-Place"
"""The header a seat page's script sends with a move when the page stays where it is
(``web/static/live.js``): the page's own stream brings the new regions, so an applied move
is answered with no page, and a refused one with the regions that say why."""


@bp.post("/t/<table_id>/seat/<token>/move")
def seat_move(table_id: str, token: str) -> Page:
    """Apply the seat's move; the page it lands on, the page's regions or JSON.

    A form sent as a page sends it is answered with the seat's page (303, after a
    move). A page that stays where it is (:data:`IN_PLACE`) gets 204 and the table's new
    version (``X-Table-Version``): its stream carries the new regions, so no page is
    drawn twice. A refusal comes with the regions that say why, in place of the page.
    """
    table, s = tables.seat(table_id, token)
    move, version = move_form()
    in_place = request.headers.get(IN_PLACE) == "1"
    template = "seat_regions.html" if in_place else "seat.html"
    try:
        table = tables.store().submit(table.id, move, actor=s.player, version=version)
    except Conflict as exc:
        # Another phone was first: answer with the table as it stands now.
        now = tables.load(table_id)
        if wants_json():
            return jsonify({**error_body("Conflict", str(exc)), "current": seat_data(now, s)}), 409
        return seat_page(now, s, error=exc, template=template), 409
    except (IllegalMove, InvalidMove, Forbidden) as exc:
        if wants_json():
            raise
        return seat_page(tables.load(table_id), s, error=exc, template=template), status_of(exc)
    if wants_json():
        return jsonify(seat_data(table, s))
    if in_place:
        return Response(status=204, headers={"X-Table-Version": str(table.version)})
    return redirect(url_for("play.seat", table_id=table.id, token=s.token), 303)


@bp.post("/t/<table_id>/seat/<token>/take-back")
def seat_take_back(table_id: str, token: str) -> Page:
    """Take back the seat's own last move (403 when it may not: someone acted since, or the
    move showed it a piece; 409 when the table moved on)."""
    table, s = tables.seat(table_id, token)
    try:
        version = int(request.form.get("version", ""))
    except ValueError:
        raise BadRequest(
            "the request does not say which version of the table it was made on",
            code="table.no_version",
        ) from None
    if version != table.version:
        raise Conflict("the table changed since your page showed it; look again")
    if not takeback.may_take_back(table, s.player):
        raise Forbidden(
            "only your own last move can be taken back, before anyone else acts and when it "
            "showed you no card or tile; the host can undo it",
            code="table.take_back_refused",
        )
    tables.store().undo(table.id, version=version)
    return redirect(url_for("play.seat", table_id=table.id, token=s.token), 303)


@bp.post("/t/<table_id>/seat/<token>/check")
def seat_check(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    move, _ = move_form(versioned=False)
    try:
        verdict = check(table, move, actor=s.player)
    except (InvalidMove, Forbidden) as exc:
        if wants_json():
            raise
        return seat_page(table, s, error=exc), status_of(exc)
    if wants_json():
        return jsonify(verdict)
    return seat_page(table, s, verdict=verdict)


@bp.get("/t/<table_id>/seat/<token>/view.json")
def seat_json(table_id: str, token: str) -> Page:
    table, s = tables.seat(table_id, token)
    return jsonify(seat_data(table, s))


@bp.get("/t/<table_id>")
def board(table_id: str) -> Page:
    table = tables.load(table_id)
    return render_template("board.html", **context(table, None))


@bp.get("/t/<table_id>/board.json")
def board_json(table_id: str) -> Page:
    table = tables.load(table_id)
    return jsonify(
        {
            "table": table.id,
            "game": table.game,
            "version": table.version,
            "to_move": table.state.to_move,
            "view": table.state.view(None),
            "history": present.history_json(table, None),
            "outcome": present.outcome_json(table),
        }
    )


@bp.get("/t/<table_id>/score")
def score(table_id: str) -> Page:
    table = tables.load(table_id)
    outcome = present.outcome_json(table)
    players: list[str] = []
    rows: list[dict[str, Any]] = []
    if outcome is None:
        if wants_json():
            return jsonify(error_body("not_over", "the game is not over yet")), 409
    else:
        players, rows = present.score_rows(table.game, outcome, pick_language())
    if wants_json():
        return jsonify(outcome)
    tie = "" if outcome is None else present.tiebreak(table.game, outcome, pick_language())
    return render_template(
        "score.html",
        outcome=outcome,
        players=players,
        rows=rows,
        tie=tie,
        **context(table, None),
    )
