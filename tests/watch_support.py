"""Shared checks of the watch tests: a scripted game followed view by view."""

from __future__ import annotations

from collections.abc import Sequence

from companion.watch.infer import Applied
from companion.watch.loop import Watcher
from companion.watch.model import TableModel
from companion.watch.video import Script
from engines.core import Move, State


def follow_views(
    model: TableModel,
    script: Script,
    start: State | None = None,
    phone: Sequence[Move] | None = None,
) -> Watcher:
    """A watcher shown the view after each change of ``script``; every change must apply.

    Args:
        model: The game's table model.
        script: The scripted game.
        start: The watcher's first state (the script's own by default).
        phone: The moves the phones send (the script's hidden moves by default).
    """
    reaches = script.reaches(model)
    assert len(reaches) >= 20
    hidden = script.hidden(model) if phone is None else phone
    watcher = Watcher(model, script.start if start is None else start, list(hidden))
    for _, last in reaches:
        judged = watcher.judge(model.view(script.states[last]))
        assert judged is not None and isinstance(judged.result, Applied), judged
    return watcher


def same_game(watcher: Watcher, script: Script) -> None:
    """The watcher applied exactly the script's moves and reached its end."""
    assert [m.notation() for m in watcher.moves] == [m.notation() for m in script.moves]
    assert watcher.state.outcome() == script.states[-1].outcome()
