"""Synthetic scenes: seeded, with ground truth that matches the pixels."""

from __future__ import annotations

import numpy as np
import pytest
import zxingcpp

from testkit.synth import SceneSpec, qr_modules, random_payloads, render_scene

SMALL = SceneSpec(width=960, height=540, tags=8, px_per_module=4.0, blur_sigma=0.6)


def test_same_seed_same_pixels_other_seed_other_pixels() -> None:
    a, b = render_scene(SMALL), render_scene(SMALL)
    assert np.array_equal(a.image, b.image)
    assert a.tags == b.tags
    c = render_scene(SceneSpec(**{**SMALL.__dict__, "seed": 1}))
    assert not np.array_equal(a.image, c.image)


def test_tags_are_version_1_and_payloads_fit_the_grammar_size() -> None:
    import random

    payloads = random_payloads(20, random.Random(3))
    assert len(set(payloads)) == 20 and all(len(p) == 10 for p in payloads)
    assert qr_modules(payloads[0], ec_level="H").shape == (21, 21)
    assert qr_modules("X" * 11, ec_level="M").shape == (21, 21)
    with pytest.raises(ValueError, match="does not fit"):
        qr_modules("X" * 11, ec_level="H")


def test_ground_truth_corners_match_what_a_decoder_finds() -> None:
    scene = render_scene(SMALL)
    found = {
        b.text: b.position
        for b in zxingcpp.read_barcodes(scene.image, formats=zxingcpp.BarcodeFormat.QRCode)
    }
    assert {t.payload for t in scene.tags} == set(found)
    for tag in scene.tags:
        pos = found[tag.payload]
        got = np.array(
            [[p.x, p.y] for p in (pos.top_left, pos.top_right, pos.bottom_right, pos.bottom_left)]
        )
        # zxing reports module centres of the outer ring: within one module of the outline
        assert np.abs(got - np.array(tag.corners)).max() < 1.5 * tag.px_per_module


def test_hands_hide_their_tags_and_decoys_are_recorded() -> None:
    spec = SceneSpec(
        **{
            **SMALL.__dict__,
            "width": 1280,
            "height": 720,
            "hands": 2,
            "foreign_codes": 2,
            "art_patches": 2,
        }
    )
    scene = render_scene(spec)
    hidden = [t for t in scene.tags if t.occluded]
    assert len(hidden) == 2 and len(scene.visible_tags) == 6
    assert len(scene.foreign) == 2
    read = {b.text for b in zxingcpp.read_barcodes(scene.image)}
    assert not read & {t.payload for t in hidden}
    assert {f.payload for f in scene.foreign} <= read


def test_cards_that_do_not_fit_are_refused() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        render_scene(SceneSpec(width=640, height=360, tags=40, px_per_module=4.0))
