"""A player's take-back: their own last move, until the next player acts, if it showed them nothing.

The log is append-only, so a take-back is the host's undo (one more log entry
that cancels the last move still standing), allowed to a seat only when:

- the last move standing is that seat's own (nobody acted since, not even the
  companion dealing a seeded card after it), and
- the move showed its player no piece they did not see before (a card drawn, a
  hand peeked at, a face-down tile taken): taking such a move back would let
  them choose again knowing it. Those moves stand; the host can still undo them.
"""

from __future__ import annotations

from typing import Any

import engines
from companion.sessions import Table


def pieces_seen(game_id: str, view: Any) -> set[str]:
    """Every catalog piece id named anywhere in a view (as JSON values)."""
    catalog = engines.GAMES[game_id].catalog
    seen: set[str] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str) and item in catalog:
            seen.add(item)
    return seen


def may_take_back(table: Table, player: str) -> bool:
    """Whether ``player`` may take back the last move standing at ``table``."""
    if table.undoable == 0 or not table.history:
        return False
    last = table.history[-1]
    if last.actor != player:
        return False
    before = pieces_seen(table.game, last.before.view(player))
    after = pieces_seen(table.game, table.state.view(player))
    return after <= before
