"""The defects of issue 19, each with the test that failed before its fix.

Rules: ``docs/rules/ark_nova.md`` §5 (the end is triggered the moment the
markers meet), §6.4 (end-game sponsors) and §10 (base game cards only).
"""

from __future__ import annotations

import pytest

from engines import ark_nova
from engines.ark_nova import RECORD
from engines.ark_nova.endgame import endgame_gains
from engines.ark_nova.scoring import final_scoring_gain, score_zoo
from engines.ark_nova.zoo import Zoo
from engines.core import InvalidState


def test_native_seabirds_lizards_and_farm_animals_score_at_the_end() -> None:
    # An empty Map A: 9 water and 7 rock spaces with no building beside them,
    # 42 building spaces without buildings (card text: each 2 unconnected water
    # / rock spaces 1 CP; each group of 6 spaces without buildings 1 CP).
    zoo = Zoo(sponsors=(258, 259, 260), buildings=())
    gains = {g.source: g.cp for g in endgame_gains(zoo)}
    assert gains == {
        "Native Seabirds (258)": 4,
        "Native Lizards (259)": 3,
        "Native Farm Animals (260)": 7,
    }


def test_diversity_researcher_counts_at_most_three_pairs() -> None:
    # 6 water and 6 rock icons: the card allows 3 pairs, +6 appeal, not +12.
    # Water: Aquarium 245 (2), Sumatran Tiger 407 (2), Dugong 446 (2); rock: Aerial
    # Cableway 246 (2), 444 (2), Leopard 403, Cougar 413.
    zoo = Zoo(sponsors=(219, 245, 246), animals=(407, 446, 444, 403, 413))
    (gain,) = [g for g in endgame_gains(zoo) if g.source.endswith("(219)")]
    assert gain.appeal == 6
    assert "(6 water, 6 rock; at most 3 pairs count)" in gain.why


def test_the_trigger_is_the_moment_the_markers_meet() -> None:
    # Ann triggered the end (recorded), then lost appeal in her last turn: the
    # document is still a finished game, scored as it lies.
    doc = ark_nova.new_game(["ann", "bob"], options=RECORD).to_json()
    doc["zoos"]["ann"] = {"appeal": 60, "conservation": 12}  # target 88: no longer meets
    doc["trigger"] = "ann"
    doc["finished"] = True
    state = ark_nova.load_state(doc)
    assert state.finished
    outcome = state.outcome()
    assert outcome is not None and outcome.scores["ann"] == 60 - 88


def test_a_zoo_without_buildings_is_never_scored_as_the_setup_map() -> None:
    zoo = Zoo.from_json({"appeal": 50, "conservation": 8, "sponsors": [210, 241, 257]})
    assert not zoo.map_known
    gain = final_scoring_gain("006", zoo, "first")
    assert gain.cp == 0 and not gain.scorable and "not entered" in gain.why
    assert all(not g.scorable for g in endgame_gains(zoo))
    score = score_zoo(Zoo.from_json({"final_scoring": ["006"]}), "first")
    assert not score.complete
    assert "buildings" not in zoo.to_json()
    # With the buildings entered, the same card counts them.
    entered = Zoo.from_json({"final_scoring": ["006"], "buildings": []})
    assert entered.map_known and score_zoo(entered, "first").complete
    assert final_scoring_gain("006", entered, "first").cp == 4


@pytest.mark.parametrize(("field", "card"), [("sponsors", 265), ("animals", 529)])
def test_marine_worlds_cards_are_refused_with_a_clear_message(field: str, card: int) -> None:
    with pytest.raises(ValueError, match="Marine Worlds card; this companion plays and scores"):
        Zoo.from_json({field: [card]})
    doc = ark_nova.new_game(["ann", "bob"], options=RECORD).to_json()
    doc["zoos"]["ann"] = {field: [card]}
    with pytest.raises(InvalidState, match="Marine Worlds"):
        ark_nova.load_state(doc)
