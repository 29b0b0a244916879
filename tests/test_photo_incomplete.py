"""A score on an incomplete reading is not a score: the photo names no winner and says what
to photograph again (``companion.photo_score.incomplete``).

Noah's end photo (the three hands laid out face up) is scored; with a hand mat cropped out,
cut by the frame's edge, or too blurred to read, it is refused with ``photo.incomplete``,
naming the mat or the zone to take again.
"""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from companion.app_reasons import said
from companion.photo_score import score_image
from companion.photos import BadPhoto
from tests.end_photos import EndPhoto, noah_photo
from vision.games import game_vision
from vision.mats import locate_mats
from vision.types import U8Array


def _outline(image: U8Array, mat: str) -> np.ndarray:
    pose = next(p for p in locate_mats(image, game_vision("noah").mats) if p.mat == mat)
    return np.asarray(pose.outline, np.float64)


def _refused(photo: EndPhoto, image: U8Array) -> str:
    with pytest.raises(BadPhoto) as caught:
        score_image("noah", image, photo.players, photo.state)
    assert caught.value.code == "photo.incomplete" and caught.value.status == 422
    message = str(caught.value)
    assert message.startswith("no winner yet") and "Take the photo again" in message
    return message


def test_the_whole_photo_scores() -> None:
    photo = noah_photo()
    assert score_image("noah", photo.image, photo.players, photo.state).outcome == photo.outcome


def test_a_hand_mat_cropped_out_names_no_winner_and_says_which_mat() -> None:
    photo = noah_photo()
    image = photo.image.copy()
    box = _outline(image, "hand3")
    x0, y0 = np.floor(box.min(axis=0)).astype(int) - 4
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 4
    image[max(y0, 0) : y1, max(x0, 0) : x1] = (60, 90, 120)  # the table where the mat was
    message = _refused(photo, image)
    assert "the photo does not show Cy's mat (Noah hand mat, seat 3)" in message


def test_a_hand_mat_cut_by_the_frame_says_only_part_of_it_is_in() -> None:
    photo = noah_photo()
    box = _outline(photo.image, "hand2")
    cut = int((box[:, 0].min() + box[:, 0].max()) / 2 + 40)  # the right side of hand2 out
    image = np.ascontiguousarray(photo.image[:, :cut])
    message = _refused(photo, image)
    assert "only part of Ben's mat (Noah hand mat, seat 2) is in it" in message


def test_a_hand_too_blurred_to_read_names_no_winner_and_says_which_zone() -> None:
    photo = noah_photo()
    image = photo.image.copy()
    box = _outline(image, "hand2")
    x0, y0 = np.floor(box.min(axis=0)).astype(int)
    x1, y1 = np.ceil(box.max(axis=0)).astype(int)
    image[y0:y1, x0:x1] = cv2.GaussianBlur(image[y0:y1, x0:x1], (0, 0), 3.5)
    message = _refused(photo, image)
    said_unread = r"\b\d+ tags? could not be read on Ben's mat \(Noah hand mat, seat 2\)"
    assert re.search(said_unread, message)
    assert all(f"hand{seat}" not in message for seat in (1, 2, 3))  # mats by their printed names


def test_an_incomplete_photo_says_what_to_take_again_in_chinese() -> None:
    photo = noah_photo()
    box = _outline(photo.image, "hand2")
    cut = int((box[:, 0].min() + box[:, 0].max()) / 2 + 40)
    with pytest.raises(BadPhoto) as caught:
        score_image("noah", np.ascontiguousarray(photo.image[:, :cut]), photo.players, photo.state)
    said_zh = said(caught.value, "zh-Hant")
    assert said_zh.startswith("還不能決定贏家：")
    assert "Ben的墊子（諾亞攤牌區座位 2）只有一部分在照片裡" in said_zh
