"""Bad photos at a seat's photo route (``/scan``), on a real threaded server that keeps serving.

A non-image, a truncated JPEG, a 20000 x 20000 decompression bomb, an upload
over the size limit and a photo with no mat each get a clear 4xx with a code
and a reason; a photo of the mat is read. After every refusal the server still
answers the table.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion import photos
from companion.sessions import Table, TableStore
from printables.mats import ARUCO_DICTIONARY
from tests.web.phone import Answer, Phone, serving
from tests.web.test_scan import photo_of_noah

PLAYERS = ["ann", "bob", "cy"]


def jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return bytes(data.tobytes())


def table_photo(marker_ids: list[int]) -> bytes:
    """A photo-like picture: a grey table with the given ArUco fiducials on white paper."""
    rng = np.random.default_rng(1)
    image = rng.normal(120, 12, (900, 1200)).clip(0, 255).astype(np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    for i, marker_id in enumerate(marker_ids):
        x, y = 60 + (i % 4) * 280, 80 + (i // 4) * 380
        image[y - 30 : y + 210, x - 30 : x + 210] = 255  # the white paper around it
        image[y : y + 180, x : x + 180] = cv2.aruco.generateImageMarker(dictionary, marker_id, 180)
    return jpeg(image)


def png_bomb(side: int) -> bytes:
    """A real PNG of ``side`` x ``side`` black pixels (1 bit each): tiny to send, huge to unpack."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    packer = zlib.compressobj(9)
    row = b"\0" * (1 + (side + 7) // 8)
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Phone, Table]]:
    tmp: Path = tmp_path_factory.mktemp("photos")
    config = {"DATABASE": str(tmp / "t.sqlite"), "SECRET_KEY": "photo", "TESTING": True}
    with serving(config) as (port, app):
        store: TableStore = app.extensions["tables"]
        table = store.create("noah", PLAYERS, seed=1)
        phone = Phone(port, timeout=30).join()
        yield phone, table
        phone.close()


def send(
    phone: Phone,
    table: Table,
    data: bytes,
    content_type: str = "image/jpeg",
    accept: str = "application/json",
) -> Answer:
    """The photo as a multipart form field, as the host page's form sends it."""
    boundary = "----photo-boundary-7f3a"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{phone.csrf}\r\n--{boundary}\r\n"
            'Content-Disposition: form-data; name="photo"; filename="table.jpg"\r\n'
            f"Content-Type: {content_type}\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    path = f"/t/{table.id}/seat/{table.seats[0].token}/scan"
    answer = phone.request(
        "POST",
        path,
        body=body,
        headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Accept": accept,
        },
    )
    still = phone.get(f"/t/{table.id}/board.json")
    assert still.status == 200 and still.json()["table"] == table.id, "the server keeps serving"
    return answer


def refused(answer: Answer, status: int, code: str) -> str:
    assert answer.status == status, answer.text
    body = answer.json()
    assert body["error"] == code
    reason: str = body["reason"]
    assert len(reason) > 10
    return reason


def test_a_non_image_is_refused(site: tuple[Phone, Table]) -> None:
    phone, table = site
    reason = refused(send(phone, table, b"%PDF-1.7 not a photo at all"), 415, "photo.not_an_image")
    assert "JPEG" in reason


def test_a_truncated_jpeg_is_refused(site: tuple[Phone, Table]) -> None:
    phone, table = site
    whole = table_photo([0, 1, 2, 3])
    reason = refused(send(phone, table, whole[: len(whole) * 2 // 3]), 400, "photo.damaged")
    assert "truncated" in reason


def test_a_decompression_bomb_is_refused_from_its_header(site: tuple[Phone, Table]) -> None:
    phone, table = site
    bomb = png_bomb(20_000)
    assert len(bomb) < 200_000  # 400 million pixels in a small upload
    reason = refused(send(phone, table, bomb, "image/png"), 413, "photo.too_many_pixels")
    assert "50 million" in reason


def test_a_jpeg_claiming_20000_pixels_a_side_is_refused(site: tuple[Phone, Table]) -> None:
    phone, table = site
    small = bytearray(jpeg(np.full((64, 64), 128, np.uint8)))
    sof = small.index(b"\xff\xc0")  # baseline frame header: height, width after 5 bytes
    small[sof + 5 : sof + 9] = struct.pack(">HH", 20_000, 20_000)
    refused(send(phone, table, bytes(small)), 413, "photo.too_many_pixels")
    # Under Pillow's own guard, over the companion's: refused from the header, with its size.
    small[sof + 5 : sof + 9] = struct.pack(">HH", 9_000, 10_000)
    with pytest.raises(photos.BadPhoto, match="10000 x 9000 pixels"):
        photos.header(bytes(small))


def test_an_upload_over_the_limit_is_refused(site: tuple[Phone, Table]) -> None:
    phone, table = site
    too_big = b"\xff\xd8" + bytes(photos.MAX_PHOTO_BYTES + 1024)
    reason = refused(send(phone, table, too_big), 413, "too_large")
    assert "12 MB" in reason


def test_a_photo_without_mats_is_refused(site: tuple[Phone, Table]) -> None:
    phone, table = site
    reason = refused(send(phone, table, table_photo([])), 422, "photo.no_mats")
    assert "from above" in reason


def test_a_photo_of_the_mat_is_read(site: tuple[Phone, Table]) -> None:
    phone, table = site
    answer = send(phone, table, photo_of_noah({}))
    assert answer.status == 200, answer.text
    assert answer.json()["reading"]["mats"] == ["pentagon"]


def test_refusals_on_the_page_name_the_check(site: tuple[Phone, Table]) -> None:
    phone, table = site
    bad = send(phone, table, b"GIF89a", accept="text/html")
    assert bad.status == 415 and "<code>photo.not_an_image</code>" in bad.text
    bomb = send(phone, table, png_bomb(20_000), "image/png", accept="text/html")
    assert bomb.status == 413 and "<code>photo.too_many_pixels</code>" in bomb.text


def test_photos_need_a_seat_token(site: tuple[Phone, Table]) -> None:
    phone, table = site
    answer = phone.post_raw(f"/t/{table.id}/seat/{'x' * 43}/scan", table_photo([0]), "image/jpeg")
    assert answer.status == 403
