"""Score from a photo in the app: an end-of-game photo uploaded from a phone (or the
camera's still view) is scored as the engine scores the game, read-only; bad photos are
refused with a code and a sentence, and the form is there again.

The photos are the cached synthetic ones of ``tests.end_photos`` (one per game scored
from a photo), uploaded as PNG with Flask's test client.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import photos
from companion.registry import scored_games
from companion.sentences import line_words
from companion.sessions import Table, TableStore
from tests.end_photos import END_PHOTOS, EndPhoto, animals_on_board_photo, hare_tortoise_photo
from tests.watch_support import write_video
from tests.web.conftest import csrf, host_url, seat_url
from web import create_app

FORM = 'class="score-photo"'
READ_ONLY = "it does not record or finish the game"


def end_photo(game: str) -> EndPhoto:
    assert game in END_PHOTOS, f"add an end photo of {game} to tests/end_photos.py"
    return END_PHOTOS[game]()


def table_of(store: TableStore, photo: EndPhoto) -> Table:
    """A table continuing the game as it stood when the photo was taken."""
    return store.resume(photo.game, photo.state.to_json())


def upload(client: FlaskClient, table: Table, data: bytes, **kw: object) -> object:
    return client.post(
        f"/t/{table.id}/score/photo",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(data), "end.png"), **kw},
        content_type="multipart/form-data",
    )


def totals(page: str) -> dict[str, int]:
    """The totals row of the breakdown, player by player (in the columns' order): the
    numbers its cells keep beside the totals said as the game counts them."""
    columns = [html.unescape(p) for p in re.findall(r'<th scope="col">([^<]+)</th>', page)]
    foot = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S)
    assert foot is not None, "the page shows a breakdown"
    found = re.findall(r'<td data-total="(-?\d+)">', foot[1])
    return dict(zip(columns, map(int, found), strict=True))


@pytest.mark.parametrize("game", sorted(scored_games()))
def test_an_end_photo_uploaded_from_a_phone_scores_as_the_engine(
    client: FlaskClient, store: TableStore, game: str
) -> None:
    photo = end_photo(game)
    table = table_of(store, photo)
    seat = client.get(seat_url(table, photo.players[0])).get_data(as_text=True)
    assert FORM in seat and f'action="/t/{table.id}/score/photo"' in seat
    answer = upload(client, table, photo.png(), back=seat_url(table, photo.players[0]))
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200, page[:800]
    assert totals(page) == dict(photo.outcome.scores)
    assert f'data-winners="{",".join(photo.outcome.winners)}"' in page
    assert 'class="overlay" src="data:image/png;base64,' in page
    assert READ_ONLY in page
    seats = re.findall(r'<span data-seat="(\d)">\d\. ([^<]+)</span>', page)
    assert [p for _, p in seats] == list(photo.players)
    assert list(totals(page)) == list(photo.players)  # the columns in seat order
    for line in photo.outcome.breakdown[photo.players[0]]:
        label, _ = line_words(table.game, line.to_json(), "en")
        assert html.escape(label, quote=False) in page
    assert f'href="{seat_url(table, photo.players[0])}"' in page  # back to the seat
    after = store.load(table.id)
    assert after.version == table.version and after.state.to_json() == photo.state.to_json()


def test_the_json_answer_is_the_engines_outcome(client: FlaskClient, store: TableStore) -> None:
    photo = hare_tortoise_photo()
    table = table_of(store, photo)
    answer = client.post(
        f"/t/{table.id}/score/photo",
        data={"photo": (io.BytesIO(photo.png()), "end.png")},
        content_type="multipart/form-data",
        headers={"X-CSRF-Token": csrf(client), "Accept": "application/json"},
    )
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["outcome"] == photo.outcome.to_json() | {"breakdown": body["outcome"]["breakdown"]}
    assert body["outcome"]["scores"] == dict(photo.outcome.scores)
    assert body["players"] == list(photo.players) and body["recorded"] is False
    assert body["reading"]["game"] == "hare_tortoise"


def test_the_form_is_on_the_seat_host_and_score_pages_with_each_seats_mats(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("animals_on_board", ["Ann", "Ben", "Cy"], seed=1)
    for url in (seat_url(table, "Ben"), host_url(table), f"/t/{table.id}/score"):
        page = client.get(url).get_data(as_text=True)
        assert FORM in page, url
        assert "Score from a photo" in page and READ_ONLY in page
        assert '<li value="2" data-seat="2">Ben · Ark mat 2</li>' in page  # as printed
    form = client.get(f"/t/{table.id}/score/photo")
    assert form.status_code == 200 and FORM in form.get_data(as_text=True)
    chinese = client.get(seat_url(table, "Ann"), headers={"Accept-Language": "zh-TW"})
    assert "拍照計分" in chinese.get_data(as_text=True)
    assert '<li value="1" data-seat="1">Ann · 方舟墊 1</li>' in chinese.get_data(as_text=True)
    zoo = store.create("ark_nova", ["Ann", "Ben"], seed=1)
    assert '<li value="2" data-seat="2">Ben · Map A, seat 2</li>' in client.get(
        host_url(zoo)
    ).get_data(as_text=True)


def _refused(answer: object, status: int, code: str) -> str:
    page: str = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert answer.status_code == status, page[:800]  # type: ignore[attr-defined]
    assert f'data-code="{code}"' in page and FORM in page  # the form is there again
    assert "Nothing was changed" in page
    return page


def test_bad_photos_are_refused_with_what_to_do(client: FlaskClient, store: TableStore) -> None:
    photo = hare_tortoise_photo()
    table = table_of(store, photo)
    page = _refused(upload(client, table, b"%PDF-1.4 not a photo"), 415, "photo.not_an_image")
    assert "is not a photo (JPEG, PNG or WebP)" in page
    over = b"\xff" * (photos.MAX_PHOTO_BYTES + 1)
    assert "larger than 12 MB" in _refused(upload(client, table, over), 413, "photo.too_large")
    missing = client.post(f"/t/{table.id}/score/photo", data={"csrf_token": csrf(client)})
    _refused(missing, 400, "photo.missing")
    ok, grey = cv2.imencode(".png", np.full((600, 800, 3), 128, np.uint8))
    assert ok
    page = _refused(upload(client, table, grey.tobytes()), 422, "photo.no_mats")
    assert "take it from above with the whole mat" in page
    # A table of four: the photo does not show the fourth seat's mat (z4): no winner.
    four = store.create("hare_tortoise", ["Ann", "Ben", "Cy", "Dee"], seed=1)
    page = _refused(upload(client, four, photo.png()), 422, "photo.incomplete")
    assert "the photo does not show Dee&#39;s mat (played cards, seat 4)" in page
    assert "Take the photo again" in page
    as_json = client.post(
        f"/t/{four.id}/score/photo",
        data={"photo": (io.BytesIO(photo.png()), "end.png")},
        content_type="multipart/form-data",
        headers={"X-CSRF-Token": csrf(client), "Accept": "application/json"},
    )
    assert as_json.status_code == 422 and as_json.get_json()["error"] == "photo.incomplete"
    forged = client.post(f"/t/{table.id}/score/photo", data={"photo": (io.BytesIO(b"x"), "x")})
    assert forged.status_code == 400  # no CSRF token
    assert store.load(table.id).version == table.version
    assert store.load(four.id).version == four.version


@pytest.fixture
def camera_app(tmp_path: Path) -> Iterator[tuple[Flask, Table]]:
    """An app whose camera is a recording of the end of an Animals on Board game."""
    photo = animals_on_board_photo()
    video = write_video(tmp_path / "end.avi", [photo.image] * 4)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "tables.sqlite"),
            "SECRET_KEY": "test-only-key",
            "CAMERA": str(video),
        }
    )
    table = table_of(app.extensions["tables"], photo)
    yield app, table
    app.extensions["live"].stop()
    app.extensions["tables"].close()


def test_the_host_scores_the_cameras_still_view(camera_app: tuple[Flask, Table]) -> None:
    app, table = camera_app
    client = app.test_client()
    url = host_url(table)
    early = client.post(f"{url}/live/score", data={"csrf_token": csrf(client)})
    assert early.status_code == 409 and "not following" in early.get_data(as_text=True)
    assert client.post(f"{url}/live/start", data={"csrf_token": csrf(client)}).status_code == 303
    following = app.extensions["live"].of(table.id)
    assert following is not None and following.wait(25.0) and following.error is None
    assert following.still() is not None
    host = client.get(url).get_data(as_text=True)
    assert "Score the table now" in host
    answer = client.post(f"{url}/live/score", data={"csrf_token": csrf(client), "back": url})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200, page[:800]
    assert totals(page) == dict(animals_on_board_photo().outcome.scores)
    assert "latest still view" in page and f'href="{url}"' in page
    assert app.extensions["tables"].load(table.id).version == table.version
