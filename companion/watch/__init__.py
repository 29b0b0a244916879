"""Watch the table: project engine states onto the mats, infer moves from readings, follow a camera.

Modules: :mod:`companion.watch.model` (what every game's table model gives),
:mod:`companion.watch.noah`, :mod:`companion.watch.animals_on_board`,
:mod:`companion.watch.hare_tortoise`, :mod:`companion.watch.niagara` and
:mod:`companion.watch.ark_nova` (each game's table projection),
:mod:`companion.watch.infer` (the move or moves that explain a change),
:mod:`companion.watch.loop` (stillness gate, voting and inference over frames).
Mats and tags come from :func:`vision.games.game_vision`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.watch.model import TableModel

WATCHED = ("noah", "animals_on_board", "hare_tortoise", "niagara", "ark_nova")
"""Games whose moves the companion infers from the table."""


def table_model(game: str) -> TableModel:
    """The table model of ``game``.

    Raises:
        KeyError: the companion does not watch that game's moves yet.
    """
    if game == "noah":
        from companion.watch.noah import NoahTable

        return NoahTable()
    if game == "hare_tortoise":
        from companion.watch.hare_tortoise import HareTable

        return HareTable()
    if game == "animals_on_board":
        from companion.watch.animals_on_board import AnimalsOnBoardTable

        return AnimalsOnBoardTable()
    if game == "niagara":
        from companion.watch.niagara import NiagaraTable

        return NiagaraTable()
    if game == "ark_nova":
        from companion.watch.ark_nova import ArkNovaTable

        return ArkNovaTable()
    raise KeyError(f"moves of {game} are not inferred from the table yet")
