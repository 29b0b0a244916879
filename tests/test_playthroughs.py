"""The recorded playthroughs replay move for move (``tests/playthroughs/``).

A failure is a diff: the recorded line, then what the engine makes of the
same game now. After an intended change of the rules or of a state document,
regenerate them (``python -m tests.playthroughs.regenerate``) and review.
"""

from __future__ import annotations

import difflib
from itertools import zip_longest

import pytest

import engines
from tests.playthroughs import DIR, Case, cases, read, replay

CASES = cases()


def test_every_game_and_rule_option_value_has_recordings() -> None:
    recorded = {(c.game, k, v) for c in CASES for k, v in c.options.items()}
    for game_id, game in engines.GAMES.items():
        if not game.info.turn_engine:
            continue
        assert any(c.game == game_id and not c.options for c in CASES)
        assert any(c.game == game_id and c.seed is None for c in CASES)
        for opt in game.info.options:
            for choice in opt.choices:
                assert choice == opt.default or (game_id, opt.name, choice) in recorded
    assert {p for p in DIR.glob("*/*.txt")} == {c.path for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.relative_to(DIR).as_posix())
def test_a_recorded_game_replays_line_for_line(case: Case) -> None:
    lines = read(case)
    assert lines[-1].startswith("over\t"), "a recording is a whole game"
    again = replay(lines)
    if again != lines:
        first = next(i for i, (a, b) in enumerate(zip_longest(lines, again)) if a != b)
        diff = difflib.unified_diff(lines, again, "recorded", "replayed", n=1, lineterm="")
        pytest.fail(
            f"the engine no longer plays this game as recorded; line {first + 1}:\n"
            f"  recorded: {lines[first] if first < len(lines) else '(nothing)'}\n"
            f"  replayed: {again[first] if first < len(again) else '(nothing)'}\n"
            + "\n".join(list(diff)[:30])
        )
