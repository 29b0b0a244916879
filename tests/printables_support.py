"""Shared helpers of the printables tests: a sample catalog and a PDF rasterizer.

The sample catalog is small and exercises what real catalogs may hold: cards
with a gender, a back that names what it backs, a board without mat geometry,
tokens and a mat that matches a layout by its name.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np
import zxingcpp
from PIL import Image

import engines
from engines.core import Catalog, Component
from printables import payload
from printables.mats import ARUCO_DICTIONARY

RASTER_DPI = 300


def sample_catalog() -> Catalog:
    """A small Noah-like catalog (game ``noah``): 11 animal cards, 3 ferries, 2 backs."""
    species = [("Giraffe", "長頸鹿", 8), ("Elephant", "大象", 10), ("Panda", "熊貓", 4)]
    comps = []
    for i in range(11):
        en, zh, weight = species[i % 3]
        comps.append(
            Component(
                f"A{i}",
                "card",
                {"en": en, "zh-Hant": zh},
                {"weight": weight, "gender": "male" if i % 2 else "female", "tears": i % 4},
            )
        )
    comps += [
        Component(f"F{i}", "card", {"en": "Ferry", "zh-Hant": "渡船"}, {"capacity": 21})
        for i in range(3)
    ]
    comps.append(Component("BA", "back", {"en": "Animal back", "zh-Hant": "動物背面"}))
    comps.append(
        Component(
            "BF", "back", {"en": "Ferry back", "zh-Hant": "渡船背面"}, {"for": ["F0", "F1", "F2"]}
        )
    )
    comps.append(Component("P", "token", {"en": "Noah pawn", "zh-Hant": "諾亞"}))
    comps.append(Component("BOARD", "board", {"en": "Noah board", "zh-Hant": "圖板"}))
    comps.append(Component("SCORE", "board", {"en": "Score track", "zh-Hant": "計分軌"}))
    return Catalog("noah", comps)


def catalog_games() -> list[str]:
    """Every registered game whose engine exposes a catalog."""
    return sorted(g for g in engines.GAMES if payload.catalog_of(g) is not None)


def rasterize(pdf: bytes, dpi: int = RASTER_DPI) -> list[np.ndarray]:
    """The pages of ``pdf`` as greyscale arrays, rendered by poppler's ``pdftoppm``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray", str(path), str(Path(tmp) / "page")],
            check=True,
            capture_output=True,
        )
        return [np.array(Image.open(p)) for p in sorted(Path(tmp).glob("page*.pgm"))]


def decode_page(page: np.ndarray) -> list[zxingcpp.Result]:
    """Every QR symbol zxing-cpp finds on a page."""
    return list(zxingcpp.read_barcodes(page, formats=zxingcpp.BarcodeFormat.QRCode))


def find_markers(image: np.ndarray, scale: float = 1.0) -> dict[int, np.ndarray]:
    """ArUco markers of the mats' dictionary: id to its corners (4, 2) in ``image`` pixels.

    ``scale`` < 1 detects on a smaller copy (markers are large; it is faster).
    """
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    small = image
    if scale != 1.0:
        small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners, ids, _ = detector.detectMarkers(small)
    if ids is None:
        return {}
    return {
        int(i): quad.reshape(4, 2) / scale for quad, i in zip(corners, ids.ravel(), strict=True)
    }
