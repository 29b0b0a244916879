"""Printables round trip: render, write the PDF, rasterize it at 300 dpi, decode every
tag with zxing-cpp, and get the catalog back exactly (issue 8, "Done when")."""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from cli import main
from engines.core import Catalog
from printables import payload
from printables.document import Job, build_pdf, catalog_for, pieces_for, render
from printables.fonts import Fonts, MissingFontWarning, covers, system_fonts
from printables.mat_sheets import tiling
from printables.mats import (
    CALIBRATION_MARKERS,
    all_mats,
    calibration_markers,
    mats_for,
    mats_of,
)
from printables.pieces import backs_of
from printables.settings import Settings
from tests.printables_support import (
    catalog_games,
    decode_page,
    find_markers,
    rasterize,
    sample_catalog,
)

SAMPLE = sample_catalog()
GAMES = catalog_games()


@pytest.mark.parametrize("game", GAMES)
def test_all_pdf_round_trips_to_the_catalog(game: str) -> None:
    catalog = catalog_for(game)
    pages = rasterize(build_pdf(Job(game, "all", Settings.for_game(game), catalog)))
    pieces: Counter[str] = Counter()
    calibration: Counter[str] = Counter()
    markers: set[int] = set()
    for page in pages:
        for result in decode_page(page):
            assert payload.check_ec_level(result.ec_level, result.text) is None
            tag = payload.try_decode(result.text, game=game, catalog=catalog)
            if isinstance(tag, payload.PayloadError):
                tag = payload.decode(result.text, game=payload.CALIBRATION)
                calibration[tag.piece_id] += 1
            else:
                pieces[tag.piece_id] += 1
        markers |= set(find_markers(page, 0.5))  # 150 dpi is plenty for 30 mm markers
    assert set(pieces) == {c.id for c in catalog}
    worn = {b.id for b in backs_of(catalog).values()}
    repeated = {pid: n for pid, n in pieces.items() if n != 1 and pid not in worn}
    assert repeated == {}
    for back in worn:  # one back tag behind every piece that wears it
        assert pieces[back] == sum(1 for b in backs_of(catalog).values() if b.id == back)
    assert calibration == Counter({c.id: 1 for c in payload.CALIBRATION_CATALOG})
    expected = {m.id for mat in mats_for(game, catalog) for m in mat.markers}
    assert markers == expected | set(CALIBRATION_MARKERS)
    mat_ids = {mat.piece_id for mat in mats_for(game, catalog)} - {None}
    assert mat_ids <= set(pieces)


def test_same_input_gives_the_same_bytes() -> None:
    job = Job("noah", "cards", Settings(paper="letter"), SAMPLE)
    assert build_pdf(job) == build_pdf(job)


def test_duplex_backs_sit_behind_their_fronts() -> None:
    settings = Settings()
    pages = rasterize(build_pdf(Job("noah", "cards", settings, SAMPLE)))
    front, back = decode_page(pages[0]), decode_page(pages[1])
    width = pages[0].shape[1]
    fronts = {r.text: r.position for r in front}
    backs = backs_of(SAMPLE)
    for text, pos in fronts.items():
        piece = payload.decode(text, catalog=SAMPLE).piece_id
        centre_x = (pos.top_left.x + pos.bottom_right.x) / 2
        centre_y = (pos.top_left.y + pos.bottom_right.y) / 2
        behind = [
            r
            for r in back
            if abs((r.position.top_left.x + r.position.bottom_right.x) / 2 - (width - centre_x))
            < 15
            and abs((r.position.top_left.y + r.position.bottom_right.y) / 2 - centre_y) < 400
        ]
        assert [payload.decode(r.text, catalog=SAMPLE).piece_id for r in behind] == [
            backs[piece].id
        ]


def test_pieces_and_mats_split_the_catalog() -> None:
    matched = {m.key: m.piece_id for m in mats_for("noah", SAMPLE)}
    hands = {f"hand{seat}": None for seat in range(1, 6)}  # the sample has no hand mats
    assert matched == {"pentagon": "BOARD", **hands}
    printed = {c.id for c in pieces_for("noah", SAMPLE)}
    assert "SCORE" in printed and "BOARD" not in printed and "BA" not in printed


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_fit_nine_to_a_sheet(paper: str) -> None:
    settings = Settings(paper=paper)
    from printables.cards import grid_for

    grid = grid_for(settings, *settings.piece_mm["card"])
    assert (grid.columns, grid.rows) == (3, 3)
    assert grid.left >= settings.sheet.margin_mm and grid.top >= settings.sheet.margin_mm


@pytest.mark.parametrize("labels", ["l7160", "5160"])
def test_commercial_label_sheets_decode(labels: str) -> None:
    paper = "a4" if labels == "l7160" else "letter"
    pages = rasterize(
        build_pdf(Job("noah", "stickers", Settings(paper=paper, labels=labels), SAMPLE))
    )
    texts = [r.text for page in pages for r in decode_page(page)]
    ids = {payload.decode(t, catalog=SAMPLE).piece_id for t in texts}
    expected = {c.id for c in pieces_for("noah", SAMPLE)} | {
        b.id for b in backs_of(SAMPLE).values()
    }
    assert ids == expected


