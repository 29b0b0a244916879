"""The quick score of a game played off the app (issue 19, item 8; rules spec §6, §9 B).

What the score calculators take, per player: appeal, CP, the kept final-scoring
card with its count, the end-game sponsors with their counts, the projects
supported. The breakdown is the one a whole zoo gets; a field left out is "not
entered", never zero.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cli import main
from engines.ark_nova.cards import BASE_ANIMALS, BASE_SPONSORS
from engines.ark_nova.endgame import ENDGAME_SPONSORS
from engines.ark_nova.quick import NOT_ENTERED, QuickScoreError, quick_score
from engines.ark_nova.scoring import score_zoo
from engines.ark_nova.zoo import Zoo

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ark_nova" / "quick_score.json"


def _by_player(result: dict) -> dict:
    return {p["player"]: p for p in result["players"]}


def test_worked_example_b_of_the_spec() -> None:
    # Rules spec §9 B: Red +13 (113), Blue -2 (98); Red wins.
    doc = json.loads(EXAMPLE.read_text())
    result = quick_score(doc["players"], doc["options"])
    scores = _by_player(result)
    assert scores["red"]["vp"] == 13 and scores["blue"]["vp"] == -2
    assert result["ranking"] == ["red", "blue"] and result["complete"]
    lines = {line["label"]: line["points"] for line in scores["red"]["breakdown"]}
    assert lines["Research Zoo (003)"] == 9 and lines["Federal Grants (220)"] == 3
    assert sum(line["points"] for line in scores["red"]["breakdown"]) == 13


def test_the_marine_worlds_printing_changes_blue() -> None:
    # §9 B: with the revised Large Animal Zoo (1/2/3/4) Blue's 3 large animals give 3 CP: +1.
    doc = json.loads(EXAMPLE.read_text())
    result = quick_score(doc["players"], {"final_scoring_printing": "marine_worlds"})
    assert _by_player(result)["blue"]["vp"] == 1


def test_a_field_left_out_is_not_entered_not_zero() -> None:
    result = quick_score({"ann": {"appeal": 50, "final_scoring": {}, "sponsors": {}}})
    ann = _by_player(result)["ann"]
    assert ann["vp"] is None and not ann["complete"] and not result["complete"]
    assert ann["not_entered"] == ["conservation"]
    assert {
        "label": "Conservation points",
        "points": 0,
        "detail": NOT_ENTERED,
        "code": "ark_nova.not_entered",
        "params": {"field": "conservation", "card": None},
    } in ann["breakdown"]
    # With 0 CP typed in, it is a score.
    typed = _by_player(quick_score({"ann": {"appeal": 50, "conservation": 0, "final_scoring": {},
                                            "sponsors": {}}}))["ann"]  # fmt: skip
    assert typed["vp"] == 50 - 114


def test_a_card_without_its_count_is_not_entered() -> None:
    entry = {"appeal": 70, "conservation": 12, "final_scoring": {"003": None}, "sponsors": {}}
    ann = _by_player(quick_score({"ann": entry}))["ann"]
    assert ann["vp"] is None and ann["not_entered"] == ["final_scoring 003"]
    assert any(line["detail"] == NOT_ENTERED for line in ann["breakdown"])


def test_projects_only_break_ties() -> None:
    base = {"appeal": 60, "conservation": 20, "final_scoring": {}, "sponsors": {}}
    result = quick_score({"ann": {**base, "projects": 2}, "bob": {**base, "projects": 3}})
    assert result["ranking"] == ["bob", "ann"]
    untold = quick_score({"ann": base, "bob": base})
    assert untold["tie_undecided"] == ["ann", "bob"]


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"appeal": 200}, "at most 113"),
        ({"appeal": -1}, "0 or more"),
        ({"final_scoring": {"012": 3}}, "no final-scoring card"),
        ({"sponsors": {"202": 1}}, "not an end-game sponsor"),
        ({"sponsors": [201]}, "maps each card"),
        ({"money": 5}, "no field 'money'"),
    ],
)
def test_bad_entries_say_what_to_fix(entry: dict, words: str) -> None:
    with pytest.raises(QuickScoreError, match=words):
        quick_score({"ann": entry})


def test_counts_taken_from_a_zoo_give_its_breakdown() -> None:
    """For random zoos, typing each card's count gives the lines of scoring the zoo."""
    rng = random.Random(19)
    sponsors = sorted(ENDGAME_SPONSORS)
    for _ in range(40):
        played = tuple(rng.sample(sponsors, 4))
        zoo = Zoo(
            appeal=rng.randrange(0, 100),
            conservation=rng.randrange(0, 30),
            reputation=rng.randrange(0, 16),
            x_tokens=rng.randrange(0, 6),
            animals=tuple(a.number for a in rng.sample(BASE_ANIMALS, 8)),
            sponsors=played + tuple(s.number for s in BASE_SPONSORS[:2] if s.number not in played
                                    and s.number not in ENDGAME_SPONSORS),
            partner_zoos=("asia", "europe"),
            universities=("research2",),
            projects=(101, 103),
            buildings=(),
            final_scoring=("003",),
        )  # fmt: skip
        whole = score_zoo(zoo, "first")
        counts = {str(n): ENDGAME_SPONSORS[n].count(zoo)[0] for n in played}
        research = ENDGAME_SPONSORS[201].count(zoo)[0]
        entry = {"appeal": zoo.appeal, "conservation": zoo.conservation,
                 "final_scoring": {"003": research}, "sponsors": counts, "projects": 2}  # fmt: skip
        quick = _by_player(quick_score({"ann": entry}))["ann"]
        assert quick["vp"] == whole.vp
        assert [(x["label"], x["points"]) for x in quick["breakdown"]] == [
            (line.label, line.points) for line in whole.lines()
        ]


def test_the_command_line_prints_the_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quick-score", "ark_nova", str(EXAMPLE)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert _by_player(out)["red"]["vp"] == 13


def test_the_command_line_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": {"ann": {"appeal": 300}}}')
    assert main(["quick-score", "ark_nova", str(bad)]) == 2
    assert "at most 113" in capsys.readouterr().err
    bad.write_text("{not json")
    assert main(["quick-score", "ark_nova", str(bad)]) == 2
    assert main(["quick-score", "noah", str(EXAMPLE)]) == 2
