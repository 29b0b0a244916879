"""Ark Nova's state document (format 1, ``docs/formats/ark_nova.md``): writing and reading.

A document without a ``flow`` is a recorded table (option ``mode`` ``record``);
``"finished": true`` marks a recorded table whose final turns were all taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.ark_nova import scoring
from engines.ark_nova.actions import DISPLAY_FOLDERS, display_problem
from engines.ark_nova.board import Card, PlayerBoard
from engines.ark_nova.flow import Flow
from engines.ark_nova.zoo import Zoo
from engines.core import UNKNOWN, InvalidState, frozen

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState


def body_json(state: ArkNovaState) -> dict[str, Any]:
    """The game-specific part of the state document (``docs/formats/ark_nova.md``)."""
    return {
        "zoos": {p: z.to_json() for p, z in state.zoo_map.items()},
        "trigger": state.trigger,
        "trigger_in_break": state.trigger_in_break,
        "final_turns": list(state.final_turns),
        "boards": {p: b.to_json() for p, b in zip(state.players, state.boards, strict=True)},
        "display": list(state.display),
        **({"flow": state.flow.to_json(state.players)} if state.flow is not None else {}),
    }


def from_body(
    cls: type[ArkNovaState], common: dict[str, Any], body: Mapping[str, Any]
) -> ArkNovaState:
    """A state from its document; a document without a flow is a recorded table."""
    players: tuple[str, ...] = common["players"]
    docs = body["zoos"]
    if not isinstance(docs, Mapping):
        raise InvalidState("'zoos' maps each player's name to their zoo")
    missing = [p for p in players if p not in docs]
    extra = [p for p in docs if p not in players]
    if missing or extra:
        raise InvalidState(
            f"'zoos' must hold one zoo per player: missing {missing or 'none'}, "
            f"not playing {extra or 'none'}"
        )
    zoos = []
    for p in players:
        try:
            zoos.append(Zoo.from_json(docs[p]))
        except ValueError as exc:
            raise InvalidState(f"{p}'s zoo: {exc}") from exc
    boards, display = _table_from_json(players, body)
    turn_flow = Flow.from_json(body["flow"], players) if body.get("flow") else None
    # A document without a flow is a recorded table, whatever its options say.
    common["options"] = {**common["options"], "mode": "turns" if turn_flow else "record"}
    state = cls(
        **common,
        boards=boards,
        display=display,
        zoos=tuple(zoos),
        trigger=body.get("trigger"),
        trigger_in_break=bool(body.get("trigger_in_break", False)),
        final_turns=frozen(tuple(body.get("final_turns", ()))),
        flow=turn_flow,
    )
    _validate_end(state)
    if body.get("finished"):
        state = _finished_from_table(state)
    return state


def _validate_end(state: ArkNovaState) -> None:
    if state.trigger is None:
        if state.final_turns:
            raise InvalidState("'final_turns' are listed but no player triggered the end")
        return
    if state.trigger not in state.players:
        raise InvalidState(f"trigger {state.trigger!r} is not a player of this game")
    for p in state.final_turns:
        if p not in state.players:
            raise InvalidState(f"final turn of {p!r}, who is not a player of this game")


def _finished_from_table(state: ArkNovaState) -> ArkNovaState:
    """A document marked ``"finished": true``: every final turn has been taken.

    Without a ``trigger`` the first zoo in seating order whose markers meet is
    taken as the trigger. Raises ``InvalidState`` when no zoo has reached its
    target, because such a game cannot be over.
    """
    if state.trigger is not None:
        return state.evolve(final_turns=(*state.final_turns, *state.owed_final_turns()))
    for p, zoo in state.zoo_map.items():
        if scoring.triggers_end(zoo):
            trigger = state.evolve(trigger=p)
            return trigger.evolve(final_turns=trigger.owed_final_turns())
    raise InvalidState(
        "the document says the game is finished, but no zoo's appeal has reached the "
        "target of its CP, so the end was never triggered"
    )


def _table_from_json(
    players: tuple[str, ...], body: Mapping[str, Any]
) -> tuple[tuple[PlayerBoard, ...], tuple[Card, ...]]:
    """Boards and display from a state document; both optional (setup values)."""
    docs = body.get("boards", {})
    if not isinstance(docs, Mapping):
        raise InvalidState("'boards' maps player names to their boards")
    extra = [p for p in docs if p not in players]
    if extra:
        raise InvalidState(f"'boards' names {extra[0]!r}, who is not playing")
    boards = []
    for p in players:
        try:
            boards.append(PlayerBoard.from_json(docs.get(p, {})))
        except ValueError as exc:
            raise InvalidState(f"{p}'s board: {exc}") from exc
    raw = body.get("display", [UNKNOWN] * DISPLAY_FOLDERS)
    if not isinstance(raw, list):
        raise InvalidState("'display' lists the six display folders, folder 1 first")
    display = tuple(UNKNOWN if c == UNKNOWN else c for c in raw)
    problem = display_problem(display)
    if problem:
        raise InvalidState(f"display: {problem}")
    return tuple(boards), display