def glyph_catalog() -> Catalog:
    """Noah's catalog once its engine has one (the issue's card sheet), else the sample."""
    return catalog_for("noah") if "noah" in catalog_games() else SAMPLE


def test_chinese_names_are_drawn_not_tofu(tmp_path: Path) -> None:
    fonts = system_fonts()
    assert fonts.cjk is not None, "install fonts-wqy-microhei (.ci/run does)"
    catalog = glyph_catalog()
    for comp in catalog:
        assert covers(fonts.cjk, comp.names["zh-Hant"]), comp.names["zh-Hant"]
    assert not covers(fonts.cjk, "\U0010fffe")
    # the card sheet, saved as PNG, shows the species name as the font draws it
    settings = Settings()
    png = tmp_path / "noah-cards.png"
    render(Job("noah", "cards", settings, catalog), fonts=fonts)[0].image.save(png)
    sheet = np.array(Image.open(png).convert("L"))
    first = next(c for c in catalog if c.kind == "card")
    name = first.names["zh-Hant"]
    font = fonts.font(settings.px(4.5), chinese=True)
    probe = Image.new("L", (int(font.getlength(name)) + 8, settings.px(7)), 255)
    ImageDraw.Draw(probe).text((4, 4), name, font=font, fill=0)
    assert cv2.matchTemplate(sheet, np.array(probe), cv2.TM_CCOEFF_NORMED).max() > 0.9
    tofu = Image.new("L", probe.size, 255)
    ImageDraw.Draw(tofu).text((4, 4), "\U0010fffe" * len(name), font=font, fill=0)
    assert cv2.matchTemplate(sheet, np.array(tofu), cv2.TM_CCOEFF_NORMED).max() < 0.8


def test_without_a_cjk_font_it_warns_and_prints_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_CJK_FONT", "none")
    with pytest.warns(MissingFontWarning, match="English text only"):
        fonts = system_fonts()
    assert fonts.cjk is None
    english = render(Job("noah", "cards", Settings(), SAMPLE), fonts=fonts)[0].image
    with_cjk = render(
        Job("noah", "cards", Settings(), SAMPLE), fonts=Fonts(fonts.latin, fonts.cjk)
    )[0].image
    assert english.tobytes() == with_cjk.tobytes()
    monkeypatch.delenv("COMPANION_CJK_FONT")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        chinese = render(Job("noah", "cards", Settings(), SAMPLE), fonts=system_fonts())[0].image
    assert chinese.tobytes() != english.tobytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mat_tiles_on_both_papers(paper: str) -> None:
    settings = Settings(paper=paper)
    for mat in all_mats():
        plan = tiling(mat, settings)
        assert plan.xs[0] == 0 and plan.xs[-1] == mat.width_mm
        assert plan.ys[0] == 0 and plan.ys[-1] == mat.height_mm
        for lo, hi in zip(plan.xs, plan.xs[1:], strict=False):  # every marker whole on one sheet
            for marker in mat.markers:
                x0, x1 = marker.corners[0][0], marker.corners[1][0]
                assert x1 <= lo or x0 >= hi or (lo <= x0 and x1 <= hi)


def test_cli_prints_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cal.pdf"
    assert (
        main(["print", "noah", "--what", "calibration", "--paper", "letter", "-o", str(out)]) == 0
    )
    assert out.read_bytes().startswith(b"%PDF-1.4")
    captured = capsys.readouterr()
    assert '"bytes"' in captured.out and "] 1/1" in captured.err
    river = tmp_path / "river.pdf"
    assert main(["print", "niagara", "--what", "mats", "--quiet", "-o", str(river)]) == 0
    sheets = sum(tiling(m, Settings()).count for m in mats_of("niagara"))
    assert river.read_bytes().count(b"/Type /Page ") == sheets > 0
    assert main(["print", "chess", "-o", str(out)]) == 2
    assert main(["print", "noah", "--tag-mm", "card=3", "-o", str(out)]) == 2
    assert main(["print", "noah", "--labels", "l7160", "--paper", "letter", "-o", str(out)]) == 2
    assert "l7160 labels come on a4 paper" in capsys.readouterr().err


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_sheet_markers_sit_where_the_frame_says(paper: str) -> None:
    settings = Settings(paper=paper)
    pages = rasterize(build_pdf(Job("noah", "calibration", settings, SAMPLE)))
    expected = {m.id: np.float32(m.corners) for m in calibration_markers()}
    sizes = set()
    for page in pages:
        found = find_markers(page)
        assert set(found) == set(expected)
        for marker_id, quad in found.items():
            assert np.abs(quad * 25.4 / 300 - expected[marker_id]).max() < 0.5
        sizes |= {payload.decode(r.text).piece_id for r in decode_page(page)}
    assert sizes == {c.id for c in payload.CALIBRATION_CATALOG}


@pytest.mark.parametrize("game", GAMES)
def test_the_cjk_font_draws_every_chinese_name(game: str) -> None:
    fonts = system_fonts()
    assert fonts.cjk is not None
    missing = {
        comp.id: comp.names["zh-Hant"]
        for comp in catalog_for(game)
        if not covers(fonts.cjk, comp.names.get("zh-Hant", ""))
    }
    assert missing == {}
