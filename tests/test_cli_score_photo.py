"""``companion score-photo``: the same outcome as ``score_photo``, exit 2 on a bad photo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import main
from companion.photo_score import score_image, score_photo
from companion.photos import BadPhoto
from tests.end_photos import animals_on_board_photo, noah_photo
from tests.test_cli import run


def test_score_photo_prints_the_outcome_of_score_photo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = noah_photo()
    image, state = tmp_path / "end.png", tmp_path / "state.json"
    image.write_bytes(photo.png())
    state.write_text(json.dumps(photo.state.to_json()), encoding="utf-8")
    overlay = tmp_path / "overlay.png"
    args = ["score-photo", "noah", str(image), "--state", str(state), "--overlay", str(overlay)]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = score_photo("noah", photo.image, photo.players, photo.state)
    assert printed == expected.to_json()
    assert printed["scores"] == dict(photo.outcome.scores)
    assert overlay.read_bytes().startswith(b"\x89PNG")
    # The players come from --state, or are named in seat order.
    assert main([*args[:5], "--players", ",".join(photo.players)]) == 0
    assert json.loads(capsys.readouterr().out) == printed


def test_score_photo_without_what_it_needs_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "end.png"
    image.write_bytes(animals_on_board_photo().png())
    noah = run("score-photo", "noah", str(image), "--players", "Ann,Ben,Cy")
    assert noah.returncode == 2 and noah.stdout == ""
    assert noah.stderr.startswith("companion: bad input: no mat of the game shows in the photo")
    assert noah.stderr.strip().endswith("(photo.no_mats)") and noah.stderr.count("\n") == 1
    text = tmp_path / "notes.txt"
    text.write_text("not a photo", encoding="utf-8")
    for args, says in [
        (
            (str(text), "--players", "A,B"),
            "is not a photo (JPEG, PNG or WebP) (photo.not_an_image)",
        ),
        ((str(tmp_path / "gone.png"), "--players", "A,B"), "cannot read"),
        ((str(image),), "name the players in seat order"),
    ]:
        assert main(["score-photo", "animals_on_board", *args]) == 2, args
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("companion: bad input: ") and says in err
    with pytest.raises(BadPhoto, match="chess is not scored from a photo") as refused:
        score_image("chess", animals_on_board_photo().image, ["Ann", "Ben"])
    assert refused.value.code == "photo.not_scored"
