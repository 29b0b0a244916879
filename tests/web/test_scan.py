"""A photo of the table: non-images refused, a synthetic table scene read and applied."""

from __future__ import annotations

import io

import cv2
import numpy as np
from flask.testing import FlaskClient

from companion.sessions import TableStore
from engines.noah import CARD_BY_ID
from printables import payload
from testkit.synth import render_mat_scene
from tests.web.conftest import csrf, seat_url
from vision.games import game_vision

PLAYERS = ["ann", "bob", "cy"]


def photo_of_noah(cards_on_docks: dict[int, str]) -> bytes:
    """A JPEG of the printed pentagon with each card's tag lying in a dock zone."""
    mat = next(m for m in game_vision("noah").mats if m.id == "pentagon")
    zones = {z.id: z for z in mat.zones}
    tags = [
        (
            payload.encode("noah", card),
            tuple(np.mean(zones[f"pentagon.dock{dock}"].polygon, axis=0)),
            0.0,
        )
        for dock, card in cards_on_docks.items()
    ]
    # 1.6 mm modules at 4 px each: a tag the decoder reads reliably; the mat fills 1080p.
    scene = render_mat_scene(mat, tags, module_mm=1.6, px_per_mm=2.5, seed=4)
    ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return jpeg.tobytes()


def post_photo(client: FlaskClient, url: str, data: bytes, name: str) -> object:
    return client.post(
        url + "/scan",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def test_a_non_image_upload_is_refused_with_the_reason(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS)
    url = seat_url(table, "ann")
    answer = client.post(
        url + "/scan",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(b"%PDF-1.4 not a photo"), "x.jpg")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 415
    assert "is not a photo (JPEG, PNG or WebP)" in answer.get_data(as_text=True)
    empty = client.post(url + "/scan", data={"csrf_token": csrf(client)})
    assert empty.status_code == 400 and "photo" in empty.get_data(as_text=True)
    forged = client.post(
        f"/t/{table.id}/seat/{'A' * 43}/scan",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(b"x"), "x.jpg")},
        content_type="multipart/form-data",
    )
    assert forged.status_code == 403


def test_a_photo_of_a_dealt_ferry_card_is_applied_to_the_game(
    client: FlaskClient, store: TableStore
) -> None:
    table = store.create("noah", PLAYERS)  # the table deals: the first ferry card is asked for
    card = next(c for c in ("CATF1", "BEAM1", "ELEF1") if CARD_BY_ID[c].gender is not None)
    url = seat_url(table, "bob")
    answer = client.post(
        url + "/scan",
        data={"csrf_token": csrf(client), "photo": (io.BytesIO(photo_of_noah({0: card})), "t.jpg")},
        content_type="multipart/form-data",
    )
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200, page[:500]
    assert 'src="data:image/png;base64,' in page
    assert f'data-piece="{card}"' in page and 'data-zone="pentagon.dock0"' in page
    assert "<strong>the ferry at dock 1</strong>" in page  # the engine's dock 0, as players count
    assert ">pentagon.dock0<" not in page
    assert f'data-new="{card}"' in page
    assert f'data-notation="ferry {card}"' in page
    data = client.post(
        url + "/scan",
        data={"photo": (io.BytesIO(photo_of_noah({0: card})), "t.jpg")},
        content_type="multipart/form-data",
        headers={"X-CSRF-Token": csrf(client), "Accept": "application/json"},
    ).get_json()
    assert data["reading"]["zones"] == {"pentagon.dock0": [card]}
    assert data["candidates"] == [{"type": "ferry", "card": card, "gender": None}]
    applied = client.post(
        url + "/move",
        data={"csrf_token": csrf(client), "move": f"ferry {card}", "version": "0"},
    )
    assert applied.status_code == 303
    assert store.load(table.id).state.view(None)["docks"][0]["cards"][0]["card"] == card
