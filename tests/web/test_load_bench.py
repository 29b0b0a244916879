"""The load bench's phones against the real app: every move is counted as seen by every
other phone (and by the mover's, when the move is sent in place), up to the last one
answered (the phones follow the moves past the run's end), and a phone whose page listens
to a stream of its own gets the regions from it, as ``live.js`` does, without fetching
them."""

from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest

from bench import web_load
from companion.sessions import TableStore
from tests.web.phone import serving


@pytest.mark.parametrize(
    ("pushed", "in_place"),
    [(True, True), (True, False), (False, False)],
    ids=["moves in place", "regions in the stream", "fetched"],
)
def test_every_move_up_to_the_last_is_seen_by_the_other_phones(
    tmp_path: Path, pushed: bool, in_place: bool
) -> None:
    database = str(tmp_path / "tables.sqlite")
    store = TableStore(database)
    made = [store.create(web_load.GAME, web_load.PLAYERS[:4], seed=7 + i) for i in range(2)]
    store.close()
    plans = [
        web_load.Plan(t.id, {s.player: s.token for s in t.seats}, t.seed or 0, list(t.players))
        for t in made
    ]
    out: queue.Queue[web_load.Tally] = queue.Queue()
    config = {"DATABASE": database, "SECRET_KEY": "test-only-key", "LIVE_POLL_SECONDS": 0.02}
    with serving(config) as (port, _):
        # The app's seat pages have their own stream, and send their moves in place.
        assert web_load.pushes(port, plans[0]) == (True, True)
        # Moves arrive until the end, the last ones in its last second.
        web_load.generator((port, plans, 8.0, time.time() + 2.0, (pushed, in_place), out))
    tally = out.get_nowait()
    assert tally.errors == []
    assert tally.applied >= 10
    # Each applied move is seen by the three other phones of its table (and the mover's,
    # sent in place), the last ones too.
    assert len(tally.seen) == (4 if in_place else 3) * tally.applied
    assert max(tally.seen) < web_load.DRAIN_SECONDS
    if in_place:
        # The phones' streams carried the versions (a later one may stand for a burst):
        # nothing was fetched, the mover's new page neither.
        assert tally.fetched == 0 and tally.pushed > 2 * tally.applied
    elif pushed:
        # The streams carried the regions of every version they sent after their first event;
        # a phone fetched only for a stream that opened after a move (the mover's new page).
        assert tally.refetched == 0
        assert tally.pushed > tally.fetched
    else:
        assert tally.pushed == 0 and tally.fetched >= tally.applied
